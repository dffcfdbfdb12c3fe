/**
 * 成员账号 (decision 0023): the enterprise accounts of one enterprise. Who: on the enterprise side a
 * member holding the codes, for their own enterprise only; on the platform side the operator (every
 * tenant) and tenant staff holding the codes (their own tenant's enterprises). Rules: another
 * enterprise's or tenant's ids find nothing; nobody hands out a role beyond their own rights, changes
 * their own role or manages a member holding more than they do; a membership is disabled in its
 * enterprise only; a password spans every enterprise the account works in, so only a caller whose
 * scope covers them all resets it. Every change is audited.
 */
import {
  maskPhone,
  MEMBER_MSG,
  MEMBER_STATUS_DISABLED,
  MEMBER_STATUS_ENABLED,
  type MemberRecord,
} from '@fieldpay/domain';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { fail } from '../../core/errors';
import { isPlatformOperator, tenantScope } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { unsafeAcrossTenants } from '../../db/scope';
import { enterpriseMembers, enterprises, roles, tenants, users } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { hashPassword } from '../../platform/auth/passwords';
import { contains } from '../../platform/lookups/query';
import { grantsOf, heldBy, oneTimePassword, type StaffCaller, within } from '../../platform/staff/service';
import { writeAudit } from '../../platform/system/audit';
import { BUILT_IN_ROLE_CODES } from '../../seed/reference';

export type MemberCaller = StaffCaller;

interface TargetEnterprise {
  id: number;
  tenantId: number;
  status: number;
}

/**
 * The enterprise a call works on: the session's own on the enterprise side (another id finds
 * nothing), the named one of the caller's tenants on the platform side.
 */
export async function targetEnterprise(
  db: DbOrTx,
  principal: Principal,
  asked: number | undefined,
): Promise<TargetEnterprise> {
  let id: number;
  if (principal.side === 'enterprise') {
    if (principal.enterpriseId === null || (asked !== undefined && asked !== principal.enterpriseId)) {
      throw fail.notFound(MEMBER_MSG.enterpriseMissing);
    }
    id = principal.enterpriseId;
  } else {
    if (asked === undefined) throw fail.validation(MEMBER_MSG.enterpriseRequired);
    id = asked;
  }
  const [row] = await db
    .select({ id: enterprises.id, tenantId: enterprises.tenantId, status: enterprises.status })
    .from(enterprises)
    .where(and(eq(enterprises.id, id), tenantScope(principal, enterprises.tenantId)));
  if (!row) throw fail.notFound(MEMBER_MSG.enterpriseMissing);
  return row;
}

/** The enterprises other than this one that each account works in (memberships on other tenants are beyond the wall). */
async function otherMemberships(userIds: number[], enterpriseId: number) {
  if (userIds.length === 0) return [];
  return unsafeAcrossTenants('members: the other enterprises an account works in', (tx) =>
    tx
      .select({
        userId: enterpriseMembers.userId,
        enterpriseId: enterpriseMembers.enterpriseId,
        tenantId: enterpriseMembers.tenantId,
      })
      .from(enterpriseMembers)
      .where(and(inArray(enterpriseMembers.userId, userIds), ne(enterpriseMembers.enterpriseId, enterpriseId))),
  );
}

