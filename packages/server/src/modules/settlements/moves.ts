/**
 * The moves of a settlement (decisions 0020, 0021): the platform's audit, the withdrawal, and the
 * enterprise's payment. Each takes the settlement's row lock, asks the domain's state machine
 * whether the move is legal, and writes the new state with its timeline event, audit row and
 * notice in the same transaction. Business refusals (AppError) keep what was written before them,
 * so every check of a move comes before its first write.
 */
import {
  fenToYuan,
  illegalSettlementMoveMessage,
  maskPhone,
  MSG,
  type SettlementAction,
  SETTLEMENT_MSG,
  settlementTransition,
  type auditSettlementOperation,
  type confirmSettlementOperation,
} from '@fieldpay/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import { enterpriseScope } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import {
  bankPlatforms,
  channelAccounts,
  ledgerAccounts,
  settlementEvents,
  settlements,
  settlementTasks,
  settlementTransfers,
  virtualAccounts,
} from '../../db/schema';
import { makeYurref } from '../../integrations/bank';
import type { Principal } from '../../platform/auth/sessions';
import { createNotice, enterpriseMemberIds, tenantStaffIds } from '../../platform/notices/service';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import type { Services } from '../../services';
import { SMS_PURPOSE, verifyPayPassword } from '../finance/pay-password';
import { ensureAccount, payBankAccounts, platformAccount, postEntry } from '../ledger/posting';
import { payoutJobKey, settlementLink } from './links';
import { settlementRecordOf } from './queries';

type Input<O extends { input: z.ZodType }> = z.output<O['input']>;
type SettlementRow = typeof settlements.$inferSelect;

const stateOf = (row: SettlementRow) => ({
  auditStatus: row.auditStatus,
  enterprisePayStatus: row.enterprisePayStatus,
  payStatus: row.payStatus,
  voucherStatus: row.voucherStatus,
});

/** The settlement the viewer may see, locked for a move; 404 otherwise. */
async function lockSettlement(db: DbOrTx, principal: Principal, id: number): Promise<SettlementRow> {
  const [row] = await db
    .select()
    .from(settlements)
    .where(and(enterpriseScope(principal, settlements.tenantId, settlements.enterpriseId), eq(settlements.id, id)))
    .for('update');
  if (!row) throw fail.notFound(SETTLEMENT_MSG.notFound);
  return row;
}

/** The next state, or 409 with 结算单当前状态为…，不能… */
function transition(action: SettlementAction, row: SettlementRow) {
  const next = settlementTransition(action, stateOf(row));
  if (!next) throw fail.conflict(illegalSettlementMoveMessage(action, stateOf(row)));
  return next;
}

export async function addEvent(
  db: DbOrTx,
  row: Pick<SettlementRow, 'id' | 'tenantId' | 'enterpriseId'>,
  title: string,
  operator: string,
  content: string,
  at = new Date(),
) {
  await db.insert(settlementEvents).values({
    tenantId: row.tenantId,
    enterpriseId: row.enterpriseId,
    settlementId: row.id,
    title,
    operator,
    content: content.slice(0, 300),
    createdAt: at,
  });
}

/**
 * POST auditSettlement: 2 approve and 3 refuse (the platform, settlement:list:audit; a refusal needs
 * its reason), -1 withdraw (settlement:list:withdraw, either side, under spec 2 §4's rule). A
 * refused or withdrawn settlement releases its tasks, so they can be settled again.
 */
