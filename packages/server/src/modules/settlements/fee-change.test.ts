/**
 * 服务费变更 (spec 3 §4 "Enterprise fee change", §5, §7; decision 0035): the fee query and its code
 * 10013, at once or from next month, the ordered-this-month check that refuses at once, a waiting
 * setting replaced by a newer decision and taking effect when its month comes, settlements priced with
 * the setting in force, the form's messages, another platform's enterprise, the code and the side.
 */
import { ApiCode, FEE_CHANGE_MSG } from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPlatformUser, createTenant, login, signInPlatformWithout, useTestApp } from '../../../test/app';
import {
  addWorker,
  createSettlement,
  createSettlementWorld,
  get,
  post,
  type SettlementWorld,
} from '../../../test/settlements';
import { auditLogs, enterpriseFeeConfigs, settlementLines } from '../../db/schema';
import { chinaMonth, chinaMonthBounds } from '../../platform/china-time';

const t = useTestApp();
const CURRENT = '/api/sys/enterprise/fee/current';
const ORDERED = '/api/sys/enterprise/fee/ordered';
const SAVE = '/api/sys/enterprise/fee/save';

let world: SettlementWorld;
const keys = () => ({ enterpriseId: world.enterpriseId, tenantId: world.tenantId });
const single = (serviceRate: string, executeType: 1 | 2 = 1) => ({
  ...keys(),
  executeType,
  feeMode: 0,
  chargingMode: 1,
  serviceRate,
});
const tiered = (executeType: 1 | 2) => ({
  ...keys(),
  executeType,
  feeMode: 1,
  chargingMode: 0,
  feeList: [
    { start: '0', end: '30000', fee: '5' },
    { start: '30000', end: '1000000', fee: '7.25' },
  ],
});
const rows = () =>
  t.database.db
    .select()
    .from(enterpriseFeeConfigs)
    .where(
      and(eq(enterpriseFeeConfigs.tenantId, world.tenantId), eq(enterpriseFeeConfigs.enterpriseId, world.enterpriseId)),
    );
const nextMonthStart = () => chinaMonthBounds(chinaMonth(new Date())).end.getTime();

beforeAll(async () => {
  world = await createSettlementWorld(t);
});