export async function listMembers(
  db: DbOrTx,
  principal: Principal,
  query: { pageNo: number; pageSize: number; enterpriseId?: number; keyword?: string; status?: number },
) {
  const enterprise = await targetEnterprise(db, principal, query.enterpriseId);
  const keyword = query.keyword
    ? or(contains(users.username, query.keyword), contains(users.realname, query.keyword))
    : undefined;
  const where = and(
    eq(enterpriseMembers.enterpriseId, enterprise.id),
    eq(enterpriseMembers.tenantId, enterprise.tenantId),
    query.status === undefined ? undefined : eq(enterpriseMembers.status, query.status),
  );
  const page = await paged(db, query, {
    from: sql`${enterpriseMembers} inner join ${users} on ${eq(users.id, enterpriseMembers.userId)}`,
    where: and(where, keyword),
    key: enterpriseMembers.userId,
    orderBy: [[enterpriseMembers.userId, 'asc']],
    rows: (page) =>
      db
        .select({
          id: users.id,
          username: users.username,
          realname: users.realname,
          userStatus: users.status,
          mustChangePassword: users.mustChangePassword,
          createdAt: users.createdAt,
          status: enterpriseMembers.status,
          roleId: enterpriseMembers.roleId,
          roleName: roles.name,
          enterpriseName: enterprises.name,
          tenantId: tenants.id,
          tenantName: tenants.name,
          ...page.columns,
        })
        .from(enterpriseMembers)
        .innerJoin(users, eq(users.id, enterpriseMembers.userId))
        .innerJoin(roles, eq(roles.id, enterpriseMembers.roleId))
        .innerJoin(enterprises, eq(enterprises.id, enterpriseMembers.enterpriseId))
        .innerJoin(tenants, eq(tenants.id, enterpriseMembers.tenantId))
        .where(and(eq(enterpriseMembers.enterpriseId, enterprise.id), inArray(enterpriseMembers.userId, page.keys)))
        .orderBy(...page.orderBy),
    toRecord: (row) => row,
  });
  const others = await otherMemberships(
    page.records.map((r) => r.id),
    enterprise.id,
  );
  const records: MemberRecord[] = page.records.map((row) => ({
    id: row.id,
    enterpriseId: enterprise.id,
    enterpriseName: row.enterpriseName,
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    username: row.username,
    realname: row.realname,
    roleId: row.roleId,
    roleName: row.roleName,
    status: row.userStatus === 1 ? row.status : MEMBER_STATUS_DISABLED,
    mustChangePassword: row.mustChangePassword === 1,
    otherEnterprises: others.filter((o) => o.userId === row.id).length,
    createTime: row.createdAt.getTime(),
  }));
  return { ...page, records };
}

/**
 * The roles a member of this enterprise may hold: the tenant's shared enterprise roles (the built-in
 * 企业管理员) and the enterprise's own (decision 0029), never another enterprise's.
 */
const rolesOfEnterprise = (enterprise: TargetEnterprise) =>
  and(
    eq(roles.tenantId, enterprise.tenantId),
    eq(roles.side, 'enterprise'),
    or(isNull(roles.enterpriseId), eq(roles.enterpriseId, enterprise.id)),
  );

/** The enterprise's roles; an enterprise caller only those within their own rights. */
async function enterpriseRoles(db: DbOrTx, caller: MemberCaller, enterprise: TargetEnterprise) {
  const rows = await db
    .select({ id: roles.id, name: roles.name, code: roles.code, enterpriseId: roles.enterpriseId })
    .from(roles)
    .where(rolesOfEnterprise(enterprise))
    .orderBy(asc(roles.id));
  if (caller.principal.side !== 'enterprise') return rows;
  const held = await heldBy(caller);
  const allowed = [];
  for (const row of rows) if (within(held, await grantsOf(db, [row.id]))) allowed.push(row);
  return allowed;
}

export async function memberRoleOptions(db: DbOrTx, caller: MemberCaller, enterpriseId: number | undefined) {
  const enterprise = await targetEnterprise(db, caller.principal, enterpriseId);
  const rows = await enterpriseRoles(db, caller, enterprise);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    builtIn: BUILT_IN_ROLE_CODES.has(row.code) || row.enterpriseId === null,
  }));
}

/** A role of the enterprise (shared or its own) the caller may hand out; another enterprise's finds nothing. */
async function assignableRole(db: DbOrTx, caller: MemberCaller, enterprise: TargetEnterprise, roleId: number) {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.id, roleId), rolesOfEnterprise(enterprise)));
  if (!role) throw fail.notFound(MEMBER_MSG.roleMissing);
  if (caller.principal.side === 'enterprise' && !within(await heldBy(caller), await grantsOf(db, [roleId]))) {
    throw fail.forbidden(MEMBER_MSG.grantBeyondOwn);
  }
  return role.id;
}

