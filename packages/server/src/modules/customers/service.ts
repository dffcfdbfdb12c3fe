import {
  CUSTOMER_TYPES,
  type LookupQuery,
  type LookupRecord,
  type Page,
  type WorkLocationRecord,
} from '@fieldpay/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { customers, organisations } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { contains, joinParts } from '../../platform/lookups/query';
import { enterpriseScope, equalsIfGiven } from '../../core/tenancy';

const customerTypeName = (code: string): string => CUSTOMER_TYPES[code as keyof typeof CUSTOMER_TYPES] ?? code;

/** A terminal's name, type, review status and division, as its lists show them. */
const terminalColumns = {
  id: organisations.id,
  orgName: organisations.orgName,
  orgType: organisations.orgType,
  auditStatus: organisations.auditStatus,
  province: organisations.province,
  city: organisations.city,
  area: organisations.area,
};

/** Terminals (organisations) of the enterprises in scope. */
export async function lookupOrganisations(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'organisation'>,
): Promise<Page<LookupRecord<'organisation'>>> {
  const where = and(
    enterpriseScope(principal, organisations.tenantId, organisations.enterpriseId),
    contains(organisations.orgName, query.orgName),
    equalsIfGiven(organisations.auditStatus, query.auditStatus),
    equalsIfGiven(organisations.orgType, query.orgType),
    equalsIfGiven(organisations.enterpriseId, query.companyId),
  );
  return paged(db, query, {
    from: organisations,
    where,
    key: organisations.id,
    orderBy: [[organisations.id, 'asc']],
    rows: (page) =>
      db
        .select({
          ...terminalColumns,
          street: organisations.address,
          enterpriseId: organisations.enterpriseId,
          ...page.columns,
        })
        .from(organisations)
        .where(inArray(organisations.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => {
      const address = `${row.province}${row.city}${row.area}${row.street}`;
      const orgTypeName = customerTypeName(row.orgType);
      return {
        id: row.id,
        orgName: row.orgName,
        orgType: row.orgType,
        orgTypeName,
        auditStatus: row.auditStatus,
        address,
        enterpriseId: row.enterpriseId,
        value: row.id,
        label: row.orgName,
        description: joinParts(orgTypeName, address),
      };
    },
  });
}

/** The terminals among `ids` that are the enterprise's: another enterprise's or tenant's never are. */
const terminalsAmong = (owner: { tenantId: number; enterpriseId: number }, ids: readonly number[]) =>
  and(
    eq(organisations.tenantId, owner.tenantId),
    eq(organisations.enterpriseId, owner.enterpriseId),
    inArray(organisations.id, [...ids]),
  );

/**
 * The terminals of one enterprise among `ids`, with their names as stored (the project form's
 * orgList names what it picked; the names kept are these). Ids of another enterprise or tenant,
 * or of no terminal, are left out: the caller compares the count.
 */
export async function organisationsOf(
  db: DbOrTx,
  owner: { tenantId: number; enterpriseId: number },
  ids: readonly number[],
): Promise<{ id: number; orgName: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: organisations.id, orgName: organisations.orgName })
    .from(organisations)
    .where(terminalsAmong(owner, ids));
}

/**
 * A page of the terminals of one enterprise among `ids`, with their addresses (the 工作地点 dialog
 * of a service type). Ids no longer of that enterprise are left out, as organisationsOf does.
 */
export async function organisationLocations(
  db: DbOrTx,
  owner: { tenantId: number; enterpriseId: number },
  ids: readonly number[],
  window: { pageNo: number; pageSize: number },
): Promise<Page<WorkLocationRecord>> {
  if (ids.length === 0) return { records: [], total: 0 };
  return paged(db, window, {
    from: organisations,
    where: terminalsAmong(owner, ids),
    key: organisations.id,
    orderBy: [[organisations.id, 'asc']],
    rows: (page) =>
      db
        .select({
          ...terminalColumns,
          address: organisations.address,
          ...page.columns,
        })
        .from(organisations)
        .where(inArray(organisations.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({ ...row, orgTypeName: customerTypeName(row.orgType) }),
  });
}

/** Customers (doctors, pharmacists, buyers) of the enterprises in scope, with their terminal. */
export async function lookupCustomers(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'customer'>,
): Promise<Page<LookupRecord<'customer'>>> {
  const where = and(
    enterpriseScope(principal, customers.tenantId, customers.enterpriseId),
    contains(customers.cusName, query.cusName),
    equalsIfGiven(customers.auditStatus, query.auditStatus),
    equalsIfGiven(customers.cusType, query.cusType),
  );
  return paged(db, query, {
    from: customers,
    where,
    key: customers.id,
    orderBy: [[customers.id, 'asc']],
    rows: (page) =>
      db
        .select({
          id: customers.id,
          cusName: customers.cusName,
          cusType: customers.cusType,
          orgName: organisations.orgName,
          department: customers.department,
          auditStatus: customers.auditStatus,
          ...page.columns,
        })
        .from(customers)
        .innerJoin(organisations, eq(organisations.id, customers.organisationId))
        .where(inArray(customers.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => {
      const cusTypeName = customerTypeName(row.cusType);
      return {
        ...row,
        cusTypeName,
        value: row.id,
        label: row.cusName,
        description: joinParts(cusTypeName, row.orgName),
      };
    },
  });
}
