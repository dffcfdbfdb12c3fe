/**
 * 平台管理: the platform operator creates, edits, disables and enables tenants (decision 0013).
 * Every call is operator-only by its permission code; tenant 0, the platform itself, is never
 * listed and never changed here.
 */
import {
  MSG,
  type OperationAnswer,
  type TenantAdminRecord,
  TENANT_MSG,
  tenantAddOperation,
  tenantAdminListOperation,
  tenantEditOperation,
  tenantSetStatusOperation,
} from '@fieldpay/domain';
import type { z } from 'zod';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { fail } from '../../core/errors';
import { equalsIfGiven } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { tenants } from '../../db/schema';
import { registerOperation } from '../../http/operation';
import { ensureBuiltInRoles } from '../../seed/reference';
import { principalOf } from '../auth/guards';
import type { RouteDeps } from '../modules';
import { contains } from '../lookups/query';
import { type AuditActor, auditActorOf, writeAudit } from '../system/audit';
import { PLATFORM_TENANT_ID } from '../auth/identity';

type ListInput = z.output<(typeof tenantAdminListOperation)['input']>;
type FormInput = z.output<(typeof tenantAddOperation)['input']>;

export function listTenantsForAdmin(
  db: DbOrTx,
  query: ListInput,
): Promise<OperationAnswer<typeof tenantAdminListOperation>> {
  return paged(db, query, {
    from: tenants,
    where: and(
      ne(tenants.id, PLATFORM_TENANT_ID),
      contains(tenants.name, query.name),
      equalsIfGiven(tenants.status, query.status),
    ),
    key: tenants.id,
    orderBy: [[tenants.id, 'desc']],
    rows: (page) =>
      db
        .select({
          id: tenants.id,
          name: tenants.name,
          company: tenants.company,
          contracts: tenants.contracts,
          status: tenants.status,
          createdAt: tenants.createdAt,
          ...page.columns,
        })
        .from(tenants)
        .where(inArray(tenants.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row): TenantAdminRecord => ({
      id: row.id,
      name: row.name,
      company: row.company,
      contracts: row.contracts,
      status: row.status,
      createTime: row.createdAt.getTime(),
    }),
  });
}

/** The first key of the advisory locks that serialize saves of one tenant name. */
const TENANT_NAME_LOCK_CLASS = 0x544e4d; // 'TNM'

async function assertNameFree(db: DbOrTx, name: string, exceptId?: number) {
  // one name one tenant (unique index tenants_name): two saves of one name wait for each other, so
  // the second sees the first's row and answers 平台名称已存在 rather than failing on the index
  await db.execute(sql`select pg_advisory_xact_lock(${TENANT_NAME_LOCK_CLASS}::int, hashtext(${name}))`);
  const [same] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(eq(tenants.name, name), exceptId === undefined ? undefined : ne(tenants.id, exceptId)));
  if (same) throw fail.conflict(TENANT_MSG.nameTaken);
}

/** A tenant other than the platform itself, locked for the change. */
async function lockedTenant(db: DbOrTx, id: number) {
  if (id === PLATFORM_TENANT_ID) throw fail.notFound(TENANT_MSG.missing);
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).for('update');
  if (!row) throw fail.notFound(TENANT_MSG.missing);
  return row;
}

export async function addTenant(db: DbOrTx, actor: AuditActor, form: FormInput): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, form.name);
    const [row] = await tx
      .insert(tenants)
      .values({ name: form.name, company: form.company, contracts: form.contracts })
      .returning({ id: tenants.id });
    // its 平台管理员 and 企业管理员 roles, as every tenant has
    await ensureBuiltInRoles(tx, row.id);
    await writeAudit(tx, actor, { action: 'tenant.add', targetType: 'tenant', targetId: row.id, after: form });
    return { id: row.id };
  });
}

export async function editTenant(db: DbOrTx, actor: AuditActor, input: FormInput & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedTenant(tx, input.id);
    await assertNameFree(tx, input.name, input.id);
    const after = { name: input.name, company: input.company, contracts: input.contracts };
    await tx.update(tenants).set(after).where(eq(tenants.id, input.id));
    await writeAudit(tx, actor, {
      action: 'tenant.edit',
      targetType: 'tenant',
      targetId: input.id,
      before: { name: before.name, company: before.company, contracts: before.contracts },
      after,
    });
  });
}

export async function setTenantStatus(
  db: DbOrTx,
  actor: AuditActor,
  input: { id: number; status: 0 | 1 },
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const before = await lockedTenant(tx, input.id);
    if (before.status === input.status) return { changed: false };
    await tx.update(tenants).set({ status: input.status }).where(eq(tenants.id, input.id));
    await writeAudit(tx, actor, {
      action: input.status === 0 ? 'tenant.disable' : 'tenant.enable',
      targetType: 'tenant',
      targetId: input.id,
      before: { status: before.status },
      after: { status: input.status },
    });
    return { changed: true };
  });
}

export function registerTenantAdminRoutes({ app, services }: RouteDeps): void {
  const { db } = services.ctx;
  registerOperation(app, tenantAdminListOperation, (input) => listTenantsForAdmin(db, input));
  registerOperation(
    app,
    tenantAddOperation,
    (input, request) => addTenant(db, auditActorOf(principalOf(request), request.ip), input),
    { message: TENANT_MSG.added },
  );
  registerOperation(
    app,
    tenantEditOperation,
    async (input, request) => {
      await editTenant(db, auditActorOf(principalOf(request), request.ip), input);
      return null;
    },
    { message: MSG.saveSuccess },
  );
  registerOperation(
    app,
    tenantSetStatusOperation,
    async (input, request) => {
      const { changed } = await setTenantStatus(db, auditActorOf(principalOf(request), request.ip), input);
      // a disabled tenant's sessions end now, not at their idle timeout
      if (changed && input.status === 0) await services.sessions.revokeAllOfTenant(input.id);
      return null;
    },
    { message: MSG.operationSuccess },
  );
}
