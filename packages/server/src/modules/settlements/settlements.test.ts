import { formatChinaDateTime } from '@fieldpay/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPlatformUser, login, useTestApp } from '../../../test/app';
import {
  addWorker,
  approve,
  createSettlement,
  createSettlementWorld,
  fund,
  get,
  pay,
  payBody,
  paidOutSettlement,
  paymentCode,
  post,
  type SettlementWorld,
} from '../../../test/settlements';
import { drainPayouts } from './payouts';

const t = useTestApp();
let world: SettlementWorld;
let foreign: SettlementWorld;

const detail = async (who: SettlementWorld['enterprise'], settlementId: number) =>
  get(t.app, who, '/api/sys/order/getSettlementDetail', { settlementId });
const lines = async (settlementId: number) =>
  (await get(t.app, world.enterprise, '/api/sys/order/confirmSettlementDetailList', { settlementId })).json()
    .result as Array<Record<string, unknown>>;
const ledgerBalanced = async () => {
  const { rows } = await t.database.executeSql(
    'select entry_id, sum(amount_fen)::bigint as total from ledger_postings group by entry_id having sum(amount_fen) <> 0',
  );
  return rows.length === 0;
};
const count = async (sqlText: string, params: unknown[]) =>
  Number((await t.database.executeSql(sqlText, params)).rows[0]?.n ?? 0);

const operatorLogin = async (): Promise<[string, string]> => {
  const user = await createPlatformUser(t.database, { tenantId: 0 });
  return [user.username, user.password];
};

beforeAll(async () => {
  world = await createSettlementWorld(t);
  foreign = await createSettlementWorld(t);
});

describe('creating a settlement', () => {
  it('makes one line per person with the fee and the withheld taxes, and settles a task once', async () => {
    const a = await addWorker(t, world, { count: 2, priceFen: 515_000 });
    const b = await addWorker(t, world, { count: 1, priceFen: 80_000 });
    const response = await createSettlement(t, world);
    expect(response.statusCode).toBe(200);
    const created = response.json().result;
    // pay 10,300.00 + 800.00; fee 6 % by the pay
    expect(created).toMatchObject({ amount: '11766.00', failedPersonNum: 0 });
    const rows = await lines(created.id);
    const lineA = rows.find((row) => row.userName === a.name);
    // gross 10,300.00 at VAT 3 %, surcharges 12 %: decision 0019's worked example
    expect(lineA).toMatchObject({
      amount: '10300.00',
      fee: '618.00',
      valueAddedTax: '300.00',
      surchargeTax: '36.00',
      individualIncomeTax: '1600.00',
      totalTaxAmount: '1936.00',
      receivedAmount: '8364.00',
      totalTask: 2,
      isSuccess: 1,
    });
    expect(rows.find((row) => row.userName === b.name)).toMatchObject({ amount: '800.00', fee: '48.00' });
    const again = await createSettlement(t, world);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('该项目的服务类型下没有可结算的任务');
  });

  it('answers the first settlement to a repeated request and refuses a foreign project', async () => {
    await addWorker(t, world, { priceFen: 5_000 });
    const body = { requestId: crypto.randomUUID(), projectId: world.projectId, visitTypeId: 'cgfw' };
    const first = await post(t.app, world.enterprise, '/api/sys/order/createSettlementListV2', body);
    const second = await post(t.app, world.enterprise, '/api/sys/order/createSettlementListV2', body);
    expect(second.json().result.id).toBe(first.json().result.id);
    const foreignProject = await post(t.app, world.enterprise, '/api/sys/order/createSettlementListV2', {
      ...body,
      requestId: crypto.randomUUID(),
      projectId: foreign.projectId,
    });
    expect(foreignProject.statusCode).toBe(404);
    await post(t.app, world.enterprise, '/api/sys/order/auditSettlement', {
      settlementId: first.json().result.id,
      auditStatus: -1,
    });
  });

  it('marks a person without a verified card unpayable, and refuses to pay such a settlement', async () => {
    const other = await createSettlementWorld(t);
    await addWorker(t, other, { card: false });
    const created = (await createSettlement(t, other)).json().result;
    expect(created.failedPersonNum).toBe(1);
    const [line] = (
      await get(t.app, other.enterprise, '/api/sys/order/confirmSettlementDetailList', {
        settlementId: created.id,
      })
    ).json().result;
    expect(line).toMatchObject({
      isSuccess: 0,
      thirdPayStatus: 5,
      thirdResponseMsg: '该自然人未绑定已认证的银行卡，不可结算',
    });
    await approve(t, other, created.id);
    await fund(t, other, '1000.00');
    const paid = await pay(t, other, created.id);
    expect(paid.statusCode).toBe(422);
    expect(paid.json().message).toBe('结算费用中有自然人不可结算，请重新生成结算单');
  });
});

