/**
 * The enterprises' base demo rows (`demoBase`): the tenants' enterprises, each with its
 * administrator, the README's enterprise user on the first two platforms (one company, two
 * enterprise rows) with what that user has been told there. Written in the base transaction right
 * after the tenants and their staff, from the same seeded faker (seed/demo.ts).
 */
import { fakerZH_CN as faker } from '@faker-js/faker';
import { asc, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { enterpriseMembers, enterprises, notices, tenants, users } from '../../db/schema';
import { hashPassword } from '../../platform/auth/passwords';
import {
  DEMO_ACCOUNTS,
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
