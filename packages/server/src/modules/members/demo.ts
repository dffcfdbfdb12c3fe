/**
 * The members module's demo step: the README's enterprise user, in its first enterprise, adds two
 * members through the service as its requests would (each gets a one-time password that stays
 * unchanged, so both show 须修改密码) and disables one of them. Deterministic; skipped when the
 * members exist already.
 */
import { and, asc, eq } from 'drizzle-orm';
import { enterpriseMembers, users } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import type { DemoStep } from '../../platform/modules';
import { auditActorOf } from '../../platform/system/audit';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { addMember, memberRoleOptions, setMemberStatus } from './service';

const DEMO_IP = '112.64.71.15';
const NEW_MEMBERS = [
  { username: '13700009001', realname: '周子涵', disabled: false },
  { username: '13700009002', realname: '吴晓峰', disabled: true },
];

export const membersDemo: DemoStep = {
  reason: 'demo members: the enterprise administrator added its colleagues',
  async run(services, system) {
    const [admin] = await system((tx) =>
      tx
        .select({
          userId: users.id,
          realname: users.realname,
          tenantId: enterpriseMembers.tenantId,
          enterpriseId: enterpriseMembers.enterpriseId,
        })
        .from(users)
        .innerJoin(enterpriseMembers, eq(enterpriseMembers.userId, users.id))
        .where(and(eq(users.side, 'enterprise'), eq(users.username, DEMO_ACCOUNTS.enterpriseUser.username)))
        .orderBy(asc(enterpriseMembers.tenantId))
        .limit(1),
    );
    if (!admin) return;
    const [existing] = await system((tx) =>
      tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.side, 'enterprise'), eq(users.username, NEW_MEMBERS[0].username))),
    );
    if (existing) return;
    const principal: Principal = {
      sessionId: 0,
      userId: admin.userId,
      side: 'enterprise',
      tenantId: admin.tenantId,
      enterpriseId: admin.enterpriseId,
      username: DEMO_ACCOUNTS.enterpriseUser.username,
      realname: admin.realname,
      userIdentity: 2,
      idleExpiresAt: new Date(Date.UTC(2026, 8, 1)),
    };
    const caller = { principal, actor: auditActorOf(principal, DEMO_IP), access: services.access };
    await services.ctx.scopes.withViewer(principal, async (db) => {
      const [role] = await memberRoleOptions(db, caller, undefined);
      for (const member of NEW_MEMBERS) {
        const { id } = await addMember(db, caller, {
          username: member.username,
          realname: member.realname,
          roleId: role.id,
        });
        if (member.disabled) await setMemberStatus(db, caller, { id, status: 2 });
      }
    });
  },
};