/** A member of the enterprise, locked for the change; another enterprise's account finds nothing. */
async function lockedMember(db: DbOrTx, enterprise: TargetEnterprise, userId: number) {
  const [row] = await db
    .select()
    .from(enterpriseMembers)
    .where(
      and(
        eq(enterpriseMembers.userId, userId),
        eq(enterpriseMembers.enterpriseId, enterprise.id),
        eq(enterpriseMembers.tenantId, enterprise.tenantId),
      ),
    )
    .for('update');
  if (!row) throw fail.notFound(MEMBER_MSG.missing);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw fail.notFound(MEMBER_MSG.missing);
  return { membership: row, user };
}

/**
 * Whether the caller's scope covers every enterprise the account works in: what the account itself
 * carries (its password, its name) is changed only then. The operator covers every account, tenant
 * staff an account of their tenant's enterprises alone, an enterprise's administrator an account of
 * theirs alone.
 */
async function coversAccount(principal: Principal, userId: number, enterpriseId: number): Promise<boolean> {
  if (isPlatformOperator(principal)) return true;
  const others = await otherMemberships([userId], enterpriseId);
  return principal.side === 'platform' ? others.every((o) => o.tenantId === principal.tenantId) : others.length === 0;
}

/** Someone else, whose role lies within the caller's rights (enterprise side; the platform side administers every member). */
async function assertManageable(
  db: DbOrTx,
  caller: MemberCaller,
  target: { userId: number; roleId: number },
  ownMessage: string,
) {
  if (caller.principal.side !== 'enterprise') return;
  if (target.userId === caller.principal.userId) throw fail.forbidden(ownMessage);
  if (!within(await heldBy(caller), await grantsOf(db, [target.roleId]))) {
    throw fail.forbidden(MEMBER_MSG.manageBeyondOwn);
  }
}

export async function addMember(
  db: DbOrTx,
  caller: MemberCaller,
  input: { enterpriseId?: number; username: string; realname: string; roleId: number },
): Promise<{ id: number; password: string | null }> {
  const enterprise = await targetEnterprise(db, caller.principal, input.enterpriseId);
  if (enterprise.status !== 1) throw fail.rule(MEMBER_MSG.enterpriseDisabled);
  const roleId = await assignableRole(db, caller, enterprise, input.roleId);
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  // enterprise accounts belong to no tenant: the account row is written beyond the wall, with its
  // membership in the enterprise checked above, in one transaction
  return unsafeAcrossTenants('members: add an enterprise account or its membership', async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        side: 'enterprise',
        username: input.username,
        realname: input.realname,
        phone: input.username,
        passwordHash,
        mustChangePassword: 1,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const userId =
      created?.id ??
      (
        await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.side, 'enterprise'), eq(users.username, input.username)))
      )[0].id;
    // one enterprise per tenant for an account: a second add (or a double submit) is refused
    const [member] = await tx
      .insert(enterpriseMembers)
      .values({ userId, enterpriseId: enterprise.id, tenantId: enterprise.tenantId, roleId })
      .onConflictDoNothing()
      .returning({ userId: enterpriseMembers.userId });
    if (!member) throw fail.conflict(MEMBER_MSG.alreadyMember);
    await writeAudit(tx, caller.actor, {
      action: created ? 'member.add' : 'member.join',
      targetType: 'user',
      targetId: userId,
      after: {
        enterpriseId: enterprise.id,
        username: maskPhone(input.username),
        realname: created ? input.realname : undefined,
        roleId,
      },
    });
    return { id: userId, password: created ? password : null };
  });
}

