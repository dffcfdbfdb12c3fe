import type { LoginUserInfo, Side, TenantRef } from '@fieldpay/domain';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { enterpriseMembers, enterprises, tenants, users } from '../../db/schema';

export const PLATFORM_TENANT_ID = 0;

export interface Membership {
  tenantId: number;
  tenantName: string;
  tenantStatus: number;
  enterpriseId: number | null;
  enterpriseName: string | null;
  orgCodeTxt: string | null;
  logo: string | null;
  enterpriseStatus: number | null;
  /** the enterprise membership's own status (decision 0023); null on the platform side */
  memberStatus: number | null;
}

/** The tenants a user may work in: a platform user's one tenant, an enterprise user's memberships. */
export async function membershipsOf(
  db: DbOrTx,
  user: { id: number; side: string; tenantId: number | null },
): Promise<Membership[]> {
  if (user.side === 'platform') {
    if (user.tenantId === null) return [];
    const rows = await db.select().from(tenants).where(eq(tenants.id, user.tenantId));
    return rows.map((t) => ({
      tenantId: t.id,
      tenantName: t.name,
      tenantStatus: t.status,
      enterpriseId: null,
      enterpriseName: null,
      orgCodeTxt: null,
      logo: null,
      enterpriseStatus: null,
      memberStatus: null,
    }));
  }
  const rows = await db
    .select({
      tenantId: tenants.id,
      tenantName: tenants.name,
      tenantStatus: tenants.status,
      enterpriseId: enterprises.id,
      enterpriseName: enterprises.name,
      orgCodeTxt: enterprises.orgCodeTxt,
      logo: enterprises.logo,
      enterpriseStatus: enterprises.status,
      memberStatus: enterpriseMembers.status,
    })
    .from(enterpriseMembers)
    .innerJoin(enterprises, eq(enterprises.id, enterpriseMembers.enterpriseId))
    .innerJoin(tenants, eq(tenants.id, enterpriseMembers.tenantId))
    .where(eq(enterpriseMembers.userId, user.id))
    .orderBy(asc(tenants.id));
  return rows;
}

/** Memberships the user may enter now: the tenant, the enterprise and the membership must be enabled. */
export const usable = (list: Membership[]): Membership[] =>
  list.filter(
    (m) =>
      m.tenantStatus === 1 &&
      (m.enterpriseStatus === null || m.enterpriseStatus === 1) &&
      (m.memberStatus === null || m.memberStatus === 1),
  );

export async function loginUserInfo(
  db: DbOrTx,
  input: { token: string; userId: number; side: Side; tenantId: number },
): Promise<LoginUserInfo> {
  const [user] = await db.select().from(users).where(eq(users.id, input.userId));
  const memberships = usable(await membershipsOf(db, user));
  const current = memberships.find((m) => m.tenantId === input.tenantId) ?? memberships[0];
  const tenantList: TenantRef[] = memberships.map((m) => ({ id: m.tenantId, tenantName: m.tenantName }));
  return {
    token: input.token,
    tenant: { id: current?.tenantId ?? input.tenantId, tenantName: current?.tenantName ?? '' },
    userIdentity: input.side === 'platform' && input.tenantId === PLATFORM_TENANT_ID ? 1 : 2,
    realname: user.realname,
    username: user.username,
    account: user.username,
    enterprise:
      current?.enterpriseId != null ? { id: current.enterpriseId, enterpriseName: current.enterpriseName ?? '' } : null,
    avatar: current?.logo ?? user.avatar ?? null,
    orgCodeTxt: current?.orgCodeTxt ?? null,
    phoneVerifyStatus: user.phoneVerifyStatus,
    tenantList,
    mustChangePassword: user.mustChangePassword === 1,
  };
}
