/**
 * 提现 (decision 0048): the money leaves a paying bank once per request, goes only to the
 * enterprise's own card, comes back when the bank fails the transfer, and the ledger balances.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword, getKey } from '../../../test/app';
import { useTestApp } from '../../../test/app';
import { createSettlementWorld, fund, get, PAY_PASSWORD, post, type SettlementWorld } from '../../../test/settlements';
import { bankBranches, enterpriseBankCards } from '../../db/schema';
import { runWithdrawals } from './withdrawals';

const t = useTestApp();
let world: SettlementWorld;
let foreign: SettlementWorld;
let cardId: number;
let foreignCardId: number;
let serial = 0;

const rows = async (sql: string, params: unknown[] = []) => (await t.database.executeSql(sql, params)).rows;
const ledgerBalanced = async () =>
  (await rows('select entry_id from ledger_postings group by entry_id having sum(amount_fen) <> 0')).length === 0;

async function addCard(owner: SettlementWorld, userName = '测试企业') {
  const suffix = `${Date.now() % 1_000_000}${++serial}`;
  const [branch] = await t.database.db
    .insert(bankBranches)
    .values({ cnapsCode: `1023${suffix}`.slice(0, 12), bankNo: 'ICBC', bankBranchName: '中国工商银行杭州西湖支行' })
    .returning({ id: bankBranches.id });
  const [card] = await t.database.db
    .insert(enterpriseBankCards)
    .values({
      tenantId: owner.tenantId,
      enterpriseId: owner.enterpriseId,
      bankDepositId: branch.id,
      bankDeposit: '中国工商银行杭州西湖支行',
      bankDepositAddress: '浙江省杭州市',
      bankAccount: `62220210${suffix}`.slice(0, 19),
      bankUserName: userName,
      bankReservedPhone: owner.phone,
      platformIds: [],
    })
    .returning({ id: enterpriseBankCards.id, bankAccount: enterpriseBankCards.bankAccount });
  return card;
}

/** A withdrawal's code (aged past the resend wait first), read from the outbox. */
async function withdrawCode(owner: SettlementWorld): Promise<string> {
  await t.database.executeSql(
    `update sms_codes set created_at = created_at - interval '61 seconds' where user_id = $1`,
    [owner.enterpriseUserId],
  );
  const sent = await post(t.app, owner.enterprise, '/api/sys/password/sendPhone', {
    phone: owner.phone,
    purpose: 'withdraw',
  });
  expect(sent.json().message).toBe('已向该手机号发送验证码');
  const [row] = await rows('select content from sms_outbox where phone = $1 order by id desc limit 1', [owner.phone]);
  expect(String(row.content)).toContain('用于提现');
  return /(\d{6})/.exec(String(row.content))?.[1] ?? '';
}

async function withdrawBody(
  owner: SettlementWorld,
  input: { amount: string | number; cardId: number; phoneCode: string; password?: string; requestId?: string },
) {
  const key = await getKey(t.app);
  return {
    id: owner.virtualAccountId,
    cardId: input.cardId,
    amount: input.amount,
    requestId: input.requestId ?? crypto.randomUUID(),
    keyId: key.keyId,
    password: encryptPassword(key.publicKey, input.password ?? PAY_PASSWORD),
    phone: owner.phone,
    phoneCode: input.phoneCode,
  };
}

const balance = async (owner: SettlementWorld) =>
  (
    await get(t.app, owner.enterprise, '/api/sys2/enterprise/bank/getEnterprisePayBankInfo', {
      enterpriseId: owner.enterpriseId,
    })
  ).json().result[0].accountSum as string;

const withdraw = (owner: SettlementWorld, body: object) =>
  post(t.app, owner.enterprise, '/api/sys/finance/account/withdraw', body);

beforeAll(async () => {
  world = await createSettlementWorld(t);
  foreign = await createSettlementWorld(t);
  await fund(t, world, '5000.00');
  await fund(t, foreign, '100.00');
  cardId = (await addCard(world)).id;
  foreignCardId = (await addCard(foreign)).id;
});

