/**
 * 企业账户 (decision 0042): the platform's enterprises, and 新增企业 — the enterprise registered on a
 * platform with its administrator account, made by the members' own service (the one-time password,
 * or an existing account joining), all in the request's one transaction.
 */
import {
  ENTERPRISE_ACCOUNT_MSG,
  type EnterpriseAccountRecord,
  type enterpriseAccountListOperation,
  type enterpriseAddInputSchema,
  maskPhone,
  type Page,
} from '@fieldpay/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import { equalsIfGiven, tenantScope } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { enterprises, roles, tenants } from '../../db/schema';
import { provisionalNumber } from '../../db/row-numbers';
import type { Principal } from '../../platform/auth/sessions';
import { contains } from '../../platform/lookups/query';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import { BUILT_IN_ROLES } from '../../seed/reference-data';
import type { Services } from '../../services';
import { agreementsInForceSql } from '../agreements/enterprise-scope';
import { addMember } from '../members/service';

type ListQuery = z.output<(typeof enterpriseAccountListOperation)['input']>;
type AddInput = z.output<typeof enterpriseAddInputSchema>;

/** 企业账户: the platform's enterprises (the operator: every platform's), newest first. */
export async function listEnterpriseAccounts(
  db: DbOrTx,
  principal: Principal,
  query: ListQuery,
): Promise<Page<EnterpriseAccountRecord>> {
  return paged(db, query, {
    from: enterprises,
    where: and(
      tenantScope(principal, enterprises.tenantId, query.tenantId),
      contains(enterprises.name, query.name),
      contains(enterprises.enterpriseSn, query.enterpriseSn),
      equalsIfGiven(enterprises.status, query.status),
    ),
    key: enterprises.id,
    orderBy: [[enterprises.id, 'desc']],
    rows: (page) =>
      db
        .select({
          id: enterprises.id,
          tenantId: enterprises.tenantId,
          tenantName: tenants.name,
          enterpriseSn: enterprises.enterpriseSn,
          name: enterprises.name,
          taxNumber: enterprises.taxNumber,
          contactPhone: enterprises.contactPhone,
          status: enterprises.status,
          agreements: agreementsInForceSql(enterprises.id, enterprises.tenantId),
          createdAt: enterprises.createdAt,
          ...page.columns,
        })
        .from(enterprises)
        .innerJoin(tenants, eq(tenants.id, enterprises.tenantId))
        .where(inArray(enterprises.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      id: row.id,
      tenantId: row.tenantId,
      tenantName: row.tenantName,
      enterpriseSn: row.enterpriseSn,
      name: row.name,
      taxNumber: row.taxNumber,
      contactPhone: row.contactPhone ? maskPhone(row.contactPhone) : '',
      status: row.status,
      agreements: row.agreements,
      createTime: row.createdAt.getTime(),
    }),
  });
}

/**
 * 新增企业: the enterprise on the platform (one credit code once per platform), then its administrator
 * with the platform's built-in enterprise administrator role; answers the login to hand over.
 */
export async function addEnterpriseAccount(
  services: Services,
  principal: Principal,
  input: AddInput,
  actor: AuditActor,
): Promise<{ id: number; account: string; password: string | null }> {
  const db = services.ctx.db;
  const [tenant] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(eq(tenants.id, input.tenantId), tenantScope(principal, tenants.id)));
  if (!tenant) throw fail.notFound('平台不存在');
  // everything that can refuse is asked before the first write (a refusal keeps what was written)
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.tenantId, tenant.id),
        eq(roles.side, 'enterprise'),
        eq(roles.code, BUILT_IN_ROLES.enterpriseAdmin.code),
      ),
    );
  if (!role) throw fail.rule(ENTERPRISE_ACCOUNT_MSG.adminRoleMissing);
  const [created] = await db
    .insert(enterprises)
    .values({
      tenantId: tenant.id,
      name: input.enterpriseName,
      taxNumber: input.taxNumber,
      address: input.address,
      contactPhone: input.contactPhone,
      contactEmail: input.contactEmail,
      orgCodeTxt: input.taxNumber,
      enterpriseSn: provisionalNumber(),
    })
    .onConflictDoNothing()
    .returning({ id: enterprises.id });
  if (!created) throw fail.conflict(ENTERPRISE_ACCOUNT_MSG.taxNumberTaken);
  // the enterprise number: QY and the row's id (unique without a counter to race on)
  await db
    .update(enterprises)
    .set({ enterpriseSn: sql`'QY' || lpad(${enterprises.id}::text, 6, '0')` })
    .where(eq(enterprises.id, created.id));
  await writeAudit(db, actor, {
    action: 'enterprise.add',
    targetType: 'enterprise',
    targetId: created.id,
    after: { name: input.enterpriseName, taxNumber: input.taxNumber, tenantId: tenant.id },
  });
  const admin = await addMember(
    db,
    { principal, actor, access: services.access },
    { enterpriseId: created.id, username: input.username, realname: input.realname, roleId: role.id },
  );
  return { id: created.id, account: input.username, password: admin.password };
}
