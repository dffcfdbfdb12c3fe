/**
 * 企业结算银行卡 (spec 3 §3, §5 "Enterprise bank account", §6, §8, §9; decision 0037): bound to the
 * platform's bank systems other than CMB and SCP; at most 20, one number once, even when two adds race;
 * the reserved phone fixed; masked until the desensitized view; each change audited; within the
 * platform and with 企业结算信息修改.
 */
import { BANK_CARD_MSG, ENTERPRISE_BANK_CARDS_MAX, type LoginUserInfo, MSG, maskAccountNo } from '@fieldpay/domain';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signInPlatformWithout, unmaskToken, useTestApp } from '../../../test/app';
import { createLookupWorld, type LookupWorld } from '../../../test/lookups';
import { auditLogs, bankBranches, bankPlatforms, enterpriseBankCards } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;
let branchId: number;
let otherBranchId: number;
/** tenant A's card-based bank system, its CMB platform, and tenant B's system */
const platforms = { icbc: 0, cmb: 0, foreignIcbc: 0 };

const post = (session: LoginUserInfo, path: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/sys/enterprise/bank/${path}`, payload, headers: authHeaders(session) });
const get = (session: LoginUserInfo, path: string, query: Record<string, string | number>) =>
  t.app.inject({
    method: 'GET',
    url: `/api/sys/enterprise/bank/${path}`,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: authHeaders(session),
  });
const owner = () => ({ enterpriseId: world.own.enterpriseId, tenantId: world.own.tenantId });
const card = (values: Record<string, unknown> = {}) => ({
  ...owner(),
  bankDepositId: branchId,
  bankUserName: '杭州星联科技有限公司',
  bankAccount: '1202021109900012345',
  bankDepositAddress: '杭州市西湖区文三路 199 号',
  bankReservedPhone: '13912345678',
  platformList: [platforms.icbc],
  ...values,
});
const cardsOf = (enterpriseId: number) =>
  t.database.db
    .select()
    .from(enterpriseBankCards)
    .where(eq(enterpriseBankCards.enterpriseId, enterpriseId))
    .orderBy(enterpriseBankCards.id);

beforeAll(async () => {
  world = await createLookupWorld(t);
  const suffix = String(Date.now()).slice(-6);
  const branches = await t.database.db
    .insert(bankBranches)
    .values([
      { cnapsCode: `102331${suffix}`, bankNo: 'ICBC', bankBranchName: '中国工商银行股份有限公司杭州西湖支行' },
      { cnapsCode: `102332${suffix}`, bankNo: 'ICBC', bankBranchName: '中国工商银行股份有限公司杭州分行营业部' },
    ])
    .returning({ id: bankBranches.id });
  [branchId, otherBranchId] = branches.map((row) => row.id);
  const rows = await t.database.db
    .insert(bankPlatforms)
    .values([
      { tenantId: world.tenantA, platformName: '工商银行银企互联', bankNo: 'ICBC' },
      { tenantId: world.tenantA, platformName: '招商银行CBS直连', bankNo: 'CMB' },
      { tenantId: world.tenantA, platformName: '聚合支付通道', bankNo: 'SCP' },
      { tenantId: world.tenantB, platformName: '工商银行银企互联', bankNo: 'ICBC' },
    ])
    .returning({ id: bankPlatforms.id });
  platforms.icbc = rows[0].id;
  platforms.cmb = rows[1].id;
  platforms.foreignIcbc = rows[3].id;
});

describe('银行系统', () => {
  it('offers the platform’s bank systems but CMB and SCP, to its staff and to the enterprise itself', async () => {
    for (const session of [world.staffA, world.enterpriseUser]) {
      const answer = (await get(session, 'systems', owner())).json();
      expect(answer.result).toEqual([
        {
          platformId: platforms.icbc,
          platformName: '工商银行银企互联',
          bankNo: 'ICBC',
          bankNo_dictText: '中国工商银行',
        },
      ]);
    }
    expect((await get(world.staffB, 'systems', owner())).json().message).toBe('企业不存在');
  });
});

describe('新增、编辑、删除', () => {
  it('adds a card with 新增成功: trimmed, the branch’s name kept, audited; masked until unmasked', async () => {
    const added = await post(world.staffA, 'add', card({ bankUserName: ' 杭州星联科技有限公司 ' }));
    expect(added.json()).toMatchObject({ success: true, message: '新增成功' });
    const [stored] = await cardsOf(world.own.enterpriseId);
    expect(stored).toMatchObject({
      bankDeposit: '中国工商银行股份有限公司杭州西湖支行',
      bankUserName: '杭州星联科技有限公司',
      bankAccount: '1202021109900012345',
      platformIds: [platforms.icbc],
    });
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'enterprise.bankCard.add'));
    expect(audit).toHaveLength(1);

    const masked = (await get(world.enterpriseUser, 'list', owner())).json().result;
    expect(masked).toMatchObject({ total: 1, unmasked: false });
    expect(masked.records[0]).toMatchObject({
      bankAccount: maskAccountNo('1202021109900012345'),
      bankReservedPhone: '139****5678',
      platformList: [{ platformId: platforms.icbc, platformName: '工商银行银企互联' }],
      isEdit: 1,
    });
    const token = await unmaskToken(t, world.staffA);
    const clear = (await get(world.staffA, 'list', { ...owner(), tempToken: token })).json().result;
    expect(clear.unmasked).toBe(true);
    expect(clear.records[0]).toMatchObject({ bankAccount: '1202021109900012345', bankReservedPhone: '13912345678' });
    expect((await get(world.staffA, 'list', { ...owner(), tempToken: 'x'.repeat(43) })).json().success).toBe(false);
  });

  it('answers the spec’s message for each field, and changes nothing', async () => {
    const before = await cardsOf(world.own.enterpriseId);
    const cases: [object, string][] = [
      [card({ bankDepositId: undefined }), `开户银行名称：${MSG.bankNameRequired}`],
      [card({ bankUserName: '  ' }), `开户名称：${MSG.bankAccountNameRequired}`],
      [card({ bankAccount: '' }), `银行账号：${MSG.bankAccountRequired}`],
      [card({ bankAccount: '12345678' }), `银行账号：${MSG.bankCardInvalid}`],
      [card({ bankAccount: '1'.repeat(31) }), `银行账号：${MSG.bankCardInvalid}`],
      [card({ bankAccount: '6222 0000' }), `银行账号：${MSG.bankCardInvalid}`],
      [card({ bankDepositAddress: '' }), `银行地址：${MSG.bankAddressRequired}`],
      [card({ bankReservedPhone: '' }), `预留手机号：${BANK_CARD_MSG.reservedPhoneRequired}`],
      [card({ bankReservedPhone: '23912345678' }), `预留手机号：${MSG.mobileInvalid}`],
      [card({ platformList: [] }), `银行系统：${MSG.bankSystemRequired}`],
    ];
    for (const [payload, message] of cases) {
      const response = await post(world.staffA, 'add', payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message, message).toBe(message);
    }
    const refused: [object, string][] = [
      [card(), BANK_CARD_MSG.duplicate],
      [card({ bankAccount: '62220000000000001', bankDepositId: 2_000_000_000 }), BANK_CARD_MSG.branchUnknown],
      [card({ bankAccount: '62220000000000001', platformList: [platforms.cmb] }), BANK_CARD_MSG.systemUnavailable],
      [
        card({ bankAccount: '62220000000000001', platformList: [platforms.foreignIcbc] }),
        BANK_CARD_MSG.systemUnavailable,
      ],
    ];
    for (const [payload, message] of refused) {
      expect((await post(world.staffA, 'add', payload)).json().message, message).toBe(message);
    }
    expect(await cardsOf(world.own.enterpriseId)).toEqual(before);
  });

  it('edits a card with 编辑成功, its reserved phone left as it was', async () => {
    const [stored] = await cardsOf(world.own.enterpriseId);
    const edited = await post(world.staffA, 'edit', {
      ...card({ bankDepositId: otherBranchId, bankAccount: '1202021109900099999', bankReservedPhone: '13700000000' }),
      id: stored.id,
    });
    expect(edited.json()).toMatchObject({ success: true, message: '编辑成功' });
    const [after] = await cardsOf(world.own.enterpriseId);
    expect(after).toMatchObject({
      bankDeposit: '中国工商银行股份有限公司杭州分行营业部',
      bankAccount: '1202021109900099999',
      bankReservedPhone: '13912345678',
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'enterprise.bankCard.edit'));
    expect(audit.before).toMatchObject({ bankAccount: '1202021109900012345' });
    // another enterprise's card id is not this enterprise's card
    const siblingEdit = await post(world.staffA, 'edit', {
      ...card(),
      enterpriseId: world.sibling.enterpriseId,
      id: stored.id,
    });
    expect(siblingEdit.json().message).toBe(BANK_CARD_MSG.notFound);
  });

  it('keeps to the platform and the code', async () => {
    const [stored] = await cardsOf(world.own.enterpriseId);
    const ownForeign = { ...card({ bankAccount: '62220000000000002' }) };
    expect((await post(world.staffB, 'add', ownForeign)).json().message).toBe('企业不存在');
    expect((await post(world.staffB, 'delete', { ...owner(), id: stored.id })).json().message).toBe('企业不存在');
    expect((await get(world.staffB, 'list', owner())).json().message).toBe('企业不存在');
    expect((await post(world.enterpriseUser, 'add', ownForeign)).statusCode).toBe(403);
    expect((await post(world.enterpriseUser, 'delete', { ...owner(), id: stored.id })).statusCode).toBe(403);
    const without = await signInPlatformWithout(t, world.tenantA, 'enterpriseAccountManage:info:modifyAccount');
    expect((await post(without, 'add', ownForeign)).statusCode).toBe(403);
    expect((await post(without, 'edit', { ...card(), id: stored.id })).statusCode).toBe(403);
    expect(await cardsOf(world.own.enterpriseId)).toHaveLength(1);
  });

  it('deletes a card with 删除成功, audited', async () => {
    const [stored] = await cardsOf(world.own.enterpriseId);
    const deleted = await post(world.staffA, 'delete', { ...owner(), id: stored.id });
    expect(deleted.json()).toMatchObject({ success: true, message: '删除成功' });
    expect(await cardsOf(world.own.enterpriseId)).toHaveLength(0);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, 'enterprise.bankCard.delete'), eq(auditLogs.targetId, String(world.own.enterpriseId))),
      );
    expect(audit.before).toMatchObject({ cardId: stored.id, bankAccount: '1202021109900099999' });
    expect((await post(world.staffA, 'delete', { ...owner(), id: stored.id })).json().message).toBe(
      BANK_CARD_MSG.notFound,
    );
  });
});

describe('至多20张', () => {
  it('refuses the 21st card, and lets only one of two racing adds take the 20th place', async () => {
    const sibling = { enterpriseId: world.sibling.enterpriseId, tenantId: world.sibling.tenantId };
    const number = (index: number) => `62220100000000${String(index).padStart(5, '0')}`;
    for (let index = 0; index < ENTERPRISE_BANK_CARDS_MAX - 1; index++) {
      const added = await post(world.staffA, 'add', card({ ...sibling, bankAccount: number(index) }));
      expect(added.json().success).toBe(true);
    }
    const racing = await Promise.all(
      [100, 101].map((index) => post(world.staffA, 'add', card({ ...sibling, bankAccount: number(index) }))),
    );
    expect(racing.map((response) => response.json().success).sort()).toEqual([false, true]);
    expect(racing.map((response) => response.json().message)).toContain(BANK_CARD_MSG.tooMany);
    expect(await cardsOf(world.sibling.enterpriseId)).toHaveLength(ENTERPRISE_BANK_CARDS_MAX);
    const stored = await t.database.db
      .select({ id: enterpriseBankCards.id })
      .from(enterpriseBankCards)
      .where(like(enterpriseBankCards.bankAccount, '622201%'));
    expect(stored).toHaveLength(ENTERPRISE_BANK_CARDS_MAX);
  });
});