export async function auditSettlement(
  services: Services,
  principal: Principal,
  input: Input<typeof auditSettlementOperation>,
  actor: AuditActor,
  now = new Date(),
) {
  const { db } = services.ctx;
  const withdrawing = input.auditStatus === -1;
  if (withdrawing) {
    if (!(await services.access.hasPermission(principal, 'settlement:list:withdraw')))
      throw fail.forbidden(SETTLEMENT_MSG.withdrawForbidden);
  } else if (
    principal.side !== 'platform' ||
    !(await services.access.hasPermission(principal, 'settlement:list:audit'))
  ) {
    throw fail.forbidden(SETTLEMENT_MSG.auditForbidden);
  }
  if (input.auditStatus === 3 && !input.remarks) throw fail.validation(SETTLEMENT_MSG.remarksRequired);
  const row = await lockSettlement(db, principal, input.settlementId);
  const action: SettlementAction = withdrawing ? 'withdraw' : input.auditStatus === 2 ? 'approve' : 'fail';
  const next = transition(action, row);

  await db
    .update(settlements)
    .set({
      ...next,
      ...(withdrawing
        ? { revokeTime: now }
        : { auditUserId: actor.userId, auditUserName: actor.name, auditTime: now, auditRemarks: input.remarks }),
      updatedAt: now,
    })
    .where(eq(settlements.id, row.id));
  if (action !== 'approve') {
    await db
      .update(settlementTasks)
      .set({ releasedAt: now })
      .where(
        and(
          eq(settlementTasks.tenantId, row.tenantId),
          eq(settlementTasks.settlementId, row.id),
          isNull(settlementTasks.releasedAt),
        ),
      );
  }
  const title = { approve: '平台审核通过', fail: '平台审核驳回', withdraw: '结算单撤回' }[action as string] ?? '';
  await addEvent(db, row, title, actor.name, input.remarks, now);
  await writeAudit(db, actor, {
    action: `settlement.${action}`,
    targetType: 'settlement',
    targetId: row.id,
    before: stateOf(row),
    after: { ...next, remarks: input.remarks },
  });
  const toEnterprise = principal.side === 'platform';
  await createNotice(db, {
    tenantId: row.tenantId,
    userIds: toEnterprise
      ? await enterpriseMemberIds(db, row.tenantId, row.enterpriseId)
      : await tenantStaffIds(db, row.tenantId),
    type: 'settlement',
    title: { approve: '结算单审核通过', fail: '结算单审核驳回', withdraw: '结算单已撤回' }[action as string] ?? '',
    content:
      action === 'approve'
        ? `结算单${row.settlementSn}已审核通过，金额${fenToYuan(row.amountFen)}元，请及时完成付款。`
        : action === 'fail'
          ? `结算单${row.settlementSn}审核未通过，原因：${input.remarks}`
          : `结算单${row.settlementSn}已撤回，其中的任务可重新生成结算单。`,
    bizId: row.id,
    link: settlementLink(row.id),
    createdAt: now,
  });
  return settlementRecordOf(db, principal, row.id);
}

/** The enterprise's paying bank of this code (and platform, when given) with its channel account. */
async function payingBank(db: DbOrTx, row: SettlementRow, bankNo: string, platformId: number | undefined) {
  const [bank] = await db
    .select({
      virtualAccountId: virtualAccounts.id,
      accountNo: virtualAccounts.accountNo,
      accountName: virtualAccounts.accountName,
      platformId: bankPlatforms.id,
      platformName: bankPlatforms.platformName,
      bankNo: bankPlatforms.bankNo,
      balanceFen: ledgerAccounts.balanceFen,
    })
    .from(virtualAccounts)
    .innerJoin(bankPlatforms, eq(bankPlatforms.id, virtualAccounts.platformId))
    .leftJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.virtualAccountId, virtualAccounts.id), eq(ledgerAccounts.kind, 'enterprise')),
    )
    .where(
      and(
        eq(virtualAccounts.tenantId, row.tenantId),
        eq(virtualAccounts.enterpriseId, row.enterpriseId),
        eq(bankPlatforms.bankNo, bankNo),
        platformId === undefined ? undefined : eq(bankPlatforms.id, platformId),
      ),
    )
    .orderBy(virtualAccounts.id)
    .limit(1);
  if (!bank) return undefined;
  const [channel] = await db
    .select()
    .from(channelAccounts)
    .where(and(eq(channelAccounts.tenantId, row.tenantId), eq(channelAccounts.platformId, bank.platformId)))
    .orderBy(channelAccounts.id)
    .limit(1);
  return channel ? { ...bank, channel } : undefined;
}

const paidAnswer = (row: SettlementRow, repeated: boolean) => ({
  settlementId: row.id,
  yurref: row.yurref ?? '',
  amount: fenToYuan(row.amountFen),
  repeated,
});

/** The tenant's channel account as the ledger knows it (money of the platform at the bank). */
export const channelBankAccount = (services: Services, tenantId: number, channel: { id: number; accountNo: string }) =>
  ensureAccount(services.ctx.scopes, {
    tenantId,
    enterpriseId: null,
    kind: 'bank',
    code: `channel:${channel.id}`,
    name: `平台结算户${channel.accountNo.slice(-4)}（银行存款）`,
  });

/**
 * POST confirmSettlement: exactly once. Checks run first (state, lines, bank, balance, password,
 * SMS code); then, under the row lock, a payment found already made answers its first result, and
 * otherwise the ledger entry, the new state, the yurref and the bank instruction's row are written
 * together. The instruction is sent after the commit by the payout runner (payouts.ts), which sends
 * the stored yurref however often it must.
 */
