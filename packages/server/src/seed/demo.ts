import { fakerZH_CN as faker } from '@faker-js/faker';
import { USCC_TYPES_BY_AUTHORITY, usccCheckChar } from '@fieldpay/domain';
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { enterpriseMembers, enterprises, notices, roles, tenants, userRoles, users } from '../db/schema';
import { hashPassword } from '../platform/auth/passwords';
import type { ModuleDefinition } from '../platform/modules';
import type { Services } from '../services';
import { seedCatalogueData } from './demo-catalogue';
import { BUILT_IN_ROLES } from './reference-data';
import { ensureBuiltInRoles } from './reference';

/** The accounts README lists; everything else is generated. */
export const DEMO_ACCOUNTS = {
  platformAdmin: { username: 'admin', password: 'Admin@123456', realname: '系统管理员' },
  tenantStaff: { username: '13800000001', password: 'Tenant@123456', realname: '王晓明' },
  enterpriseUser: { username: '13900000001', password: 'Enterprise@123', realname: '李静怡' },
} as const;

/** The password of every generated account (the other staff and enterprise users). */
export const GENERATED_ACCOUNT_PASSWORD = 'Demo@12345678';

const DEMO_TENANTS = [
  { name: '华东众包服务平台', company: '上海易众信息技术有限公司' },
  { name: '西南灵活用工平台', company: '成都云聘科技有限公司' },
  { name: '华北医药推广平台', company: '北京康推医药信息咨询有限公司' },
];

/** A unified social credit code that passes the GB 32100 checksum (authority 9, type 1: companies). */
export function fakeCreditCode(): string {
  const authority = '9';
  const type = USCC_TYPES_BY_AUTHORITY[authority]?.[0] ?? '1';
  const region = faker.helpers.arrayElement(['110105', '310115', '440305', '510107', '330106', '320102']);
  const orgChars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const org = Array.from({ length: 9 }, () => orgChars[faker.number.int({ min: 0, max: 30 })]).join('');
  const first17 = `${authority}${type}${region}${org}`;
  return `${first17}${usccCheckChar(first17)}`;
}

const mobile = () =>
  `1${faker.helpers.arrayElement(['35', '36', '37', '38', '39', '50', '58', '86', '88'])}${faker.string.numeric(8)}`;

async function roleId(db: DbOrTx, tenantId: number, code: string): Promise<number> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.code, code)));
  return row.id;
}

const HOUR_MS = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS);

/**
 * What the demo enterprise user has been told on one platform besides the modules' own notices
 * (settlements, projects and tasks notify as their services run): a mix of types, one already read.
 */
function demoEnterpriseNotices(tenantId: number, userId: number) {
  return [
    {
      tenantId,
      userId,
      type: 'download',
      title: '导出文件已生成',
      content: '任务明细导出文件已生成，缓存有效期为7天，请前往订单生成缓存下载。',
      link: '/company/catchSystem/orderGenerateCache',
      createdAt: hoursAgo(5),
    },
    {
      tenantId,
      userId,
      type: 'project',
      title: '项目审核提醒',
      content: '您提交的项目已进入审核流程，审核结果将以通知形式告知。',
      createdAt: hoursAgo(26),
    },
    {
      tenantId,
      userId,
      type: 'system',
      title: '平台服务协议更新',
      content: '平台服务协议已更新，新协议自下月1日起生效，请登录后查看协议内容。',
      createdAt: hoursAgo(72),
      readAt: hoursAgo(70),
    },
  ];
}

/** What the demo tenant staff member has been told: work waiting for review. */
function demoStaffNotices(tenantId: number, userId: number) {
  return [
    {
      tenantId,
      userId,
      type: 'agreement',
      title: '企业协议即将到期',
      content: '有2份企业协议将在30天内到期，请及时与企业续签。',
      createdAt: hoursAgo(30),
      readAt: hoursAgo(29),
    },
  ];
}

/**
 * Realistic zh_CN demo data for an empty database: tenants, enterprises, platform staff and
 * enterprise users (one of them on two platforms), a few notices. Projects come through the
 * projects' services afterwards (demo-projects.ts).
 * Deterministic (fixed faker seed) so screenshots and demos look the same everywhere.
 */