describe('服务费变更', () => {
  it('answers 10013 while the enterprise has no fee of its own, and nothing ordered this month', async () => {
    const none = await get(t.app, world.staff, CURRENT, keys());
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ success: false, code: ApiCode.feeMissing, message: FEE_CHANGE_MSG.missing });
    expect((await get(t.app, world.staff, ORDERED, keys())).json().result).toEqual({ ordered: false });
  });

  it('saves a single rate at once, then tiers for next month, which wait beside the rate in force', async () => {
    const now = await post(t.app, world.staff, SAVE, single('8.5'));
    expect(now.json()).toMatchObject({ success: true, message: FEE_CHANGE_MSG.savedNow, result: { executeType: 1 } });
    expect((await get(t.app, world.staff, CURRENT, keys())).json().result).toMatchObject({
      executeType: 1,
      feeMode: 0,
      chargingMode: 1,
      serviceRate: '8.50',
      feeList: [],
    });

    const later = await post(t.app, world.staff, SAVE, tiered(2));
    expect(later.json()).toMatchObject({
      success: true,
      message: FEE_CHANGE_MSG.savedNextMonth,
      result: { executeType: 2, effectiveTime: nextMonthStart() },
    });
    const current = (await get(t.app, world.staff, CURRENT, keys())).json().result;
    expect(current).toMatchObject({
      executeType: 2,
      effectiveTime: nextMonthStart(),
      feeMode: 1,
      chargingMode: 0,
      serviceRate: null,
      feeList: [
        { start: '0', end: '30000', fee: '5.00' },
        { start: '30000', end: '1000000', fee: '7.25' },
      ],
    });
    expect(current.updateBy).not.toBe('');
    const info = (await get(t.app, world.staff, '/api/sys/enterprise/info', { id: world.enterpriseId })).json().result;
    expect(info.fee).toMatchObject({ feeMode: 0, serviceRate: '8.50' });
    expect(info.pendingFee).toMatchObject({ feeMode: 1, effectiveTime: nextMonthStart() });

    // a newer decision replaces the waiting one
    await post(t.app, world.staff, SAVE, single('7', 2));
    expect(await rows()).toHaveLength(2);
    expect((await get(t.app, world.staff, CURRENT, keys())).json().result).toMatchObject({
      executeType: 2,
      serviceRate: '7.00',
    });
    await post(t.app, world.staff, SAVE, single('8.5', 1));
    expect((await get(t.app, world.staff, CURRENT, keys())).json().result).toMatchObject({ executeType: 1 });
    expect(
      (await get(t.app, world.staff, '/api/sys/enterprise/info', { id: world.enterpriseId })).json().result,
    ).toMatchObject({ pendingFee: null });
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'settlement.feeConfig'), eq(auditLogs.targetId, String(world.enterpriseId))));
    expect(audits.length).toBeGreaterThanOrEqual(4);
  });

  it('prices a settlement with the fee in force, then refuses at once for the rest of the month', async () => {
    await addWorker(t, world, { priceFen: 10_000 });
    const created = await createSettlement(t, world);
    expect(created.json().success).toBe(true);
    // 8.5 % of what the enterprise pays: 100.00 × 0.085 / 0.915 = 9.2896… → 9.29
    const [line] = await t.database.db
      .select()
      .from(settlementLines)
      .where(eq(settlementLines.tenantId, world.tenantId));
    expect({ pay: line.payFen, fee: line.feeFen }).toEqual({ pay: 10_000, fee: 929 });

    expect((await get(t.app, world.staff, ORDERED, keys())).json().result).toEqual({ ordered: true });
    const before = await rows();
    const refused = await post(t.app, world.staff, SAVE, single('6'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ success: false, message: FEE_CHANGE_MSG.orderedThisMonth });
    expect(await rows()).toEqual(before);
    expect((await post(t.app, world.staff, SAVE, tiered(2))).json().success).toBe(true);
  });

  it('a waiting setting is in force once its month has come', async () => {
    await t.database.executeSql(
      `update enterprise_fee_configs set effective_from = now()
        where tenant_id = $1 and enterprise_id = $2 and effective_from > now()`,
      [world.tenantId, world.enterpriseId],
    );
    expect((await get(t.app, world.staff, CURRENT, keys())).json().result).toMatchObject({
      executeType: 1,
      feeMode: 1,
    });
    await addWorker(t, world, { priceFen: 20_000 });
    expect((await createSettlement(t, world)).json().success).toBe(true);
    const lines = await t.database.db
      .select()
      .from(settlementLines)
      .where(eq(settlementLines.tenantId, world.tenantId));
    // tier 1 (up to 30,000 a month) at 5 % of the pay
    expect(lines.find((line) => line.payFen === 20_000)?.feeFen).toBe(1_000);
  });

  it('refuses a bad form with the spec messages and changes nothing', async () => {
    const before = await rows();
    const cases: [object, string][] = [
      [single(''), '服务费率：请输入服务费率'],
      [single('0.5'), '服务费率：费率须大于等于1且小于100，最多保留两位小数'],
      [single('6.123'), '服务费率：费率须大于等于1且小于100，最多保留两位小数'],
      [{ ...tiered(2), feeList: [{ start: '0', end: '100', fee: '5' }] }, '费率阶梯：费率阶梯须为2至4档'],
      [
        {
          ...tiered(2),
          feeList: [
            { start: '0', end: '100', fee: '5' },
            { start: '100', end: '50', fee: '6' },
          ],
        },
        '截止金额：截止金额不可小于起始金额',
      ],
      [
        {
          ...tiered(2),
          feeList: [
            { start: '0', end: '100', fee: '' },
            { start: '100', end: '200', fee: '6' },
          ],
        },
        '费率：请输入费率',
      ],
      [{ ...single('6'), executeType: 3 }, '生效方式'],
    ];
    for (const [payload, message] of cases) {
      const response = await post(t.app, world.staff, SAVE, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message, message).toContain(message);
    }
    expect(await rows()).toEqual(before);
  });

  it('keeps to the platform: another platform’s enterprise, the enterprise side, the code', async () => {
    const other = await createTenant(t.database);
    const stranger = await createPlatformUser(t.database, { tenantId: other });
    const strangerSession = await login(t.app, 'platform', stranger.username, stranger.password);
    for (const url of [CURRENT, ORDERED]) {
      expect((await get(t.app, strangerSession, url, keys())).json().message).toBe('企业不存在');
    }
    expect((await post(t.app, strangerSession, SAVE, single('9'))).json().message).toBe('企业不存在');
    expect((await post(t.app, world.enterprise, SAVE, single('1'))).statusCode).toBe(403);
    expect((await get(t.app, world.enterprise, CURRENT, keys())).statusCode).toBe(403);
    const without = await signInPlatformWithout(t, world.tenantId, 'enterpriseAccountManage:info:modifyAccount');
    expect((await post(t.app, without, SAVE, single('1', 2))).statusCode).toBe(403);
    expect((await get(t.app, without, ORDERED, keys())).statusCode).toBe(403);
    const current = (await get(t.app, world.staff, CURRENT, keys())).json().result;
    expect(current.serviceRate).not.toBe('9.00');
    expect(current.serviceRate).not.toBe('1.00');
  });

  it('two saves at once leave one waiting setting, the later decision', async () => {
    const answers = await Promise.all([
      post(t.app, world.staff, SAVE, single('11', 2)),
      post(t.app, world.staff, SAVE, single('12', 2)),
    ]);
    expect(answers.map((answer) => answer.json().success)).toEqual([true, true]);
    const waiting = (await rows()).filter((row) => row.effectiveFrom.getTime() > Date.now());
    expect(waiting).toHaveLength(1);
    const rate = (await get(t.app, world.staff, CURRENT, keys())).json().result.serviceRate;
    expect(['11.00', '12.00']).toContain(rate);
  });
});
