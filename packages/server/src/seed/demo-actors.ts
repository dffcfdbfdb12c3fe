import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { enterpriseMembers, users } from '../db/schema';
import type { Principal } from '../platform/auth/sessions';
import { DEMO_ACCOUNTS } from './demo';

/**
 * A demo user acting through the services as a signed-in session would (the demo steps' actors):
 * tenant level, without a session row, alive for a day from `at`.
 */
export const demoPrincipal = (
  row: {
    userId: number;
    realname: string;
    username: string;
    tenantId: number;
    enterpriseId: number | null;
    side: 'platform' | 'enterprise';
  },
  at = Date.now(),
): Principal => ({ sessionId: 0, ...row, userIdentity: 2, idleExpiresAt: new Date(at + 86_400_000) });

/**
 * The README's demo company (13900000001) on each of its platforms, in tenant order, with the first
 * staff account of that platform: who places, pays and invoices, and who reviews and issues.
 */
export async function demoCompanyOnEachPlatform(db: DbOrTx) {
  const members = await db
    .select({
      userId: users.id,
      realname: users.realname,
      username: users.username,
      tenantId: enterpriseMembers.tenantId,
      enterpriseId: enterpriseMembers.enterpriseId,
    })
    .from(enterpriseMembers)
    .innerJoin(users, eq(users.id, enterpriseMembers.userId))
    .where(and(eq(users.username, DEMO_ACCOUNTS.enterpriseUser.username), gt(enterpriseMembers.tenantId, 0)))
    .orderBy(asc(enterpriseMembers.tenantId));
  const found = [];
  for (const member of members) {
    const [staff] = await db
      .select({ userId: users.id, realname: users.realname, username: users.username })
      .from(users)
      .where(and(eq(users.side, 'platform'), eq(users.tenantId, member.tenantId)))
      .orderBy(asc(users.id))
      .limit(1);
    if (staff) found.push({ member, staff });
  }
  return found;
}
