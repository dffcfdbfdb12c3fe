/**
 * The electronic receipt (电子回单) of one account flow (spec 2 §7 "downloadProof"): a PDF drawn
 * from the flow's ledger posting on a paying bank's enterprise account, with the amount in capitals
 * as a bank receipt writes it. The viewer sees a receipt of the flows it may list (listAccountFlows):
 * an enterprise its own enterprise's, the platform side its tenant's; anything else is 账户流水不存在.
 *
 * The receipt's rows are a pure function (`accountProofRows`) the PDF renders line by line.
 */
import {
  ACCOUNT_PROOF_PATH,
  accountProofQuerySchema,
  FLOW_DIRECTION,
  fenToCapital,
  formatYuan,
  LEDGER_ENTRY_TYPES,
  type LedgerEntryType,
  MSG,
  statusLabel,
} from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import { enterpriseScope } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../../db/schema';
import { contentDisposition } from '../../http/content-disposition';
import { principalOf } from '../../platform/auth/guards';
import type { Principal } from '../../platform/auth/sessions';
import { chinaDateTime } from '../../platform/china-time';
import type { RouteDeps } from '../../platform/modules';
import { renderPdf } from '../../platform/pdf';
import type { Services } from '../../services';
import { payBankOf } from './pay-banks';

/** What a receipt shows of one flow. */
export interface AccountProofFacts {
  /** the ledger posting (the flow's id) */
  postingId: number;
  postedAt: Date;
  entryType: string;
  /** signed as posted on the enterprise account (credit-normal): negative is money in */
  amountFen: number;
  balanceAfterFen: number;
  reference: string;
  memo: string;
  bankName: string;
  accountNo: string;
  enterpriseName: string;
}

/** The receipt's number: HD and the posting id on 12 digits (HD000000000042). */
export const proofReceiptNo = (postingId: number): string => `HD${String(postingId).padStart(12, '0')}`;

/** The closing line of every receipt. */
export const PROOF_NOTE = '本回单由系统生成，仅供对账参考';

/** The receipt's label and value rows, in the order the PDF draws them. */
export function accountProofRows(facts: AccountProofFacts): Array<readonly [string, string]> {
  const amountFen = Math.abs(facts.amountFen);
  return [
    ['回单编号', proofReceiptNo(facts.postingId)],
    ['记账时间', chinaDateTime(facts.postedAt)],
    ['业务类型', LEDGER_ENTRY_TYPES[facts.entryType as LedgerEntryType] ?? facts.entryType],
    ['收支方向', statusLabel(FLOW_DIRECTION, facts.amountFen < 0 ? 1 : 2)],
    ['金额', formatYuan(amountFen)],
    ['金额（大写）', fenToCapital(amountFen)],
    ['账户余额', formatYuan(facts.balanceAfterFen)],
    ['付款银行', facts.bankName],
    ['账号', facts.accountNo],
    ['户名', facts.enterpriseName],
    ['业务参考号', facts.reference || '-'],
    ['摘要', facts.memo || '-'],
  ];
}

/** The flow `postingId` if the viewer may see it: a posting of an enterprise account of a paying bank, or 404. */
export async function accountProofFacts(
  db: DbOrTx,
  principal: Principal,
  postingId: number,
): Promise<AccountProofFacts> {
  const [posting] = await db
    .select({
      postingId: ledgerPostings.id,
      postedAt: ledgerEntries.postedAt,
      entryType: ledgerEntries.entryType,
      amountFen: ledgerPostings.amountFen,
      balanceAfterFen: ledgerPostings.balanceAfterFen,
      reference: ledgerEntries.reference,
      memo: ledgerEntries.memo,
      virtualAccountId: ledgerAccounts.virtualAccountId,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      and(
        enterpriseScope(principal, ledgerPostings.tenantId, ledgerPostings.enterpriseId),
        eq(ledgerPostings.id, postingId),
        eq(ledgerAccounts.kind, 'enterprise'),
      ),
    );
  // the paying bank in the same scope: a flow is seen with its bank or not at all
  const payBank = posting?.virtualAccountId ? await payBankOf(db, principal, posting.virtualAccountId) : undefined;
  if (!posting || !payBank) throw fail.notFound(MSG.flowNotFound);
  return {
    postingId: posting.postingId,
    postedAt: posting.postedAt,
    entryType: posting.entryType,
    amountFen: posting.amountFen,
    balanceAfterFen: posting.balanceAfterFen,
    reference: posting.reference,
    memo: posting.memo,
    bankName: payBank.bankTitle ?? payBank.platformName,
    accountNo: payBank.bankAccount,
    enterpriseName: payBank.enterpriseName,
  };
}

/** The receipt PDF of one flow and its file name (电子回单-HD….pdf). */
export async function accountProofPdf(services: Services, principal: Principal, postingId: number, now = new Date()) {
  const facts = await accountProofFacts(services.ctx.db, principal, postingId);
  const receiptNo = proofReceiptNo(facts.postingId);
  const bytes = await renderPdf(
    {
      title: '电子回单',
      subtitle: `回单编号：${receiptNo}`,
      subject: `account flow ${facts.postingId} receipt`,
      footer: `电子回单 ${receiptNo} · 生成时间 ${chinaDateTime(now)}`,
      sections: [
        { title: '回单信息', paragraphs: accountProofRows(facts).map(([label, value]) => `${label}：${value}`) },
      ],
      closing: [PROOF_NOTE],
    },
    now,
  );
  return { bytes, receiptNo, fileName: `电子回单-${receiptNo}.pdf` };
}

/** GET downloadProof?id=: streams the receipt; a documented hand-registered route (http/operation.ts). */
export function registerAccountProofRoute({ app, services }: RouteDeps): void {
  app.get(
    ACCOUNT_PROOF_PATH,
    {
      config: { access: { permission: 'financialAccount:list:view' } },
      schema: {
        tags: ['财务账户'],
        summary: '下载电子回单（PDF；id 为账户流水的 id）',
        querystring: accountProofQuerySchema,
      },
    },
    async (request, reply) => {
      const { id } = request.query as z.output<typeof accountProofQuerySchema>;
      const { bytes, receiptNo, fileName } = await accountProofPdf(services, principalOf(request), id);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('attachment', fileName, `receipt-${receiptNo}.pdf`))
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
}
