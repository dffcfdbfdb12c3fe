/**
 * The tax module's demo step: on each platform of the demo company (13900000001) the administrator
 * adds a tax clerk (税务专员, through 员工账号's call), who uploads, for every month whose payouts had
 * taxes withheld, the tax office's 完税证明, the stamped 代扣代缴税款明细报告 and the 缴税清单, through
 * the upload call and the save, a day after the month's last payout (never later than an hour ago).
 * The README's staff account uploads nothing: it owns no file at its first visit.
 */
import { fenToYuan, maskIdCard, TAX_VOUCHER_UPLOAD_PATH } from '@fieldpay/domain';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { enterprises, persons, settlementLines, tenants } from '../../db/schema';
import { chinaDateTime } from '../../platform/china-time';
import { addressOf } from '../../platform/files/links';
import type { DemoStep } from '../../platform/modules';
import { auditActorOf } from '../../platform/system/audit';
import { addStaff } from '../../platform/staff/service';
import { DEMO_IP, roleId } from '../../seed/demo';
import { BUILT_IN_ROLES } from '../../seed/reference-data';
import { demoCompanyOnEachPlatform, demoPrincipal } from '../../seed/demo-actors';
import { uploadAs } from '../../seed/demo-upload';
import type { Services } from '../../services';
import { drawTaxCertificate, drawWithholdingReport, taxListPdf, type VoucherFacts } from './voucher-documents';
import { saveTaxVoucher } from './vouchers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The months of each platform's payouts to the demo company that had taxes withheld, with their persons. */
function withheldMonths(services: Services) {
  return services.ctx.scopes.withSystem('demo: the months whose withheld taxes are paid', async (db) => {
    const found = [];
    for (const { member, staff } of await demoCompanyOnEachPlatform(db)) {
      const period = sql<string>`to_char(${settlementLines.payTime} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
      const lines = await db
        .select({
          period,
          name: persons.name,
          idCard: persons.idCard,
          payFen: settlementLines.payFen,
          incomeTaxFen: settlementLines.incomeTaxFen,
          valueAddedTaxFen: settlementLines.valueAddedTaxFen,
          surchargeTaxFen: settlementLines.surchargeTaxFen,
          totalTaxFen: settlementLines.totalTaxFen,
          payTime: settlementLines.payTime,
        })
        .from(settlementLines)
        .innerJoin(persons, eq(persons.id, settlementLines.personId))
        .where(
          and(
            eq(settlementLines.tenantId, member.tenantId),
            eq(settlementLines.enterpriseId, member.enterpriseId),
            eq(settlementLines.payStatus, 1),
            gt(settlementLines.totalTaxFen, 0),
          ),
        )
        .orderBy(asc(period), asc(settlementLines.id));
      const [names] = await db
        .select({ agent: tenants.company, enterprise: enterprises.name })
        .from(enterprises)
        .innerJoin(tenants, eq(tenants.id, enterprises.tenantId))
        .where(eq(enterprises.id, member.enterpriseId));
      found.push({ member, staff, lines, names });
    }
    return found;
  });
}

/** The platform's administrator adds its tax clerk, holding the administrator's role, as 新增账号 would. */
async function addTaxClerk(
  services: Services,
  admin: { userId: number; realname: string; username: string },
  tenantId: number,
) {
  const { scopes } = services.ctx;
  const principal = demoPrincipal({ ...admin, tenantId, enterpriseId: null, side: 'platform' });
  const clerk = { username: `137${String(tenantId).padStart(8, '0')}`, realname: '陈思远' };
  const added = await scopes.withViewer(principal, async (db) =>
    addStaff(
      db,
      { principal, actor: auditActorOf(principal, DEMO_IP), access: services.access },
      { ...clerk, roleIds: [await roleId(db, tenantId, BUILT_IN_ROLES.tenantAdmin.code)] },
    ),
  );
  return { userId: added.id, ...clerk };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export const taxVouchersDemo: DemoStep = {
  reason: 'demo: tax vouchers of the demo company',
  async run(services) {
    const { scopes } = services.ctx;
    for (const { member, staff, lines, names } of await withheldMonths(services)) {
      const periods = [...new Set(lines.map((line) => line.period))];
      if (periods.length === 0) continue;
      const clerk = await addTaxClerk(services, staff, member.tenantId);
      for (const [index, taxPeriod] of periods.entries()) {
        const month = lines.filter((line) => line.period === taxPeriod);
        const lastPayout = Math.max(...month.map((line) => line.payTime?.getTime() ?? 0));
        const at = new Date(Math.min(lastPayout + DAY, Date.now() - HOUR));
        const uploader = demoPrincipal(
          { ...clerk, tenantId: member.tenantId, enterpriseId: null, side: 'platform' },
          at.getTime(),
        );
        const facts: VoucherFacts = {
          agent: names?.agent ?? '',
          enterprise: names?.enterprise ?? '',
          taxPeriod,
          incomeTax: fenToYuan(sum(month.map((line) => line.incomeTaxFen))),
          valueAddedTax: fenToYuan(sum(month.map((line) => line.valueAddedTaxFen))),
          surchargeTax: fenToYuan(sum(month.map((line) => line.surchargeTaxFen))),
          total: fenToYuan(sum(month.map((line) => line.totalTaxFen))),
          persons: new Set(month.map((line) => line.idCard)).size,
          paidOn: chinaDateTime(at).slice(0, 10),
          serial: `(${taxPeriod.slice(0, 4)})沪税证 ${String(member.tenantId * 100_000 + member.enterpriseId * 100 + index + 1).padStart(8, '0')}`,
        };
        await scopes.withViewer(uploader, async () => {
          const image = { scene: 'image' as const, uploadPath: TAX_VOUCHER_UPLOAD_PATH };
          const certificate = await uploadAs(
            services,
            uploader,
            await drawTaxCertificate(facts),
            `完税证明${taxPeriod}.png`,
            image,
          );
          const report = await uploadAs(
            services,
            uploader,
            await drawWithholdingReport(facts),
            `代扣代缴明细报告${taxPeriod}.png`,
            image,
          );
          const list = await uploadAs(
            services,
            uploader,
            await taxListPdf(
              facts,
              month.map((line) => ({
                name: line.name,
                idCard: maskIdCard(line.idCard),
                income: fenToYuan(line.payFen),
                tax: fenToYuan(line.totalTaxFen),
              })),
              at,
            ),
            `缴税清单${taxPeriod}.pdf`,
            { scene: 'taxList', uploadPath: TAX_VOUCHER_UPLOAD_PATH },
          );
          await saveTaxVoucher(
            services,
            uploader,
            {
              enterpriseId: member.enterpriseId,
              tenantId: member.tenantId,
              taxPeriod,
              voucherImages: [addressOf(certificate)],
              reportImages: [addressOf(report)],
              taxListFile: addressOf(list),
            },
            auditActorOf(uploader, DEMO_IP),
            at,
          );
        });
      }
    }
  },
};