describe('audit and withdraw', () => {
  it('lets the platform approve or refuse, never the enterprise, and never another tenant', async () => {
    await addWorker(t, world, { priceFen: 1_000 });
    const created = (await createSettlement(t, world)).json().result;
    const byEnterprise = await post(t.app, world.enterprise, '/api/sys/order/auditSettlement', {
      settlementId: created.id,
      auditStatus: 2,
    });
    expect(byEnterprise.statusCode).toBe(403);
    const byForeign = await post(t.app, foreign.staff, '/api/sys/order/auditSettlement', {
      settlementId: created.id,
      auditStatus: 2,
    });
    expect(byForeign.statusCode).toBe(404);
    expect((await detail(foreign.staff, created.id)).statusCode).toBe(404);
    const noReason = await post(t.app, world.staff, '/api/sys/order/auditSettlement', {
      settlementId: created.id,
      auditStatus: 3,
    });
    expect(noReason.json().message).toBe('请输入驳回原因');
    const refused = await post(t.app, world.staff, '/api/sys/order/auditSettlement', {
      settlementId: created.id,
      auditStatus: 3,
      remarks: '任务照片不清晰',
    });
    expect(refused.json()).toMatchObject({ message: '已驳回', result: { auditStatus: 3, remarks: '任务照片不清晰' } });
    const twice = await approve(t, world, created.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('结算单当前状态为审核未通过，不能审核通过');
    // the refused settlement released its task: it can be settled again
    expect((await createSettlement(t, world)).statusCode).toBe(200);
  });

  it('withdraws an approved unpaid settlement and writes the timeline', async () => {
    await addWorker(t, world, { priceFen: 2_000 });
    const created = (await createSettlement(t, world)).json().result;
    await approve(t, world, created.id);
    const withdrawn = await post(t.app, world.enterprise, '/api/sys/order/auditSettlement', {
      settlementId: created.id,
      auditStatus: -1,
    });
    expect(withdrawn.json()).toMatchObject({ message: '撤回成功', result: { auditStatus: -1 } });
    expect(withdrawn.json().result.revokeTime).toBeGreaterThan(0);
    const timeline = (
      await get(t.app, world.enterprise, '/api/sys/order/getSettlementTimeline', {
        settlementId: created.id,
      })
    ).json().result;
    expect(timeline.map((event: { title: string }) => event.title)).toEqual([
      '企业申请结算',
      '平台审核通过',
      '结算单撤回',
    ]);
  });
});

describe('paying and paying out', () => {
  it('refuses a wrong password, a wrong code and a short balance, moving nothing', async () => {
    await addWorker(t, world, { priceFen: 100_000 });
    const created = (await createSettlement(t, world)).json().result;
    await approve(t, world, created.id);
    const poor = await pay(t, world, created.id);
    expect(poor.json().message).toBe('当前余额不足，请充值');
    await fund(t, world, '2000.00');
    const code = await paymentCode(t, world, created.id);
    const wrongPassword = await post(
      t.app,
      world.enterprise,
      '/api/sys/order/confirmSettlement',
      await payBody(t, world, created.id, code, '111111'),
    );
    expect(wrongPassword.json().message).toBe('交易密码错误');
    const wrongCode = await post(
      t.app,
      world.enterprise,
      '/api/sys/order/confirmSettlement',
      await payBody(t, world, created.id, code === '000000' ? '000001' : '000000'),
    );
    expect(wrongCode.json().message).toBe('验证码错误或已失效，请重新获取');
    expect((await detail(world.enterprise, created.id)).json().result).toMatchObject({
      enterprisePayStatus: 1,
      payStatus: 0,
      yurref: '',
    });
    await post(t.app, world.enterprise, '/api/sys/order/auditSettlement', {
      settlementId: created.id,
      auditStatus: -1,
    });
  });

  it('pays once, pays every person out, books the ledger, and answers a repeat with the first result', async () => {
    const worker = await addWorker(t, world, { count: 3, priceFen: 20_000 });
    const created = (await createSettlement(t, world)).json().result;
    await approve(t, world, created.id);
    await fund(t, world, '1000.00');
    const paid = await pay(t, world, created.id);
    expect(paid.json()).toMatchObject({ success: true, message: '付款成功，平台将尽快完成发放' });
    const { yurref } = paid.json().result;
    expect(yurref).toMatch(/^FPS\d{18}$/);
    const repeat = await pay(t, world, created.id);
    expect(repeat.json()).toMatchObject({
      message: '该结算单已付款，请勿重复操作',
      result: { yurref, repeated: true },
    });

    await drainPayouts(t.services, created.id);
    const done = (await detail(world.enterprise, created.id)).json().result;
    expect(done).toMatchObject({ enterprisePayStatus: 2, payStatus: 2, unSettlementNum: 0 });
    expect(done.settlementNum).toBe(done.totalPersonNum);
    expect(done.settlementTime).toBeGreaterThan(0);
    const line = (await lines(created.id)).find((row) => row.userName === worker.name);
    expect(line).toMatchObject({ payStatus: 1, thirdPayStatus: 2, payProcessed: 1 });
    // the records by name, and the person's paid lines across settlements (spec 2 §2.4)
    const records = (
      await get(t.app, world.enterprise, '/api/sys/order/getSettlementRecordPage', {
        settlementId: created.id,
        userName: worker.name,
        pageNo: 1,
        pageSize: 10,
      })
    ).json().result;
    expect(records.total).toBe(1);
    expect(records.records[0]).toMatchObject({ userName: worker.name, payStatus: 1, payStatusLabel: '结算成功' });
    const personal = (
      await get(t.app, world.enterprise, '/api/sys/order/getPersonSettlementPage', {
        userId: line?.userId,
        pageNo: 1,
        pageSize: 10,
      })
    ).json().result;
    expect(personal.records).toContainEqual(
      expect.objectContaining({ settlementId: created.id, payStatus: 1, subSettlementSn: line?.subOrderNum }),
    );
    const theirs = (
      await get(t.app, foreign.enterprise, '/api/sys/order/getPersonSettlementPage', { userId: line?.userId })
    ).json().result;
    expect(theirs.total).toBe(0);
    const bank = await t.services.bank.gateway();
    expect((await bank.queryTransfer(yurref))?.status).toBe('success');
    expect(await ledgerBalanced()).toBe(true);
    expect(
      await count(
        "select count(*)::int as n from ledger_entries where entry_type = 'settlementPay' and reference = $1",
        [`settlement:${created.id}`],
      ),
    ).toBe(1);
  });

  it('re-issues a failed payout to the corrected card, once, and lists every attempt', async () => {
    const worker = await addWorker(t, world, { priceFen: 30_000 });
    const bank = await t.services.bank.gateway();
    // the bank knows the card under another name: the payout fails with 户名不符
    await bank.openAccount({ accountNo: worker.accountNo, accountName: '别人' });
    const created = (await createSettlement(t, world)).json().result;
    await approve(t, world, created.id);
    await fund(t, world, '500.00');
    expect((await pay(t, world, created.id)).statusCode).toBe(200);
    await drainPayouts(t.services, created.id);
    expect((await detail(world.enterprise, created.id)).json().result.payStatus).toBe(3);
    const [failed] = await lines(created.id);
    expect(failed).toMatchObject({ payStatus: 2, thirdPayStatus: 3, thirdResponseMsg: '收款人户名与账号不符' });

    const early = await post(t.app, world.staff, '/api/sys/order/reissue', { id: failed.id });
    expect(early.statusCode).toBe(200);
    const twice = await post(t.app, world.staff, '/api/sys/order/reissue', { id: failed.id });
    expect(twice.statusCode).toBe(409);
    // the second attempt goes to the same card and fails again; fix the name at the bank, re-issue
    await drainPayouts(t.services, created.id);
    await bank.openAccount({ accountNo: `${worker.accountNo}`, accountName: '别人' });
    const info = (
      await get(t.app, world.staff, '/api/sys/order/getReissueInfo', { settlementDetailId: failed.id })
    ).json().result;
    expect(info).toMatchObject({ userName: worker.name, amount: expect.any(String) });
    const process = (
      await get(t.app, world.staff, '/api/sys/order/getSettlementProcess', {
        settlementDetailId: failed.id,
      })
    ).json().result;
    expect(process.length).toBe(2);
    expect(process[0]).toMatchObject({ payStatus: '2', payStatusLabel: '失败', msg: '收款人户名与账号不符' });
    // the instructions went through the settlement's bank (CMB, the call's default): none through another
    const through = async (bankNo: string) =>
      (
        await get(t.app, world.staff, '/api/sys/order/getSettlementProcess', { settlementDetailId: failed.id, bankNo })
      ).json().result;
    expect(await through('CMB')).toEqual(process);
    expect(await through('SCP')).toEqual([]);
    expect(await ledgerBalanced()).toBe(true);
    // the enterprise cannot re-issue
    expect((await post(t.app, world.enterprise, '/api/sys/order/reissue', { id: failed.id })).statusCode).toBe(403);
  });
});

describe('the per-person records', () => {
  it('filter by settlement id or number, person, pay status and paying bank, 10 a page unless asked', async () => {
    const own = await createSettlementWorld(t);
    const workers = [];
    for (let index = 0; index < 11; index++) workers.push(await addWorker(t, own, { priceFen: 1_000 + index }));
    const bank = await t.services.bank.gateway();
    // the bank knows the first card under another name: its payout fails
    await bank.openAccount({ accountNo: workers[0].accountNo, accountName: '别人' });
    const paidOut = await paidOutSettlement(t, own, '500.00');
    const late = await addWorker(t, own, { priceFen: 2_000 });
    const waiting = (await createSettlement(t, own)).json().result as { id: number };
    type Line = { id: number; settlementId: number; userId: number; userName: string; payStatus: number };
    const records = async (query: Record<string, unknown>) => {
      const answer = await get(t.app, own.enterprise, '/api/sys/order/getSettlementRecordPage', query);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().result as { records: Line[]; total: number };
    };
    const ids = (page: { records: Line[] }) => page.records.map((line) => line.id).sort((a, b) => a - b);

    // 10 a page when the page size is not given
    const first = await records({ settlementId: paidOut.id });
    expect(first.total).toBe(11);
    expect(first.records).toHaveLength(10);
    const second = await records({ settlementId: paidOut.id, pageNo: 2 });
    expect(second.records).toHaveLength(1);
    const whole = await records({ settlementId: paidOut.id, pageSize: 20 });
    expect(whole.records).toHaveLength(11);
    expect(ids(whole)).toEqual(ids({ records: [...first.records, ...second.records] }));
    expect(whole.records.every((line) => line.settlementId === paidOut.id)).toBe(true);
    // the settlement by its number instead of its id
    expect(ids(await records({ settlementSn: paidOut.settlementSn, pageSize: 20 }))).toEqual(ids(whole));
    expect((await records({ pageSize: 50 })).total).toBe(12);
    // one person
    const one = await records({ userId: workers[3].personId });
    expect(one.total).toBe(1);
    expect(one.records[0]).toMatchObject({ userName: workers[3].name, settlementId: paidOut.id, payStatus: 1 });
    // by pay status: the failed payout, the paid ones, the line of the settlement not yet paid
    const failed = await records({ settlementId: paidOut.id, payStatus: 2 });
    expect(failed.records.map((line) => line.userName)).toEqual([workers[0].name]);
    expect((await records({ settlementId: paidOut.id, payStatus: 1, pageSize: 20 })).total).toBe(10);
    const unpaid = await records({ payStatus: 0 });
    expect(unpaid.records).toEqual([expect.objectContaining({ settlementId: waiting.id, userName: late.name })]);
    // by the paying bank: the paid settlement went through CMB; the waiting one has no bank yet
    const throughCmb = await records({ bankNo: 'CMB', pageSize: 50 });
    expect(ids(throughCmb)).toEqual(ids(whole));
    expect((await records({ bankNo: 'SCP' })).total).toBe(0);
    // none of another enterprise's lines
    expect(
      (
        await get(t.app, foreign.enterprise, '/api/sys/order/getSettlementRecordPage', { settlementId: paidOut.id })
      ).json().result.total,
    ).toBe(0);
  });
});

describe('the figures', () => {
  it('show on the dashboard and the project summary of the owner only', async () => {
    const own = (await get(t.app, world.enterprise, '/api/sys/dashboard/overview')).json().result;
    expect(own.settlementCount).toBeGreaterThan(0);
    expect(Number(own.paidAmount)).toBeGreaterThan(0);
    expect(own.taskCount).toBeGreaterThan(0);
    const other = (await get(t.app, foreign.enterprise, '/api/sys/dashboard/overview')).json().result;
    expect(other).toMatchObject({ settlementCount: 0, paidAmount: '0.00', taskCount: 0 });
    const summary = (
      await get(t.app, world.staff, '/api/sys/project/summary', {
        projectId: world.projectId,
      })
    ).json().result;
    expect(summary.settle.settlementNum).toBeGreaterThan(0);
    expect(summary.settle.personNum).toBeGreaterThan(0);
    const people = (
      await get(t.app, world.enterprise, '/api/sys/project/personList', {
        projectId: world.projectId,
        pageNo: 1,
        pageSize: 10,
      })
    ).json().result;
    expect(people.total).toBeGreaterThan(3);
    expect(people.records[0]).toMatchObject({
      bankName: '中国工商银行',
      bankCard: expect.stringMatching(/^\*\*\*\* /),
    });
    expect(people.records.some((row: { settledFee: string }) => Number(row.settledFee) > 0)).toBe(true);
    const foreignAsk = await get(t.app, foreign.staff, '/api/sys/project/personList', { projectId: world.projectId });
    expect(foreignAsk.statusCode).toBe(404);
    expect(foreignAsk.json().code).toBe(10013);
  });

  it('list the project persons with their task counts and paid-out sums, paged, for every side', async () => {
    const own = await createSettlementWorld(t);
    for (let count = 1; count <= 6; count++) await addWorker(t, own, { count, priceFen: 10_000 * count });
    const settlement = (await createSettlement(t, own)).json().result;
    await approve(t, own, settlement.id);
    await fund(t, own, '20000.00');
    expect((await pay(t, own, settlement.id)).statusCode).toBe(200);
    await drainPayouts(t.services, settlement.id);
    // taken and audited, not settled yet: one with a card, one without
    await addWorker(t, own, { count: 3 });
    await addWorker(t, own, { count: 2, card: false });
    // what the tables say, per person of the project: tasks taken and received fen of paid lines
    const { rows: expected } = await t.database.executeSql(
      `select t.person_id, count(*)::int as tasks,
         coalesce((select sum(l.received_fen) from settlement_lines l join settlements s on s.id = l.settlement_id
                   where s.project_id = $1 and l.pay_status = 1 and l.person_id = t.person_id), 0)::int as paid
       from tasks t where t.project_id = $1 and t.person_id is not null group by t.person_id order by t.person_id`,
      [own.projectId],
    );
    expect(expected.length).toBe(8);
    expect(expected.filter((row) => Number(row.paid) > 0).length).toBe(6);
    const operator = await login(t.app, 'platform', ...(await operatorLogin()));
    const ask = (who: SettlementWorld['staff'], query: Record<string, unknown>) =>
      get(t.app, who, '/api/sys/project/personList', { projectId: own.projectId, ...query });
    const pages = [];
    for (const pageNo of [1, 2, 3]) pages.push((await ask(own.staff, { pageNo, pageSize: 3 })).json().result);
    expect(pages.map((page) => page.total)).toEqual([8, 8, 8]);
    const listed = pages.flatMap((page) => page.records);
    expect(listed.map((row: { userId: number }) => row.userId)).toEqual(expected.map((row) => Number(row.person_id)));
    for (const [index, row] of listed.entries()) {
      expect(row.taskCount).toBe(Number(expected[index].tasks));
      expect(row.settledFee).toBe((Number(expected[index].paid) / 100).toFixed(2));
    }
    expect(listed.filter((row: { bankCard: string }) => row.bankCard === '').length).toBe(1);
    // the operator and the enterprise see the same page; another enterprise's id gives nothing
    const first = JSON.stringify(pages[0]);
    expect(JSON.stringify((await ask(operator, { pageNo: 1, pageSize: 3 })).json().result)).toBe(first);
    expect(JSON.stringify((await ask(own.enterprise, { pageNo: 1, pageSize: 3 })).json().result)).toBe(first);
    const narrowed = await ask(own.staff, { pageNo: 1, pageSize: 3, enterpriseId: foreign.enterpriseId });
    expect(narrowed.json().result).toEqual({ records: [], total: 0 });
    // past the last page: the total and no rows; another tenant's staff and a project of nobody's: not found
    expect((await ask(own.staff, { pageNo: 99, pageSize: 10 })).json().result).toEqual({ records: [], total: 8 });
    expect((await ask(foreign.staff, { pageNo: 1, pageSize: 10 })).json().code).toBe(10013);
    const missing = await get(t.app, operator, '/api/sys/project/personList', { projectId: 2_000_000_000 });
    expect(missing.json().code).toBe(10013);
  });
});

describe('the list', () => {
  it('filters by the application time and the platform settlement time, in China time, each on its own column', async () => {
    await addWorker(t, world, { priceFen: 3_000 });
    const created = (await createSettlement(t, world)).json().result;
    await approve(t, world, created.id);
    await fund(t, world, '100.00');
    await pay(t, world, created.id);
    await drainPayouts(t.services, created.id);
    await addWorker(t, world, { priceFen: 1_000 });
    const waiting = (await createSettlement(t, world)).json().result;
    const paidOut = (await detail(world.enterprise, created.id)).json().result as {
      id: number;
      createTime: number;
      settlementTime: number;
    };
    expect(paidOut.settlementTime).toBeGreaterThan(0);
    const around = (time: number) => [formatChinaDateTime(time - 1_000), formatChinaDateTime(time + 1_000)];
    const ids = async (query: Record<string, unknown>) => {
      const answer = await get(t.app, world.enterprise, '/api/sys/order/getSettlementPage', {
        pageNo: 1,
        pageSize: 50,
        ...query,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json().result.records as Array<{ id: number }>).map((row) => row.id);
    };
    const [platformStartTime, platformEndTime] = around(paidOut.settlementTime);
    const settledThen = await ids({ platformStartTime, platformEndTime });
    expect(settledThen).toContain(paidOut.id);
    // made in the same second, but never paid out: no platform settlement time to fall in the window
    expect(settledThen).not.toContain(waiting.id);
    const [startTime, endTime] = around(paidOut.createTime);
    expect(await ids({ startTime, endTime })).toContain(paidOut.id);
    expect(await ids({ platformStartTime: '2000-01-01 00:00:00', platformEndTime: '2000-01-31 23:59:59' })).toEqual([]);
    const malformed = await get(t.app, world.enterprise, '/api/sys/order/getSettlementPage', {
      platformStartTime: '2026/11/01',
    });
    expect(malformed.json()).toMatchObject({ success: false });
    expect(malformed.json().message).toContain('平台结算开始时间');
  });

  it('searches by a part of the settlement number, up to 50 characters; a longer one is refused by name', async () => {
    await addWorker(t, world, { priceFen: 2_000 });
    const made = (await createSettlement(t, world)).json().result as { id: number; settlementSn: string };
    const search = (settlementSn: string) =>
      get(t.app, world.enterprise, '/api/sys/order/getSettlementPage', { pageNo: 1, pageSize: 50, settlementSn });
    const part = await search(made.settlementSn.slice(-6));
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().result.records.map((row: { id: number }) => row.id)).toContain(made.id);
    expect((await search('9'.repeat(50))).json().result.records).toEqual([]);
    const tooLong = await search('9'.repeat(51));
    expect(tooLong.json()).toMatchObject({ success: false });
    expect(tooLong.json().message).toContain('结算单号');
  });

  it('sorts, totals and scopes', async () => {
    const answer = await get(t.app, world.enterprise, '/api/sys/order/getSettlementPage', {
      pageNo: 1,
      pageSize: 50,
      orderField: 'amount',
      orderSort: 0,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const page = answer.json().result;
    expect(page.total).toBeGreaterThan(3);
    const amounts = page.records.map((row: { amount: string }) => Number(row.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const sum = page.records.reduce(
      (total: number, row: { amount: string }) => total + Math.round(Number(row.amount) * 100),
      0,
    );
    expect(page.totalAmount).toBe((sum / 100).toFixed(2));
    expect(page.records.every((row: { enterpriseId: number }) => row.enterpriseId === world.enterpriseId)).toBe(true);
    const foreignAnswer = await get(t.app, foreign.staff, '/api/sys/order/getSettlementPage', {});
    expect(foreignAnswer.statusCode, foreignAnswer.body).toBe(200);
    const foreignPage = foreignAnswer.json().result;
    expect(foreignPage.records.some((row: { tenantId: number }) => row.tenantId === world.tenantId)).toBe(false);

    // the enterprise-settlement variant: persons paid out and not, per statement, the enterprise's own only
    const apply = (
      await get(t.app, world.enterprise, '/api/sys/order/applySettlementList', { pageNo: 1, pageSize: 50 })
    ).json().result;
    expect(apply.total).toBe(page.total);
    for (const row of apply.records as Array<Record<string, number>>) {
      expect(row.enterpriseId).toBe(world.enterpriseId);
      expect(row.settlementNum + row.unSettlementNum).toBe(row.totalPersonNum);
    }
    expect(
      apply.records.some(
        (row: { payStatus: number; unSettlementNum: number }) => row.payStatus === 2 && row.unSettlementNum === 0,
      ),
    ).toBe(true);
    // the platform's audit queue: pending statements only, oldest first
    const queue = (
      await get(t.app, world.staff, '/api/sys/order/getAuditSettlementPage', { pageNo: 1, pageSize: 50 })
    ).json().result;
    expect(queue.records.every((row: { auditStatus: number }) => row.auditStatus === 1)).toBe(true);
    const created = queue.records.map((row: { createTime: number }) => row.createTime);
    expect(created).toEqual([...created].sort((a: number, b: number) => a - b));
  });
});
