/**
 * 自然人账户's demo: on each platform of the demo company, its first staff account works the
 * persons list as a user would: transfers two persons to the company, bans one, re-enables one
 * banned earlier, clears a login restriction and changes one's app password. Persons who serve on
 * a project are left alone so the task and settlement demos stay as they are.
 */
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { enterprises, persons, projectPersons } from '../../db/schema';
import type { PersonMaterialKind } from '@fieldpay/domain';
import type { DemoStep } from '../../platform/modules';
import { workerViewer } from '../../platform/auth/worker-sessions';
import { drawCertificate, drawFacePhoto, drawIdCardSide } from '../enterprises/authentication-images';
import { DEMO_WORKER } from '../tasks/demo';
import { auditActorOf } from '../../platform/system/audit';
import { DEMO_IP } from '../../seed/demo';
import { demoCompanyOnEachPlatform, demoPrincipal } from '../../seed/demo-actors';
import type { Services } from '../../services';
import { changeLoginFlag, changePersonPassword, transferPersonOut } from './accounts';
import { uploadPersonMaterial } from './materials';

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
      await sendMaterials(services, member.tenantId);
    }
  },
};

/**
 * 认证材料 (decision 0044): the README worker sends from the app both ID sides, a face photo, a further
 * authentication and a skill certificate, as a person completing their profile would.
 */
async function sendMaterials(services: Services, tenantId: number) {
  const { scopes } = services.ctx;
  const session = await scopes.withSystem('demo: the README worker signs in to the app', async (db) => {
    const [person] = await db
      .select()
      .from(persons)
      .where(and(eq(persons.tenantId, tenantId), eq(persons.phone, DEMO_WORKER.phone)));
    if (!person) return null;
    const token = await services.workerSessions.create(db, { personId: person.id, tenantId, ip: DEMO_IP });
    return { person, token };
  });
  if (!session) return;
  const worker = await services.workerSessions.resolve(session.token);
  if (!worker) return;
  const { person } = session;
  const facts = { name: person.name, idCard: person.idCard ?? '', address: person.address ?? '浙江省杭州市西湖区' };
  const sent: Array<[PersonMaterialKind, string, string, Buffer]> = [
    ['idFront', '', '身份证人像面.png', await drawIdCardSide('front', facts)],
    ['idBack', '', '身份证国徽面.png', await drawIdCardSide('back', facts)],
    ['face', '', '人脸照片.png', await drawFacePhoto()],
    [
      'auth',
      '医药代表备案',
      '医药代表备案凭证.png',
      await drawCertificate('医药代表备案凭证', person.name, ['备案平台：医药代表备案管理平台', '备案状态：已备案']),
    ],
    [
      'skill',
      '执业药师资格证书',
      '执业药师资格证书.png',
      await drawCertificate('执业药师资格证书', person.name, ['类别：药学', '批准日期：2021年10月']),
    ],
  ];
  for (const [kind, title, fileName, bytes] of sent) {
    await scopes.withViewer(workerViewer(worker), () =>
      uploadPersonMaterial(services, worker, { kind, title, fileName, content: bytes.toString('base64') }),
    );
  }
}
