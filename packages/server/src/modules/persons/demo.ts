/**
 * 自然人账户's demo: on each platform of the demo company, its first staff account works the
 * persons list as a user would: transfers two persons to the company, bans one, re-enables one
 * banned earlier, clears a login restriction and changes one's app password. Persons who serve on
 * a project are left alone so the task and settlement demos stay as they are.
 */
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { enterprises, persons, projectPersons } from '../../db/schema';
import type { DemoStep } from '../../platform/modules';
import { auditActorOf } from '../../platform/system/audit';
import { DEMO_IP } from '../../seed/demo';
import { demoCompanyOnEachPlatform, demoPrincipal } from '../../seed/demo-actors';
import type { Services } from '../../services';
import { changeLoginFlag, changePersonPassword, transferPersonOut } from './accounts';

/** The persons of a platform who serve on no project, by login flag, in id order. */
async function idlePersons(services: Services, tenantId: number) {
  return services.ctx.scopes.withSystem('demo: the persons no project holds', async (db) => {
    const serving = db
      .select({ personId: projectPersons.personId })
      .from(projectPersons)
      .where(eq(projectPersons.tenantId, tenantId));
    return db
      .select({ id: persons.id, phone: persons.phone, loginFlag: persons.loginFlag })
      .from(persons)
      .where(and(eq(persons.tenantId, tenantId), notInArray(persons.id, serving)))
      .orderBy(asc(persons.id));
  });
}

export const personAccountsDemo: DemoStep = {
  reason: 'demo: the platform staff work the natural-person accounts',
  async run(services, system) {
    const { scopes } = services.ctx;
    const companies = await system((db) => demoCompanyOnEachPlatform(db));
    for (const { member, staff } of companies) {
      const principal = demoPrincipal({ ...staff, tenantId: member.tenantId, enterpriseId: null, side: 'platform' });
      const actor = auditActorOf(principal, DEMO_IP);
      const [company] = await system((db) =>
        db
          .select({ name: enterprises.name, enterpriseSn: enterprises.enterpriseSn })
          .from(enterprises)
          .where(eq(enterprises.id, member.enterpriseId)),
      );
      const idle = await idlePersons(services, member.tenantId);
      const normal = idle.filter((person) => person.loginFlag === 0);
      const act = <T>(work: () => Promise<T>) => scopes.withViewer(principal, work);
      for (const person of normal.slice(0, 2)) {
        await act(() =>
          transferPersonOut(
            services,
            principal,
            { userId: person.id, enterpriseName: company.name, enterpriseCode: company.enterpriseSn },
            actor,
          ),
        );
      }
      const [toBan, forgotPassword] = normal.slice(2);
      if (toBan) await act(() => changeLoginFlag(services, principal, toBan.id, 'ban', actor));
      if (forgotPassword) {
        await act(() =>
          changePersonPassword(
            services,
            principal,
            { userId: forgotPassword.id, loginName: forgotPassword.phone, newPassword: 'Renew@2026pw' },
            actor,
          ),
        );
      }
      const banned = idle.find((person) => person.loginFlag === 1);
      if (banned) await act(() => changeLoginFlag(services, principal, banned.id, 'enable', actor));
      const restricted = idle.find((person) => person.loginFlag === 2);
      if (restricted)
        await act(() => changeLoginFlag(services, principal, restricted.id, 'clearLoginRestriction', actor));
    }
  },
};