export async function seedDemoData(db: DbOrTx): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return false;
  faker.seed(20261121);
  const [adminHash, tenantHash, enterpriseHash, otherHash] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.platformAdmin.password),
    hashPassword(DEMO_ACCOUNTS.tenantStaff.password),
    hashPassword(DEMO_ACCOUNTS.enterpriseUser.password),
    hashPassword(GENERATED_ACCOUNT_PASSWORD),
  ]);

  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({
        side: 'platform',
        username: DEMO_ACCOUNTS.platformAdmin.username,
        realname: DEMO_ACCOUNTS.platformAdmin.realname,
        passwordHash: adminHash,
        tenantId: 0,
      })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ userId: admin.id, roleId: await roleId(tx, 0, BUILT_IN_ROLES.operator.code) });

    const tenantIds: number[] = [];
    for (const t of DEMO_TENANTS) {
      const [row] = await tx
        .insert(tenants)
        .values({ ...t, contracts: `${faker.person.fullName()} ${mobile()}` })
        .returning({ id: tenants.id });
      tenantIds.push(row.id);
      await ensureBuiltInRoles(tx, row.id);
    }

    // tenant staff: the demo account on the first tenant, and one more per tenant
    for (const [index, tenantId] of tenantIds.entries()) {
      const staff =
        index === 0
          ? {
              username: DEMO_ACCOUNTS.tenantStaff.username,
              realname: DEMO_ACCOUNTS.tenantStaff.realname,
              passwordHash: tenantHash,
            }
          : { username: mobile(), realname: faker.person.fullName(), passwordHash: otherHash };
      const [row] = await tx
        .insert(users)
        .values({ side: 'platform', ...staff, phone: staff.username, tenantId })
        .returning({ id: users.id });
      await tx
        .insert(userRoles)
        .values({ userId: row.id, roleId: await roleId(tx, tenantId, BUILT_IN_ROLES.tenantAdmin.code) });
      if (index === 0) await tx.insert(notices).values(demoStaffNotices(tenantId, row.id));
    }

    // the demo enterprise works on the first two platforms: one company, two enterprise rows
    const demoCompany = { name: '杭州星联医药科技有限公司', taxNumber: fakeCreditCode() };
    const [demoUser] = await tx
      .insert(users)
      .values({
        side: 'enterprise',
        username: DEMO_ACCOUNTS.enterpriseUser.username,
        realname: DEMO_ACCOUNTS.enterpriseUser.realname,
        phone: DEMO_ACCOUNTS.enterpriseUser.username,
        passwordHash: enterpriseHash,
        phoneVerifyStatus: 1,
      })
      .returning({ id: users.id });

    let sn = 1;
    for (const [index, tenantId] of tenantIds.entries()) {
      const companies = Array.from({ length: 6 }, () => ({
        name: faker.company.name().slice(0, 50),
        taxNumber: fakeCreditCode(),
      }));
      if (index < 2) companies.unshift(demoCompany);
      const enterpriseRole = await roleId(tx, tenantId, BUILT_IN_ROLES.enterpriseAdmin.code);
      for (const company of companies) {
        const [enterprise] = await tx
          .insert(enterprises)
          .values({
            tenantId,
            enterpriseSn: `QY${String(sn++).padStart(6, '0')}`,
            name: company.name,
            taxNumber: company.taxNumber,
            address: `${faker.location.state()}${faker.location.city()}${faker.location.streetAddress()}`.slice(0, 200),
            contactPhone: mobile(),
            contactEmail: faker.internet.email({ provider: 'example.cn' }).toLowerCase(),
            orgCodeTxt: company.taxNumber,
            status: faker.number.int({ min: 0, max: 9 }) === 0 && company !== demoCompany ? 2 : 1,
          })
          .returning({ id: enterprises.id });
        const member =
          company === demoCompany
            ? demoUser
            : (
                await tx
                  .insert(users)
                  .values({
                    side: 'enterprise',
                    username: mobile(),
                    realname: faker.person.fullName(),
                    passwordHash: otherHash,
                  })
                  .returning({ id: users.id })
              )[0];
        await tx
          .insert(enterpriseMembers)
          .values({ userId: member.id, enterpriseId: enterprise.id, tenantId, roleId: enterpriseRole });
        if (company === demoCompany) {
          await tx.insert(notices).values(demoEnterpriseNotices(tenantId, demoUser.id));
        }
      }
    }
    await seedCatalogueData(tx);
  });
  return true;
}

/**
 * The demo data: the base rows above, then each module's demo step in module-list order, each in
 * a withSystem scope of its own name. False when the database already had users. `modules` is the
 * list app.ts registers, handed in by the entrypoint.
 */
export async function seedDemo(services: Services, modules: readonly ModuleDefinition[]): Promise<boolean> {
  const { scopes } = services.ctx;
  if (!(await scopes.withSystem('demo data of every tenant', seedDemoData))) return false;
  for (const { demo } of modules) {
    if (demo) await demo.run(services, (work) => scopes.withSystem(demo.reason, work));
  }
  return true;
}