export async function paySettlement(
  services: Services,
  principal: Principal,
  body: Input<typeof confirmSettlementOperation>,
  actor: AuditActor,
  now = new Date(),
) {
  const { db } = services.ctx;
  if (principal.side !== 'enterprise' || principal.enterpriseId === null) throw fail.forbidden();
  const [seen] = await db
    .select()
    .from(settlements)
    .where(
      and(enterpriseScope(principal, settlements.tenantId, settlements.enterpriseId), eq(settlements.id, body.id)),
    );
  if (!seen) throw fail.notFound(SETTLEMENT_MSG.notFound);
  if (seen.enterprisePayStatus === 2) return paidAnswer(seen, true);
  transition('pay', seen);
  if (seen.failedPersonNum > 0) throw fail.rule(SETTLEMENT_MSG.hasUnpayableLine);
  const bank = await payingBank(db, seen, body.bankNo, body.platformId);
  if (!bank) throw fail.rule(SETTLEMENT_MSG.noPayerAccount);
  if ((bank.balanceFen ?? 0) < seen.amountFen) throw fail.rule(MSG.insufficientBalance);

  const owner = { tenantId: seen.tenantId, enterpriseId: seen.enterpriseId };
  const privateKey = await services.keys.consume(body.keyId);
  const password = services.keys.decrypt(privateKey, body.password);
  await verifyPayPassword(services, owner, password, actor.ip);
  if (body.phone !== (await services.sms.ownPhone(principal.userId))) throw fail.validation(MSG.smsPhoneNotOwn);
  const codeOk = await services.sms.consume({
    userId: principal.userId,
    purpose: SMS_PURPOSE.pay,
    code: body.phoneCode,
    subject: `settlement:${seen.id}`,
  });
  if (!codeOk) throw fail.validation(SETTLEMENT_MSG.smsCodeWrong);

  const row = await lockSettlement(db, principal, seen.id);
  if (row.enterprisePayStatus === 2) return paidAnswer(row, true);
  const next = transition('pay', row);

  const ledger = await payBankAccounts(services.ctx.scopes, {
    ...owner,
    virtualAccountId: bank.virtualAccountId,
    name: bank.accountName,
  });
  const channelAccountId = await channelBankAccount(services, row.tenantId, bank.channel);
  const receivedFen = row.payFen - row.taxFen;
  const lines = [
    { accountId: ledger.enterpriseAccountId, amountFen: row.amountFen },
    { accountId: await platformAccount(services.ctx.scopes, row.tenantId, 'feeIncome'), amountFen: -row.feeFen },
    { accountId: await platformAccount(services.ctx.scopes, row.tenantId, 'taxPayable'), amountFen: -row.taxFen },
    { accountId: await platformAccount(services.ctx.scopes, row.tenantId, 'personPayable'), amountFen: -receivedFen },
    // the money moves from the enterprise's sub-account to the platform's channel account
    { accountId: channelAccountId, amountFen: row.amountFen },
    { accountId: ledger.bankAccountId, amountFen: -row.amountFen },
  ].filter((line) => line.amountFen !== 0);
  // postEntry refuses (当前余额不足，请充值) before it writes anything
  await postEntry(services.ctx.scopes, {
    ...owner,
    entryType: 'settlementPay',
    reference: `settlement:${row.id}`,
    memo: `结算单${row.settlementSn}付款`,
    createdBy: actor.userId,
    postedAt: now,
    lines,
  });
  const yurref = makeYurref('S', row.id, 1, now);
  await db
    .update(settlements)
    .set({
      ...next,
      virtualAccountId: bank.virtualAccountId,
      bankNo: bank.bankNo,
      yurref,
      payUserId: principal.userId,
      payPhone: body.phone,
      enterprisePayTime: now,
      updatedAt: now,
    })
    .where(eq(settlements.id, row.id));
  await db.insert(settlementTransfers).values({
    ...owner,
    settlementId: row.id,
    lineId: null,
    kind: 'S',
    attempt: 1,
    yurref,
    payerAccountNo: bank.accountNo,
    payeeAccountNo: bank.channel.accountNo,
    payeeName: bank.channel.accountName,
    bankNo: bank.bankNo,
    bankName: bank.platformName,
    amountFen: row.amountFen,
    createdAt: now,
  });
  await addEvent(
    db,
    row,
    '企业付款',
    actor.name,
    `${bank.platformName}付款${fenToYuan(row.amountFen)}元，业务参考号${yurref}`,
    now,
  );
  await writeAudit(db, actor, {
    action: 'settlement.pay',
    targetType: 'settlement',
    targetId: row.id,
    before: stateOf(row),
    after: { ...next, yurref, bankNo: bank.bankNo, amountFen: row.amountFen, payPhone: maskPhone(body.phone) },
  });
  await createNotice(db, {
    tenantId: row.tenantId,
    userIds: await tenantStaffIds(db, row.tenantId),
    type: 'settlement',
    title: '结算单已付款',
    content: `结算单${row.settlementSn}已付款${fenToYuan(row.amountFen)}元，平台正在向服务人员发放。`,
    bizId: row.id,
    link: settlementLink(row.id),
    createdAt: now,
  });
  await services.jobs.send('settlements.payouts', { settlementId: row.id }, payoutJobKey(row.id));
  return paidAnswer({ ...row, yurref }, false);
}
