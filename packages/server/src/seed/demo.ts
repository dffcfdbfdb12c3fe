import { fakerZH_CN as faker } from '@faker-js/faker';
import { USCC_TYPES_BY_AUTHORITY, usccCheckChar } from '@fieldpay/domain';
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { notices, roles, tenants, userRoles, users } from '../db/schema';
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

/** Where the demo's users act from, as the login log and the audit log record it. */
export const DEMO_IP = '112.64.71.15';

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

/** A mainland mobile number. */
export const mobile = () =>
  `1${faker.helpers.arrayElement(['35', '36', '37', '38', '39', '50', '58', '86', '88'])}${faker.string.numeric(8)}`;

/** The id of a tenant's role by its code. */
export async function roleId(db: DbOrTx, tenantId: number, code: string): Promise<number> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.code, code)));
  return row.id;
}

const HOUR_MS = 3_600_000;
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS);

/** A user's notices on one platform, from what each says and when. */
export const noticesOf = (
  tenantId: number,
  userId: number,
  told: Omit<typeof notices.$inferInsert, 'tenantId' | 'userId'>[],
) => told.map((notice) => ({ tenantId, userId, ...notice }));

/** What the demo tenant staff member has been told: work waiting for review. */
const demoStaffNotices = (tenantId: number, userId: number) =>
  noticesOf(tenantId, userId, [
    {
      type: 'agreement',
      title: '企业协议即将到期',
      content: '有2份企业协议将在30天内到期，请及时与企业续签。',
      createdAt: hoursAgo(30),
      readAt: hoursAgo(29),
    },
  ]);

/**
 * Realistic zh_CN demo data for an empty database: the operator, tenants and their staff with a
 * few notices, then the modules' base rows (`demoBase`: the enterprises and their users, one of
 * them on two platforms) and the catalogue. Projects come through the projects' services
 * afterwards (the modules' demo steps).
 * Deterministic (fixed faker seed) so screenshots and demos look the same everywhere.
 */
export async function seedDemoData(db: DbOrTx, modules: readonly ModuleDefinition[]): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return false;
  faker.seed(20261121);
  const [adminHash, tenantHash, otherHash] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.platformAdmin.password),
    hashPassword(DEMO_ACCOUNTS.tenantStaff.password),
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
        // the platforms opened at the start of 2024, before any enterprise registered on them
        .values({
          ...t,
          contracts: `${faker.person.fullName()} ${mobile()}`,
          createdAt: new Date('2024-01-08T09:00:00+08:00'),
        })
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

    for (const module of modules) await module.demoBase?.(tx);
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
  if (!(await scopes.withSystem('demo data of every tenant', (db) => seedDemoData(db, modules)))) return false;
  for (const { demo } of modules) {
    if (demo) await demo.run(services, (work) => scopes.withSystem(demo.reason, work));
  }
  return true;
}
