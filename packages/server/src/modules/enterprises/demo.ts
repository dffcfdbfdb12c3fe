/**
 * The enterprises' base demo rows (`demoBase`): the tenants' enterprises, each with its
 * administrator, the README's enterprise user on the first two platforms (one company, two
 * enterprise rows) with what that user has been told there. Written in the base transaction right
 * after the tenants and their staff, from the same seeded faker (seed/demo.ts). The module's demo step
 * (`enterprisesDemo`) then has the platforms' staff authenticate the demo company, tag it and bind its
 * bank cards through the services.
 */
import { fakerZH_CN as faker } from '@faker-js/faker';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bankBranches, enterpriseMembers, enterprises, notices, tags, tenants, users } from '../../db/schema';
import type { DemoStep } from '../../platform/modules';
import { auditActorOf } from '../../platform/system/audit';
import { demoCompanyOnEachPlatform, demoPrincipal } from '../../seed/demo-actors';
import { enterpriseAuthInputSchema, formatChinaDateTime } from '@fieldpay/domain';
import type { Principal } from '../../platform/auth/sessions';
import { addressOf } from '../../platform/files/links';
import { uploadAs } from '../../seed/demo-upload';
import type { Services } from '../../services';
import { drawBusinessLicence, drawIdCardSide } from './authentication-images';
import { addBankCard, bankSystemsOf } from './bank-cards';
import { clerkOf } from '../settlements/demo';
import { modifyEnterpriseAuth } from './info';
import { saveEnterpriseTags } from './tags';
import { hashPassword } from '../../platform/auth/passwords';
import {
  DEMO_ACCOUNTS,
  DEMO_IP,
  fakeCreditCode,
  GENERATED_ACCOUNT_PASSWORD,
  hoursAgo,
  mobile,
  noticesOf,
  roleId,
} from '../../seed/demo';
import { BUILT_IN_ROLES } from '../../seed/reference-data';

/**
 * What the demo enterprise user has been told on one platform besides the modules' own notices
 * (settlements, projects and tasks notify as their services run): a mix of types, one already read.
 */
const demoEnterpriseNotices = (tenantId: number, userId: number) =>
  noticesOf(tenantId, userId, [
    {
      type: 'download',
      title: '导出文件已生成',
      content: '任务明细导出文件已生成，缓存有效期为7天，请前往订单生成缓存下载。',
      link: '/company/catchSystem/orderGenerateCache',
      createdAt: hoursAgo(5),
    },
    {
      type: 'project',
      title: '项目审核提醒',
      content: '您提交的项目已进入审核流程，审核结果将以通知形式告知。',
      createdAt: hoursAgo(26),
    },
    {
      type: 'system',
      title: '平台服务协议更新',
      content: '平台服务协议已更新，新协议自下月1日起生效，请登录后查看协议内容。',
      createdAt: hoursAgo(72),
      readAt: hoursAgo(70),
    },
  ]);

export async function enterprisesDemoBase(tx: DbOrTx): Promise<void> {
  const [enterpriseHash, otherHash] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.enterpriseUser.password),
    hashPassword(GENERATED_ACCOUNT_PASSWORD),
  ]);
  const tenantIds = (
    await tx.select({ id: tenants.id }).from(tenants).where(ne(tenants.id, 0)).orderBy(asc(tenants.id))
  ).map((row) => row.id);

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
          // 企业风险 as a credit report would give it: capital in 万元, 存续/在业, mostly no lawsuits
          registeredCapital: company === demoCompany ? '1000' : String(faker.number.int({ min: 5, max: 50 }) * 100),
          manageStatus: company === demoCompany ? '2' : faker.helpers.arrayElement(['1', '2', '2', '7']),
          cases: company === demoCompany ? '0' : faker.helpers.arrayElement(['0', '0', '0', '1', '2']),
          // registered in 2024, after the platforms opened and before their first products and projects
          createdAt:
            company === demoCompany
              ? new Date('2024-06-03T09:00:00+08:00')
              : faker.date.between({ from: '2024-03-01T00:00:00+08:00', to: '2024-12-31T00:00:00+08:00' }),
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
}

/** The tags the platforms' staff put on the demo company (of the catalogue's enterprise tags). */
const DEMO_COMPANY_TAGS = ['重点客户', '医药行业', '长期合作'];

/** The demo company's legal person (the same person on each platform). */
const DEMO_LEGAL_PERSON = { name: '王建国', idCard: '330106197805123019', address: '浙江省杭州市西湖区文三路478号' };

/**
 * The platform's staff register the demo company's legal person, its licence and ID sides (specimens
 * drawn for the demo) through 修改认证信息, as they would from the console.
 */