export async function editMember(
  db: DbOrTx,
  caller: MemberCaller,
  input: { enterpriseId?: number; id: number; realname: string; roleId: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const enterprise = await targetEnterprise(tx, caller.principal, input.enterpriseId);
    const { membership, user } = await lockedMember(tx, enterprise, input.id);
    const roleChanges = membership.roleId !== input.roleId;
    if (membership.userId === caller.principal.userId && caller.principal.side === 'enterprise') {
      if (roleChanges) throw fail.forbidden(MEMBER_MSG.ownRoles);
    } else {
      await assertManageable(tx, caller, membership, MEMBER_MSG.ownRoles);
    }
    if (roleChanges) {
      await assignableRole(tx, caller, enterprise, input.roleId);
      await tx
        .update(enterpriseMembers)
        .set({ roleId: input.roleId })
        .where(and(eq(enterpriseMembers.userId, user.id), eq(enterpriseMembers.enterpriseId, enterprise.id)));
    }
    if (user.realname !== input.realname) {
      if (!(await coversAccount(caller.principal, user.id, enterprise.id))) throw fail.forbidden(MEMBER_MSG.sharedName);
      await tx.update(users).set({ realname: input.realname }).where(eq(users.id, user.id));
    }
    await writeAudit(tx, caller.actor, {
      action: 'member.edit',
      targetType: 'user',
      targetId: user.id,
      before: { enterpriseId: enterprise.id, realname: user.realname, roleId: membership.roleId },
      after: { enterpriseId: enterprise.id, realname: input.realname, roleId: input.roleId },
    });
  });
  caller.access.invalidate();
}

export async function setMemberStatus(
  db: DbOrTx,
  caller: MemberCaller,
  input: { enterpriseId?: number; id: number; status: 1 | 2 },
): Promise<{ enterpriseId: number; changed: boolean }> {
  return db.transaction(async (tx) => {
    const enterprise = await targetEnterprise(tx, caller.principal, input.enterpriseId);
    const { membership } = await lockedMember(tx, enterprise, input.id);
    await assertManageable(tx, caller, membership, MEMBER_MSG.ownStatus);
    if (membership.status === input.status) return { enterpriseId: enterprise.id, changed: false };
    await tx
      .update(enterpriseMembers)
      .set({ status: input.status })
      .where(and(eq(enterpriseMembers.userId, input.id), eq(enterpriseMembers.enterpriseId, enterprise.id)));
    await writeAudit(tx, caller.actor, {
      action: input.status === MEMBER_STATUS_ENABLED ? 'member.enable' : 'member.disable',
      targetType: 'user',
      targetId: input.id,
      before: { enterpriseId: enterprise.id, status: membership.status },
      after: { enterpriseId: enterprise.id, status: input.status },
    });
    return { enterpriseId: enterprise.id, changed: true };
  });
}

/**
 * A new one-time password for a member. The password opens every enterprise the account works in, so
 * the caller's scope must cover them all: an enterprise's administrator only an account of theirs
 * alone, tenant staff an account of their tenant's enterprises alone, the operator any.
 */
export async function resetMemberPassword(
  db: DbOrTx,
  caller: MemberCaller,
  input: { enterpriseId?: number; id: number },
): Promise<{ id: number; password: string }> {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const enterprise = await targetEnterprise(tx, caller.principal, input.enterpriseId);
    const { membership } = await lockedMember(tx, enterprise, input.id);
    await assertManageable(tx, caller, membership, MEMBER_MSG.ownPassword);
    if (!(await coversAccount(caller.principal, input.id, enterprise.id)))
      throw fail.forbidden(MEMBER_MSG.sharedPassword);
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: 1, passwordChangedAt: new Date() })
      .where(eq(users.id, input.id));
    await writeAudit(tx, caller.actor, {
      action: 'member.resetPassword',
      targetType: 'user',
      targetId: input.id,
      after: { enterpriseId: enterprise.id },
    });
  });
  return { id: input.id, password };
}

/** Checks and audits a forced logout; the caller then revokes the member's sessions in the enterprise. */
export async function forceLogoutMember(
  db: DbOrTx,
  caller: MemberCaller,
  input: { enterpriseId?: number; id: number },
): Promise<{ enterpriseId: number }> {
  return db.transaction(async (tx) => {
    const enterprise = await targetEnterprise(tx, caller.principal, input.enterpriseId);
    const { membership } = await lockedMember(tx, enterprise, input.id);
    await assertManageable(tx, caller, membership, MEMBER_MSG.ownLogout);
    await writeAudit(tx, caller.actor, {
      action: 'member.forceLogout',
      targetType: 'user',
      targetId: input.id,
      after: { enterpriseId: enterprise.id },
    });
    return { enterpriseId: enterprise.id };
  });
}
