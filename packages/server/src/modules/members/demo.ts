/**
 * The members module's demo step: the README's enterprise user makes its own role 项目专员 (two pages:
 * 分析页 and 项目列表, decision 0029) in each of its enterprises and, in its first enterprise, adds two
 * members through the services as its requests would (each gets a one-time password that stays
 * unchanged, so both show 须修改密码): 周子涵 with 项目专员, 吴晓峰 with 企业管理员, then disables
 * 吴晓峰. Deterministic; skipped when the members exist already.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { enterpriseMembers, menus, users } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import type { DemoStep } from '../../platform/modules';
import { auditActorOf } from '../../platform/system/audit';
import { saveRole } from '../../platform/staff/service';
import { DEMO_ACCOUNTS, DEMO_IP } from '../../seed/demo';
import { addMember, memberRoleOptions, setMemberStatus } from './service';

/** The enterprise's own role: what a project clerk needs, and no more. */
export const DEMO_ENTERPRISE_ROLE = {
  name: '项目专员',
  pages: ['/dashboard/analysis', '/projectManage/project/list'],
  permCodes: ['dashboard:analysis:view', 'projectManage:list:view', 'projectManage:list:export'],
} as const;

const NEW_MEMBERS = [
  { username: '13700009001', realname: '周子涵', disabled: false, ownRole: true },
  { username: '13700009002', realname: '吴晓峰', disabled: true, ownRole: false },
];

export const membersDemo: DemoStep = {
  reason: 'demo members: the enterprise administrator made a role and added its colleagues',
  async run(services, system) {
    // every enterprise the README user works in (one per platform), the first platform's first
    const memberships = await system((tx) =>
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
        .orderBy(asc(enterpriseMembers.tenantId)),
    );
    if (memberships.length === 0) return;
    const [existing] = await system((tx) =>
      tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.side, 'enterprise'), eq(users.username, NEW_MEMBERS[0].username))),
    );
    if (existing) return;
    const pages = await system((tx) =>
      tx
        .select({ id: menus.id })
        .from(menus)
        .where(and(eq(menus.side, 'enterprise'), inArray(menus.url, [...DEMO_ENTERPRISE_ROLE.pages]))),
    );
    for (const [index, admin] of memberships.entries()) {
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
        const [shared] = await memberRoleOptions(db, caller, undefined);
        // the role in each of its enterprises; the members in the first
        const own = await saveRole(db, caller, {
          name: DEMO_ENTERPRISE_ROLE.name,
          menuIds: pages.map((page) => page.id),
          permCodes: [...DEMO_ENTERPRISE_ROLE.permCodes],
        });
        if (index > 0) return;
        for (const member of NEW_MEMBERS) {
          const { id } = await addMember(db, caller, {
            username: member.username,
            realname: member.realname,
            roleId: member.ownRole ? own.id : shared.id,
          });
          if (member.disabled) await setMemberStatus(db, caller, { id, status: 2 });
        }
      });
    }
  },
};