async function authenticate(
  services: Services,
  staff: Principal,
  member: { userId: number; tenantId: number; enterpriseId: number },
  enterprise: { id: number; tenantId: number; name: string; taxNumber: string; address: string; createdAt: Date },
) {
  const facts = { ...DEMO_LEGAL_PERSON, address: enterprise.address || DEMO_LEGAL_PERSON.address };
  const pictures: Array<[string, Buffer]> = [
    [
      '营业执照.png',
      await drawBusinessLicence({
        name: enterprise.name,
        taxNumber: enterprise.taxNumber,
        legalPerson: facts.name,
        address: facts.address,
        registeredOn: formatChinaDateTime(enterprise.createdAt.getTime()).slice(0, 10),
      }),
    ],
    ['身份证信息面.png', await drawIdCardSide('front', facts)],
    ['身份证国徽面.png', await drawIdCardSide('back', facts)],
  ];
  // the company's finance clerk uploaded its documents (the README accounts own no file, as the e2e
  // suite expects of them); the staff record them
  const clerk = await clerkOf(services, member);
  const addresses: string[] = [];
  for (const [fileName, bytes] of pictures) {
    const row = await services.ctx.scopes.withViewer(clerk, () =>
      uploadAs(services, clerk, bytes, fileName, {
        scene: 'image',
        uploadPath: 'enterprise/auth',
        id: String(enterprise.id),
      }),
    );
    addresses.push(addressOf(row));
  }
  await services.ctx.scopes.withViewer(staff, async () => {
    // through the call's own schema, as the console's request would be checked
    await modifyEnterpriseAuth(
      services,
      staff,
      enterpriseAuthInputSchema.parse({
        id: enterprise.id,
        tenantId: enterprise.tenantId,
        enterpriseName: enterprise.name,
        address: facts.address,
        name: facts.name,
        idCard: facts.idCard,
        license: addresses[0],
        idCardFront: addresses[1],
        idCardBack: addresses[2],
        logo: '',
      }),
      auditActorOf(staff, DEMO_IP),
    );
  });
}

/** Account numbers of the demo company's cards: ICBC-like, 19 digits, one per tenant and card. */
const demoCardNumber = (tenantId: number, index: number) =>
  `1202${String(tenantId).padStart(3, '0')}1109${String(index + 1).padStart(8, '0')}`;
/** Where the first two ICBC branches of the directory (杭州分行营业部, 杭州西湖支行) are. */
const DEMO_BRANCH_ADDRESSES = ['浙江省杭州市上城区解放路218号', '浙江省杭州市西湖区文三路199号'];

/**
 * The platforms' staff bind the demo company's bank cards to the card-based bank system (decision
 * 0037) through the service, a week after it registered and again the next spring.
 */
export const enterprisesDemo: DemoStep = {
  reason: 'demo: the demo company’s settlement bank cards',
  async run(services, system) {
    const found = await system(async (db) => {
      const rows = [];
      for (const { member, staff } of await demoCompanyOnEachPlatform(db)) {
        const [enterprise] = await db
          .select({
            name: enterprises.name,
            createdAt: enterprises.createdAt,
            tenantId: enterprises.tenantId,
            taxNumber: enterprises.taxNumber,
            address: enterprises.address,
          })
          .from(enterprises)
          .where(eq(enterprises.id, member.enterpriseId));
        const branches = await db
          .select({ id: bankBranches.id, name: bankBranches.bankBranchName })
          .from(bankBranches)
          .where(eq(bankBranches.bankNo, 'ICBC'))
          .orderBy(asc(bankBranches.id))
          .limit(2);
        rows.push({ member, staff, enterprise, branches });
      }
      return rows;
    });
    for (const { member, staff, enterprise, branches } of found) {
      const staffPrincipal = demoPrincipal({
        ...staff,
        tenantId: member.tenantId,
        enterpriseId: null,
        side: 'platform',
      });
      if (enterprise) await authenticate(services, staffPrincipal, member, { ...enterprise, id: member.enterpriseId });
      await services.ctx.scopes.withViewer(staffPrincipal, async (db) => {
        const chosen = await db
          .select({ id: tags.id })
          .from(tags)
          .where(and(eq(tags.tenantId, member.tenantId), eq(tags.type, 1), inArray(tags.tag, DEMO_COMPANY_TAGS)));
        const owner = { tenantId: member.tenantId, enterpriseId: member.enterpriseId };
        const tagIds = chosen.map((tag) => tag.id);
        await saveEnterpriseTags(db, staffPrincipal, { ...owner, tagIds }, auditActorOf(staffPrincipal, DEMO_IP));
      });
      await services.ctx.scopes.withViewer(staffPrincipal, async () => {
        const systems = await bankSystemsOf(services.ctx.db, member.tenantId);
        if (systems.length === 0 || branches.length === 0 || !enterprise) return;
        for (const [index, branch] of branches.entries()) {
          const at = new Date(enterprise.createdAt.getTime() + (index === 0 ? 7 : 280) * 86_400_000);
          await addBankCard(
            services.ctx.db,
            staffPrincipal,
            {
              tenantId: member.tenantId,
              enterpriseId: member.enterpriseId,
              bankDepositId: branch.id,
              bankUserName: enterprise.name,
              bankAccount: demoCardNumber(member.tenantId, index),
              bankDepositAddress: DEMO_BRANCH_ADDRESSES[index] ?? branch.name,
              bankReservedPhone: DEMO_ACCOUNTS.enterpriseUser.username,
              platformList: systems.map((bankSystem) => bankSystem.platformId),
            },
            auditActorOf(staffPrincipal, DEMO_IP),
            at,
          );
        }
      });
    }
  },
};
