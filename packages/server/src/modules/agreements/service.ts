import { type LookupQuery, type LookupRecord, maskPhone, type Page, PERSON_AGREEMENT_TYPES } from '@fieldpay/domain';
import { and, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { contractEnterprises, contractPersons, contracts, personAgreements, persons } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { contains, joinParts } from '../../platform/lookups/query';
import { enterpriseScope, equalsIfGiven, tenantScope } from '../../core/tenancy';

/**
 * Agreements of the tenants in scope. Enterprise users see their tenant's platform agreements
 * (type 1, no enterprise) and their own project agreements, never another enterprise's.
 */
function contractScope(principal: Principal): SQL | undefined {
  if (principal.side !== 'enterprise') return tenantScope(principal, contracts.tenantId);
  return and(
    eq(contracts.tenantId, principal.tenantId),
    or(isNull(contracts.enterpriseId), eq(contracts.enterpriseId, principal.enterpriseId ?? -1)),
  );
}

export async function lookupContracts(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'contract'>,
): Promise<Page<LookupRecord<'contract'>>> {
  const where = and(
    contractScope(principal),
    contains(contracts.contractName, query.name),
    equalsIfGiven(contracts.type, query.type),
  );
  return paged(db, query, {
    from: contracts,
    where,
    key: contracts.id,
    orderBy: [[contracts.id, 'asc']],
    rows: (page) =>
      db
        .select({
          id: contracts.id,
          name: contracts.contractName,
          contractSn: contracts.contractSn,
          type: contracts.type,
          ...page.columns,
        })
        .from(contracts)
        .where(inArray(contracts.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      ...row,
      value: row.id,
      label: row.name,
      description: joinParts(row.contractSn, PERSON_AGREEMENT_TYPES[row.type as keyof typeof PERSON_AGREEMENT_TYPES]),
    }),
  });
}

/** The signing entities of the enterprises in scope. */
export async function lookupContractEnterprises(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'contractEnterprise'>,
): Promise<Page<LookupRecord<'contractEnterprise'>>> {
  const where = and(
    enterpriseScope(principal, contractEnterprises.tenantId, contractEnterprises.enterpriseId),
    contains(contractEnterprises.name, query.name),
  );
  return paged(db, query, {
    from: contractEnterprises,
    where,
    key: contractEnterprises.id,
    orderBy: [[contractEnterprises.id, 'asc']],
    rows: (page) =>
      db
        .select({
          id: contractEnterprises.id,
          name: contractEnterprises.name,
          taxNumber: contractEnterprises.taxNumber,
          enterpriseId: contractEnterprises.enterpriseId,
          ...page.columns,
        })
        .from(contractEnterprises)
        .where(inArray(contractEnterprises.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({ ...row, value: row.id, label: row.name, description: row.taxNumber }),
  });
}

/** People who may sign for the enterprises in scope; the pickers ask for status 0 (valid). */
export async function lookupContractPersons(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'contractPerson'>,
): Promise<Page<LookupRecord<'contractPerson'>>> {
  const where = and(
    enterpriseScope(principal, contractPersons.tenantId, contractPersons.enterpriseId),
    contains(contractPersons.name, query.name),
    equalsIfGiven(contractPersons.status, query.status),
  );
  return paged(db, query, {
    from: contractPersons,
    where,
    key: contractPersons.id,
    orderBy: [[contractPersons.id, 'asc']],
    rows: (page) =>
      db
        .select({
          id: contractPersons.id,
          name: contractPersons.name,
          phone: contractPersons.phone,
          status: contractPersons.status,
          enterpriseId: contractPersons.enterpriseId,
          ...page.columns,
        })
        .from(contractPersons)
        .where(inArray(contractPersons.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => {
      const phone = maskPhone(row.phone);
      return { ...row, phone, value: row.id, label: row.name, description: phone };
    },
  });
}

/**
 * Natural persons who signed an agreement in scope (enterprise users: their project
 * agreements); loginFlagType narrows by the person's login flag. Phones go out masked.
 */
export async function lookupSigners(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'signer'>,
): Promise<Page<LookupRecord<'signer'>>> {
  const signed = db
    .select({ personId: personAgreements.personId })
    .from(personAgreements)
    .where(
      and(
        isNotNull(personAgreements.signedAt),
        principal.side === 'enterprise'
          ? and(
              eq(personAgreements.tenantId, principal.tenantId),
              eq(personAgreements.enterpriseId, principal.enterpriseId ?? -1),
            )
          : tenantScope(principal, personAgreements.tenantId),
      ),
    );
  const where = and(
    inArray(persons.id, signed),
    contains(persons.name, query.name),
    equalsIfGiven(persons.loginFlag, query.loginFlagType),
  );
  return paged(db, query, {
    from: persons,
    where,
    key: persons.id,
    orderBy: [[persons.id, 'asc']],
    rows: (page) =>
      db
        .select({
          id: persons.id,
          name: persons.name,
          phone: persons.phone,
          loginFlag: persons.loginFlag,
          ...page.columns,
        })
        .from(persons)
        .where(inArray(persons.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => {
      const phone = maskPhone(row.phone);
      return { ...row, phone, value: row.id, label: row.name, description: phone };
    },
  });
}
