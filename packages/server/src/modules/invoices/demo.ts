/**
 * The invoices module's demo step: on each platform of the demo company (13900000001) the company
 * fills in its invoice info and applies for invoices over its paid-out settlements, and the
 * platform's staff issue them, so every invoice state exists: 待开票 on both platforms, 待查收 on
 * the second, 已查收 on the first (on the second the issue carries a PDF of the invoice uploaded
 * through the upload call). Dates follow the settlements' own: nothing is invoiced before it was paid out.
 */
import { fenToYuan, INVOICE_UPLOAD_PATH } from '@fieldpay/domain';
import { and, asc, eq } from 'drizzle-orm';
import { settlements } from '../../db/schema';
import { addressOf } from '../../platform/files/links';
import type { DemoStep } from '../../platform/modules';
import { renderPdf } from '../../platform/pdf';
import { auditActorOf } from '../../platform/system/audit';
import { DEMO_IP } from '../../seed/demo';
import { demoCompanyOnEachPlatform, demoPrincipal } from '../../seed/demo-actors';
import { uploadAs } from '../../seed/demo-upload';
import type { Services } from '../../services';
import { applyInvoice, confirmInvoiceReceipt, saveInvoiceInfo, updateInvoiceStatus } from './service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The demo company on each platform with its first staff, and its paid-out settlements there. */
function whoInvoices(services: Services) {
  return services.ctx.scopes.withSystem('demo: who applies for and issues invoices', async (db) => {
    const found = [];
    for (const { member, staff } of await demoCompanyOnEachPlatform(db)) {
      const paidOut = await db
        .select({ id: settlements.id, amountFen: settlements.amountFen, settlementTime: settlements.settlementTime })
        .from(settlements)
        .where(
          and(
            eq(settlements.tenantId, member.tenantId),
            eq(settlements.enterpriseId, member.enterpriseId),
            eq(settlements.payStatus, 2),
          ),
        )
        .orderBy(asc(settlements.id));
      if (paidOut.length > 0) found.push({ member, staff, paidOut });
    }
    return found;
  });
}

/** The invoice as the platform's tax system printed it: the PDF the staff upload with the status update. */
function invoicePdf(invoiceSn: string, numbers: string[], amount: string, at: Date) {
  return renderPdf(
    {
      title: '增值税电子发票',
      subject: 'invoice',
      footer: invoiceSn,
      sections: [
        {
          title: '发票信息',
          fields: [
            ['发票号码', numbers.join('，')],
            ['价税合计', `${amount}元`],
            ['开票日期', at.toISOString().slice(0, 10)],
          ],
        },
      ],
    },
    at,
  );
}

export const invoicesDemo: DemoStep = {
  reason: 'demo: invoice info, applications, issues and receipts through the services',
  async run(services) {
    const { scopes } = services.ctx;
    for (const [index, { member, staff, paidOut }] of (await whoInvoices(services)).entries()) {
      const enterprise = demoPrincipal({ ...member, side: 'enterprise' });
      const reviewer = demoPrincipal({ ...staff, tenantId: member.tenantId, enterpriseId: null, side: 'platform' });
      const enterpriseActor = auditActorOf(enterprise, DEMO_IP);
      const staffActor = auditActorOf(reviewer, DEMO_IP);
      const paidAt = (settlement: (typeof paidOut)[number]) => (settlement.settlementTime ?? new Date()).getTime();
      // the first paid-out settlement is invoiced and the invoice sent: received on the first platform;
      // the invoice info is saved just before that first application
      const [first, ...rest] = paidOut;
      const appliedAt = paidAt(first) + DAY;
      await scopes.withViewer(enterprise, () =>
        saveInvoiceInfo(
          services.ctx.db,
          enterprise,
          {
            companyAddress: '上海市浦东新区张江路88号5层',
            companyPhone: '021-58881234',
            bankDeposit: '招商银行上海张江支行',
            bankAccount: `12190${String(member.enterpriseId).padStart(6, '0')}8001`,
          },
          enterpriseActor,
          new Date(appliedAt - 2 * HOUR),
        ),
      );
      const issued = await scopes.withViewer(enterprise, () =>
        applyInvoice(
          services,
          enterprise,
          {
            settlementIds: [first.id],
            invoiceType: 1,
            invoiceCategory: '现代服务*企业管理服务',
            invoiceSendingType: 1,
            recipient: '王芳',
            recipientPhone: '13900000001',
            recipientAddress: '上海市浦东新区张江路88号5层 财务部',
            recipientEmail: '',
            remarks: '请与结算单一并寄送',
          },
          enterpriseActor,
          new Date(appliedAt),
        ),
      );
      const sentAt = new Date(appliedAt + 2 * DAY);
      const numbers = [`${24310000 + issued.id * 7}`.padStart(8, '0'), `${24310001 + issued.id * 7}`.padStart(8, '0')];
      await scopes.withViewer(reviewer, async () => {
        // the README's staff account (first platform) owns no file, as the e2e suite expects of it
        const file =
          index === 0
            ? null
            : await uploadAs(
                services,
                reviewer,
                await invoicePdf(issued.invoiceSn, numbers, fenToYuan(first.amountFen), sentAt),
                `发票${issued.invoiceSn}.pdf`,
                { scene: 'invoice', uploadPath: INVOICE_UPLOAD_PATH, id: String(issued.id) },
              );
        await updateInvoiceStatus(
          services,
          reviewer,
          {
            invoiceId: issued.id,
            invoiceTime: sentAt,
            bizSnJson: numbers,
            expressJson: [`SF${1400000000 + issued.id}`],
            picListJson: file ? [addressOf({ tenantId: file.tenantId, fileKey: file.fileKey })] : [],
          },
          staffActor,
          sentAt,
        );
      });
      if (index === 0)
        await scopes.withViewer(enterprise, () =>
          confirmInvoiceReceipt(
            services,
            enterprise,
            [issued.id],
            enterpriseActor,
            new Date(sentAt.getTime() + 3 * DAY),
          ),
        );
      // the next one waits for the platform: applied for, by e-mail
      const [next] = rest;
      if (next)
        await scopes.withViewer(enterprise, () =>
          applyInvoice(
            services,
            enterprise,
            {
              settlementIds: [next.id],
              invoiceType: 2,
              invoiceCategory: '现代服务*市场推广服务',
              invoiceSendingType: 2,
              recipient: '',
              recipientPhone: '',
              recipientAddress: '',
              recipientEmail: 'finance@example.com',
              remarks: '',
            },
            enterpriseActor,
            new Date(paidAt(next) + 6 * HOUR),
          ),
        );
    }
  },
};
