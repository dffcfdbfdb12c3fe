import {
  type LookupQuery,
  type LookupRecord,
  lookupRowDisabled,
  maskPhone,
  MSG,
  type Page,
  TAG_TYPES,
} from '@fieldpay/domain';
import { and, asc, count, countDistinct, eq, inArray, min, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { unsafeAcrossTenants } from '../../db/scope';
import { enterpriseMembers, enterprises, labels, tags, tenants, users } from '../../db/schema';
import { fail } from '../../core/errors';
import type { Principal } from '../../platform/auth/sessions';
import { contains, joinParts, pageOf } from '../../platform/lookups/query';
import { enterpriseScope, equalsIfGiven, tenantScope, tenantsIn } from '../../core/tenancy';
import { visibleTenantIds } from '../../platform/tenants/service';

/** Enterprises in scope; an enterprise user finds only its own enterprise on the session's tenant. */
export async function lookupEnterprises(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'enterprise'>,
): Promise<Page<LookupRecord<'enterprise'>>> {
  const where = and(
    principal.side === 'enterprise'
      ? and(eq(enterprises.tenantId, principal.tenantId), eq(enterprises.id, principal.enterpriseId ?? -1))
      : tenantScope(principal, enterprises.tenantId, query.tenantId),
    contains(enterprises.name, query.name),
    equalsIfGiven(enterprises.status, query.status),
  );
  return pageOf(
    query,
    () => db.$count(enterprises, where),
    (limit, offset) =>
      db
        .select({
          id: enterprises.id,
          name: enterprises.name,
          enterpriseSn: enterprises.enterpriseSn,
          tenantId: enterprises.tenantId,
          tenantName: tenants.name,
          status: enterprises.status,
        })
        .from(enterprises)
        .innerJoin(tenants, eq(tenants.id, enterprises.tenantId))
        .where(where)
        .orderBy(asc(enterprises.id))
        .limit(limit)
        .offset(offset),
    (row) => ({
      ...row,
      value: row.id,
      label: row.name,
      description: joinParts(row.enterpriseSn, row.tenantName),
      disabled: lookupRowDisabled('enterprise', row.status, query.status),
    }),
  );
}

/**
 * An enterprise account works on several tenants, so what it reads of its own tenants crosses the
 * wall of the session's one; the platform side stays within its scope.
 */
const acrossOwnTenants = <T>(principal: Principal, db: DbOrTx, reason: string, work: (db: DbOrTx) => Promise<T>) =>
  principal.side === 'enterprise' ? unsafeAcrossTenants(reason, work) : work(db);

export const lookupEnterpriseTenants = (
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'enterpriseTenant'>,
): Promise<Page<LookupRecord<'enterpriseTenant'>>> =>
  acrossOwnTenants(principal, db, 'lookup: the company on the tenants the account works on', (tx) =>
    lookupEnterpriseTenantsWithin(tx, principal, query),
  );

/**
 * The tenants an enterprise (the company, known by its credit code) works on, within the
 * principal's tenants. Enterprise users default to their own enterprise; the platform side must
 * name one.
 */
async function lookupEnterpriseTenantsWithin(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'enterpriseTenant'>,
): Promise<Page<LookupRecord<'enterpriseTenant'>>> {
  const enterpriseId = query.enterpriseId ?? (principal.side === 'enterprise' ? principal.enterpriseId : null);
  if (enterpriseId === null || enterpriseId === undefined) throw fail.validation(MSG.chooseEnterpriseFirst);
  const scope = await visibleTenantIds(db, principal);
  const ownRows =
    principal.side === 'enterprise'
      ? db
          .select({ id: enterpriseMembers.enterpriseId })
          .from(enterpriseMembers)
          .where(eq(enterpriseMembers.userId, principal.userId))
      : undefined;
  // the company's credit code, read only from an enterprise row the principal may see
  const company = db
    .select({ taxNumber: enterprises.taxNumber })
    .from(enterprises)
    .where(
      and(
        eq(enterprises.id, enterpriseId),
        tenantsIn(enterprises.tenantId, scope),
        ownRows ? inArray(enterprises.id, ownRows) : undefined,
      ),
    );
  const where = and(
    inArray(enterprises.taxNumber, company),
    tenantsIn(tenants.id, scope),
    contains(tenants.name, query.name),
    equalsIfGiven(tenants.status, query.status),
  );
  const base = () => db.select().from(tenants).innerJoin(enterprises, eq(enterprises.tenantId, tenants.id));
  return pageOf(
    query,
    async () =>
      (
        await db
          .select({ n: count() })
          .from(tenants)
          .innerJoin(enterprises, eq(enterprises.tenantId, tenants.id))
          .where(where)
      )[0].n,
    async (limit, offset) =>
      (await base().where(where).orderBy(asc(tenants.id)).limit(limit).offset(offset)).map((row) => ({
        id: row.tenants.id,
        name: row.tenants.name,
        company: row.tenants.company,
        contracts: row.tenants.contracts,
        status: row.tenants.status,
        enterpriseId: row.enterprises.id,
      })),
    (row) => ({
      ...row,
      value: row.id,
      label: row.name,
      description: row.company,
      disabled: lookupRowDisabled('enterpriseTenant', row.status, query.status),
    }),
  );
}

/**
 * Login accounts of enterprises, one record per user; a user on several tenants is named by
 * the first enterprise in scope. Login numbers are phones, so they go out masked.
 */
export async function lookupEnterpriseAccounts(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'enterpriseAccount'>,
): Promise<Page<LookupRecord<'enterpriseAccount'>>> {
  const where = and(
    enterpriseScope(principal, enterpriseMembers.tenantId, enterpriseMembers.enterpriseId),
    contains(users.realname, query.realName),
  );
  return pageOf(
    query,
    async () =>
      (
        await db
          .select({ n: countDistinct(users.id) })
          .from(users)
          .innerJoin(enterpriseMembers, eq(enterpriseMembers.userId, users.id))
          .where(where)
      )[0].n,
    (limit, offset) =>
      db
        .select({
          id: users.id,
          realName: users.realname,
          account: users.username,
          enterpriseId: min(enterprises.id).mapWith(Number),
          enterpriseName: min(enterprises.name),
        })
        .from(users)
        .innerJoin(enterpriseMembers, eq(enterpriseMembers.userId, users.id))
        .innerJoin(enterprises, eq(enterprises.id, enterpriseMembers.enterpriseId))
        .where(where)
        .groupBy(users.id)
        .orderBy(asc(users.id))
        .limit(limit)
        .offset(offset),
    (row) => {
      const account = maskPhone(row.account);
      const enterpriseName = row.enterpriseName ?? '';
      return {
        id: row.id,
        realName: row.realName,
        account,
        enterpriseId: row.enterpriseId,
        enterpriseName,
        value: row.id,
        label: row.realName,
        description: joinParts(account, enterpriseName),
      };
    },
  );
}

export const lookupTags = (
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'tag'>,
): Promise<Page<LookupRecord<'tag'>>> =>
  acrossOwnTenants(principal, db, 'lookup: tags of the tenants the enterprise account works on', (tx) =>
    lookupTagsWithin(tx, principal, query),
  );

/** Tags of a tenant. Enterprise users are limited to the tenants they work on (spec 1 §6). */
async function lookupTagsWithin(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'tag'>,
): Promise<Page<LookupRecord<'tag'>>> {
  const scope: SQL | undefined =
    principal.side === 'enterprise'
      ? and(
          tenantsIn(tags.tenantId, await visibleTenantIds(db, principal)),
          equalsIfGiven(tags.tenantId, query.tenantId),
        )
      : tenantScope(principal, tags.tenantId, query.tenantId);
  const where = and(scope, contains(tags.tag, query.tag), equalsIfGiven(tags.type, query.type));
  return pageOf(
    query,
    () => db.$count(tags, where),
    (limit, offset) =>
      db
        .select({ id: tags.id, tag: tags.tag, type: tags.type, tenantId: tags.tenantId })
        .from(tags)
        .where(where)
        .orderBy(asc(tags.id))
        .limit(limit)
        .offset(offset),
    (row) => ({
      ...row,
      value: row.id,
      label: row.tag,
      description: TAG_TYPES[row.type as keyof typeof TAG_TYPES] ?? '',
    }),
  );
}

/** An enterprise's own labels. */
export async function lookupLabels(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'label'>,
): Promise<Page<LookupRecord<'label'>>> {
  const where = and(
    enterpriseScope(principal, labels.tenantId, labels.enterpriseId),
    contains(labels.name, query.name),
  );
  return pageOf(
    query,
    () => db.$count(labels, where),
    (limit, offset) =>
      db
        .select({ id: labels.id, name: labels.name, enterpriseId: labels.enterpriseId })
        .from(labels)
        .where(where)
        .orderBy(asc(labels.id))
        .limit(limit)
        .offset(offset),
    (row) => ({ ...row, value: row.id, label: row.name }),
  );
}
