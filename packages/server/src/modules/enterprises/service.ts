import {
  ENTERPRISE_INFO_MSG,
  type LookupQuery,
  type LookupRecord,
  lookupRowDisabled,
  maskPhone,
  MSG,
  type Page,
  TAG_TYPES,
} from '@fieldpay/domain';
import { and, eq, inArray, min, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { unsafeAcrossTenants } from '../../db/scope';
import { enterpriseMembers, enterprises, labels, tags, tenants, users } from '../../db/schema';
import { fail } from '../../core/errors';
import type { Principal } from '../../platform/auth/sessions';
import { createNotice, tenantStaffIds } from '../../platform/notices/service';
import { contains, joinParts } from '../../platform/lookups/query';
import { enterpriseScope, equalsIfGiven, tenantScope, tenantsIn } from '../../core/tenancy';
import type { LookupView } from '../../platform/lookups/registry';
import { contactAsSeenBy, visibleTenantIds } from '../../platform/tenants/service';

/**
 * An enterprise the viewer may see, or 企业不存在: enterprise users their own, staff their tenant's,
 * the operator any (an asked tenant narrows every one of them). `lock` holds its row to the transaction's end.
 */
export async function enterpriseInScope(
  db: DbOrTx,
  principal: Principal,
  id: number,
  askedTenantId?: number,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select({
      id: enterprises.id,
      tenantId: enterprises.tenantId,
      name: enterprises.name,
      taxNumber: enterprises.taxNumber,
    })
    .from(enterprises)
    .where(
      and(eq(enterprises.id, id), enterpriseScope(principal, enterprises.tenantId, enterprises.id, askedTenantId)),
    );
  // locked: changes to what the enterprise owns run one after the other
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw fail.notFound(ENTERPRISE_INFO_MSG.notFound);
  return row;
}

/**
 * When the enterprise itself changed its authentication or bank cards on 账户信息 (decision 0043), its
 * platform's staff are told, with a link to its 企业信息: they vouch for who an enterprise is and where it
 * pays from. The platform's own changes tell nobody (they are the platform's).
 */
export async function tellPlatformOfOwnChange(
  db: DbOrTx,
  principal: Principal,
  enterprise: { tenantId: number; id: number; name: string },
  change: string,
): Promise<void> {
  if (principal.side !== 'enterprise') return;
  await createNotice(db, {
    tenantId: enterprise.tenantId,
    userIds: await tenantStaffIds(db, enterprise.tenantId),
    type: 'system',
    title: `企业${change}`,
    content: `${enterprise.name}已在账户信息中${change}，请核对。`,
    bizId: enterprise.id,
    link: `/projectManage/project/enterpriseInfo?id=${enterprise.id}&tenantId=${enterprise.tenantId}`,
  });
}

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
  return paged(db, query, {
    from: enterprises,
    where,
    key: enterprises.id,
    orderBy: [[enterprises.id, 'asc']],
    rows: (page) =>
      db
        .select({
          id: enterprises.id,
          name: enterprises.name,
          enterpriseSn: enterprises.enterpriseSn,
          tenantId: enterprises.tenantId,
          tenantName: tenants.name,
          contactPhone: enterprises.contactPhone,
          status: enterprises.status,
          ...page.columns,
        })
        .from(enterprises)
        .innerJoin(tenants, eq(tenants.id, enterprises.tenantId))
        .where(inArray(enterprises.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      ...row,
      contactPhone: row.contactPhone ? maskPhone(row.contactPhone) : '',
      value: row.id,
      label: row.name,
      description: joinParts(row.enterpriseSn, row.tenantName),
      disabled: lookupRowDisabled('enterprise', row.status, query.status),
    }),
  });
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
  view: LookupView,
): Promise<Page<LookupRecord<'enterpriseTenant'>>> =>
  acrossOwnTenants(principal, db, 'lookup: the company on the tenants the account works on', (tx) =>
    lookupEnterpriseTenantsWithin(tx, principal, query, view),
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
  view: LookupView,
): Promise<Page<LookupRecord<'enterpriseTenant'>>> {
  const contact = contactAsSeenBy(principal, view);
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
  const joined = () => eq(enterprises.tenantId, tenants.id);
  return paged(db, query, {
    // one enterprise row per tenant and credit code, so each tenant comes once
    from: sql`${tenants} inner join ${enterprises} on ${joined()}`,
    where,
    key: tenants.id,
    orderBy: [[tenants.id, 'asc']],
    rows: (page) =>
      db
        .select({
          id: tenants.id,
          name: tenants.name,
          company: tenants.company,
          contracts: tenants.contracts,
          status: tenants.status,
          enterpriseId: enterprises.id,
          ...page.columns,
        })
        .from(tenants)
        .innerJoin(enterprises, joined())
        .where(and(inArray(tenants.id, page.keys), where))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      ...row,
      contracts: contact(row.contracts),
      value: row.id,
      label: row.name,
      description: row.company,
      disabled: lookupRowDisabled('enterpriseTenant', row.status, query.status),
    }),
  });
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
  const member = () => eq(enterpriseMembers.userId, users.id);
  return paged(db, query, {
    // a user with several memberships is one record
    from: sql`${users} inner join ${enterpriseMembers} on ${member()}`,
    where,
    key: users.id,
    distinct: true,
    orderBy: [[users.id, 'asc']],
    rows: (page) =>
      db
        .select({
          id: users.id,
          realName: users.realname,
          account: users.username,
          enterpriseId: min(enterprises.id).mapWith(Number),
          enterpriseName: min(enterprises.name),
          ...page.columns,
        })
        .from(users)
        .innerJoin(enterpriseMembers, member())
        .innerJoin(enterprises, eq(enterprises.id, enterpriseMembers.enterpriseId))
        .where(and(inArray(users.id, page.keys), where))
        .groupBy(users.id)
        .orderBy(...page.orderBy),
    toRecord: (row) => {
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
  });
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
  return paged(db, query, {
    from: tags,
    where,
    key: tags.id,
    orderBy: [[tags.id, 'asc']],
    rows: (page) =>
      db
        .select({ id: tags.id, tag: tags.tag, type: tags.type, tenantId: tags.tenantId, ...page.columns })
        .from(tags)
        .where(inArray(tags.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      ...row,
      value: row.id,
      label: row.tag,
      description: TAG_TYPES[row.type as keyof typeof TAG_TYPES] ?? '',
    }),
  });
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
  return paged(db, query, {
    from: labels,
    where,
    key: labels.id,
    orderBy: [[labels.id, 'asc']],
    rows: (page) =>
      db
        .select({ id: labels.id, name: labels.name, enterpriseId: labels.enterpriseId, ...page.columns })
        .from(labels)
        .where(inArray(labels.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({ ...row, value: row.id, label: row.name }),
  });
}