describe('提现', () => {
  it('lists the own cards, withdraws to one, and the bank pays it: 提现成功, the flow and the balance', async () => {
    const cards = await get(t.app, world.enterprise, '/api/sys/finance/account/withdrawCards', {
      id: world.virtualAccountId,
    });
    expect(cards.json().result).toEqual([
      expect.objectContaining({ id: cardId, bankDeposit: '中国工商银行杭州西湖支行', bankUserName: '测试企业' }),
    ]);
    const answer = await withdraw(
      world,
      await withdrawBody(world, { amount: '1200.50', cardId, phoneCode: await withdrawCode(world) }),
    );
    expect(answer.json()).toMatchObject({
      success: true,
      message: '提现申请已提交，银行处理中',
      result: { amount: '1200.50', status: 0, status_dictText: '处理中', cardUserName: '测试企业' },
    });
    const { yurref, id } = answer.json().result;
    expect(yurref).toMatch(/^FPW\d{6}\d{10}01$/);
    // the money is off the balance at once
    expect(await balance(world)).toBe('3799.50');
    // the bank accepts at once and finishes at the next question
    expect(await runWithdrawals(t.services, { withdrawalId: id })).toBe(1);
    expect(await runWithdrawals(t.services, { withdrawalId: id })).toBe(0);
    const bank = await t.services.bank.gateway();
    const transfer = await bank.queryTransfer(yurref);
    expect(transfer).toMatchObject({ status: 'success', amountFen: 120_050, payerAccountNo: world.virtualAccountNo });
    const list = await get(t.app, world.enterprise, '/api/sys/finance/account/withdrawList', {
      id: world.virtualAccountId,
    });
    expect(list.json().result.records[0]).toMatchObject({
      id,
      status: 1,
      status_dictText: '提现成功',
      finishTime: expect.any(Number),
    });
    const flows = await get(t.app, world.enterprise, '/api/sys/finance/account/flowList', {
      id: world.virtualAccountId,
    });
    expect(flows.json().result.records[0]).toMatchObject({
      entryTypeLabel: '提现',
      direction: 2,
      amount: '1200.50',
      balanceAfter: '3799.50',
      memo: expect.stringMatching(/^提现至中国工商银行杭州西湖支行（尾号\d{4}）$/),
    });
    // the platform's staff of the tenant sees the withdrawal too
    const staffList = await get(t.app, world.staff, '/api/sys/finance/account/withdrawList', {
      id: world.virtualAccountId,
    });
    expect(staffList.json().result.total).toBeGreaterThanOrEqual(1);
    expect(await ledgerBalanced()).toBe(true);
  });

  it('8 racing requests of one request id: one withdrawal, one ledger entry, every answer the same', async () => {
    const body = await withdrawBody(world, { amount: '10.00', cardId, phoneCode: await withdrawCode(world) });
    const answers = await Promise.all(Array.from({ length: 8 }, () => withdraw(world, body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    const ids = new Set(answers.map((answer) => answer.json().result.id));
    expect(ids.size).toBe(1);
    const [yurref] = answers.map((answer) => answer.json().result.yurref);
    expect(
      await rows("select id from ledger_entries where entry_type = 'withdraw' and reference = $1", [yurref]),
    ).toHaveLength(1);
    expect(await rows('select id from enterprise_withdrawals where request_id = $1', [body.requestId])).toHaveLength(1);
    await runWithdrawals(t.services);
    expect(await ledgerBalanced()).toBe(true);
  });

  it('a failed transfer books the money back once; a lost answer is sent again under the same yurref', async () => {
    const bank = await t.services.bank.gateway();
    // the payee bank knows the card under another name: 收款人户名与账号不符
    const wrongName = await addCard(world, '另一家公司');
    await bank.openAccount({ accountNo: wrongName.bankAccount, accountName: '真实户名公司' });
    const before = await balance(world);
    const failed = await withdraw(
      world,
      await withdrawBody(world, { amount: '300.00', cardId: wrongName.id, phoneCode: await withdrawCode(world) }),
    );
    const { id, yurref } = failed.json().result;
    await runWithdrawals(t.services);
    await runWithdrawals(t.services);
    const [row] = await rows('select status, failure_reason from enterprise_withdrawals where id = $1', [id]);
    expect(row).toEqual({ status: 2, failure_reason: '收款人户名与账号不符' });
    expect(
      await rows("select id from ledger_entries where entry_type = 'withdrawReturned' and reference = $1", [yurref]),
    ).toHaveLength(1);
    expect(await balance(world)).toBe(before);
    // the enterprise's users are told, with the bank's words
    const [notice] = await rows(
      "select title, content, link from notices where type = 'finance' and biz_id = $1 and user_id = $2",
      [String(id), world.enterpriseUserId],
    );
    expect(notice).toEqual({
      title: '提现失败',
      content: expect.stringMatching(
        /^提现300\.00元至中国工商银行杭州西湖支行（尾号\d{4}）失败：收款人户名与账号不符，款项已退回账户余额。$/,
      ),
      link: '/company/financialSystem/financialAccountManage',
    });

    // the bank recorded the next one but its answer was lost: the runner sends it again and it moves once
    await bank.setFaults({ timeoutAfterAcceptRate: 1 });
    const lost = await withdraw(
      world,
      await withdrawBody(world, { amount: '20.00', cardId, phoneCode: await withdrawCode(world) }),
    );
    const lostRef = lost.json().result.yurref as string;
    expect(await runWithdrawals(t.services)).toBeGreaterThan(0);
    await bank.setFaults({ timeoutAfterAcceptRate: 0 });
    await runWithdrawals(t.services);
    expect((await bank.queryTransfer(lostRef))?.status).toBe('success');
    const statement = await bank.statement({ accountNo: world.virtualAccountNo, limit: 1000 });
    expect(statement.filter((line) => line.yurref === lostRef && line.direction === 'D')).toHaveLength(1);
    expect(await ledgerBalanced()).toBe(true);
  });

  it('refuses with a clear message and moves nothing', async () => {
    const before = await balance(world);
    const code = await withdrawCode(world);
    const cases: Array<[Partial<Parameters<typeof withdrawBody>[1]>, string]> = [
      [{ amount: '0' }, '金额：请输入大于0且小于1000000、最多两位小数的金额'],
      [{ amount: '12.345' }, '金额：请输入大于0且小于1000000、最多两位小数的金额'],
      [{ amount: '1000000' }, '金额：请输入大于0且小于1000000、最多两位小数的金额'],
      [{ amount: '' }, '金额：请输入提现金额'],
      [{ amount: '999999.99' }, '提现金额不能超过账户余额'],
      [{ cardId: foreignCardId }, '收款银行卡不存在或不属于本企业'],
      [{ password: '000000' }, '交易密码错误'],
      [{ phoneCode: code === '111111' ? '222222' : '111111' }, '短信验证码错误或已过期'],
    ];
    for (const [change, message] of cases) {
      const body = await withdrawBody(world, { amount: '1.00', cardId, phoneCode: code, ...change });
      const answer = await withdraw(world, body);
      expect(answer.json().message, JSON.stringify(change)).toBe(message);
    }
    const foreignBank = await withdraw(world, {
      ...(await withdrawBody(world, { amount: '1.00', cardId, phoneCode: code })),
      id: foreign.virtualAccountId,
    });
    expect(foreignBank.statusCode).toBe(404);
    expect(foreignBank.json().message).toBe('付款银行不存在');
    expect(await balance(world)).toBe(before);
  });

  it('is the enterprise’s own: the platform may not withdraw, another tenant sees nothing', async () => {
    const staffTry = await post(t.app, world.staff, '/api/sys/finance/account/withdraw', {
      ...(await withdrawBody(world, { amount: '1.00', cardId, phoneCode: '123456' })),
    });
    expect(staffTry.statusCode).toBe(403);
    const cards = await get(t.app, foreign.enterprise, '/api/sys/finance/account/withdrawCards', {
      id: world.virtualAccountId,
    });
    expect(cards.statusCode).toBe(404);
    const list = await get(t.app, foreign.staff, '/api/sys/finance/account/withdrawList', {
      id: world.virtualAccountId,
    });
    expect(list.statusCode).toBe(404);
    const own = await get(t.app, foreign.enterprise, '/api/sys/finance/account/withdrawList', {
      id: foreign.virtualAccountId,
    });
    expect(own.json().result).toEqual({ records: [], total: 0 });
  });
});
