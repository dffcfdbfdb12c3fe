import { ApiCode, MSG } from '@fieldpay/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  authHeaders,
  createEnterpriseUser,
  createPlatformUser,
  createTenant,
  login,
  useTestApp,
} from '../../../test/app';
import { auditLogs, sensitiveWords } from '../../db/schema';
import { applyReferenceData } from '../../seed/reference';
import { SENSITIVE_WORD_SEEDS } from '../../seed/reference-data';

const t = useTestApp();

type Headers = ReturnType<typeof authHeaders>;

async function operatorHeaders(): Promise<Headers> {
  const operator = await createPlatformUser(t.database, { tenantId: 0 });
  return authHeaders(await login(t.app, 'platform', operator.username, operator.password));
}

async function enterpriseHeaders(): Promise<Headers> {
  const user = await createEnterpriseUser(t.database, { tenantIds: [await createTenant(t.database)] });
  return authHeaders(await login(t.app, 'enterprise', user.username, user.password));
}

const check = (headers: Headers, senWords: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/sys2/sensitive/check', headers, payload: { senWords } });
const add = (headers: Headers, words: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/sys2/sensitive/add', headers, payload: { words } });
const list = (headers: Headers, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/sys2/sensitive/list?pageSize=500${query}`, headers });

describe('the sensitive-word check', () => {
  it('passes clean text and names the starter-list words found, for both sides', async () => {
    for (const headers of [await enterpriseHeaders(), await operatorHeaders()]) {
      const clean = await check(headers, '终端拜访：向药店店员介绍新品的适应症与用法用量。');
      expect(clean.statusCode).toBe(200);
      expect(clean.json()).toMatchObject({ success: true, result: { words: [] } });

      const dirty = await check(headers, '本产品包治百病，可以私下转账，另有回扣。再说一次回扣');
      expect(dirty.statusCode).toBe(422);
      expect(dirty.json()).toMatchObject({
        success: false,
        code: ApiCode.rule,
        message: '内容包含敏感词：包治百病、私下转账、回扣',
        result: { words: ['包治百病', '私下转账', '回扣'] },
      });
    }
  });

  it('matches whatever width, case or spacing the text uses', async () => {
    const headers = await enterpriseHeaders();
    const response = await check(headers, '加入我们，１００％有效，代 开 发 票');
    expect(response.json().message).toBe('内容包含敏感词：100%有效、代开发票');
  });

  it('lets modules refuse text with listed words before saving it', async () => {
    await expect(t.services.sensitiveWords.assertClean('服务描述：拜访药店')).resolves.toBeUndefined();
    await expect(t.services.sensitiveWords.assertClean('拜访时可谈回扣')).rejects.toMatchObject({
      kind: 'rule',
      message: '内容包含敏感词：回扣',
    });
  });

  it('refuses a missing field, a wrong type and an oversized text; needs a session', async () => {
    const headers = await enterpriseHeaders();
    const missing = await t.app.inject({ method: 'POST', url: '/api/sys2/sensitive/check', headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^检测内容：/);
    expect((await check(headers, 123)).json().message).toMatch(/^检测内容：格式不正确/);
    expect((await check(headers, 'x'.repeat(50_001))).json().message).toBe('检测内容：检测内容不能超过50000个字符');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/sys2/sensitive/check',
      payload: { senWords: '回扣' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the operator edits the word list', () => {
  it('adds words (normalized, duplicates reported), the matcher follows at once, and every change is audited', async () => {
    const operator = await operatorHeaders();
    const enterprise = await enterpriseHeaders();
    expect((await check(enterprise, '欢迎来到FieldPay代理群')).statusCode).toBe(200);

    const added = await add(operator, ['代理群', 'ＦＩＥＬＤ 代理', '回扣', '代理群']);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      success: true,
      message: '已添加2个敏感词，1个已存在',
      result: { added: ['代理群', 'ＦＩＥＬＤ 代理'], existing: ['回扣'] },
    });
    const found = await check(enterprise, '欢迎来到FieldPay代理群，field代理');
    expect(found.json().result.words).toEqual(['代理群', 'ＦＩＥＬＤ 代理']);

    const audits = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'sensitiveWord.add'));
    expect(audits.map((row) => (row.after as { word: string }).word)).toEqual(
      expect.arrayContaining(['代理群', 'ＦＩＥＬＤ 代理']),
    );

    const page = (await list(operator, '&word=代理')).json().result;
    expect(page.records.map((r: { word: string }) => r.word)).toEqual(
      expect.arrayContaining(['代理群', 'ＦＩＥＬＤ 代理']),
    );
    expect(page.records[0]).toMatchObject({ createName: '测试员' });
    // a width-folded search finds the full-width word too
    expect((await list(operator, '&word=field')).json().result.records.map((r: { word: string }) => r.word)).toContain(
      'ＦＩＥＬＤ 代理',
    );
  });

  it('deletes words: the check stops finding them, the starter list does not bring them back, re-adding restores', async () => {
    const operator = await operatorHeaders();
    const enterprise = await enterpriseHeaders();
    const [row] = await t.database.db.select().from(sensitiveWords).where(eq(sensitiveWords.word, '神医'));
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/sys2/sensitive/delete',
      headers: operator,
      payload: { ids: [row.id, 99999999] },
    });
    expect(removed.json()).toMatchObject({ success: true, message: MSG.deleteSuccess, result: { deleted: 1 } });
    expect((await check(enterprise, '妙手神医')).statusCode).toBe(200);
    const [audit] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'sensitiveWord.delete'));
    expect(audit).toMatchObject({ targetId: String(row.id), before: { word: '神医' } });

    await applyReferenceData(t.database.db, t.modules);
    const alive = await t.database.db
      .select()
      .from(sensitiveWords)
      .where(and(eq(sensitiveWords.word, '神医'), isNull(sensitiveWords.deletedAt)));
    expect(alive).toHaveLength(0);
    expect((await list(operator, '&word=神医')).json().result.total).toBe(0);

    const again = await add(operator, ['神医']);
    expect(again.json().result.added).toEqual(['神医']);
    expect((await check(enterprise, '妙手神医')).statusCode).toBe(422);
  });

  it('starts with the starter list', async () => {
    const operator = await operatorHeaders();
    const { total } = (await list(operator)).json().result;
    expect(total).toBeGreaterThanOrEqual(SENSITIVE_WORD_SEEDS.length - 1);
  });

  it('is the platform operator’s alone', async () => {
    const tenantStaff = await createPlatformUser(t.database, { tenantId: await createTenant(t.database) });
    const staff = authHeaders(await login(t.app, 'platform', tenantStaff.username, tenantStaff.password));
    const noRole = await createPlatformUser(t.database, { tenantId: 0, roleCode: null });
    const operatorWithoutCode = authHeaders(await login(t.app, 'platform', noRole.username, noRole.password));
    for (const headers of [staff, await enterpriseHeaders(), operatorWithoutCode]) {
      expect((await list(headers)).statusCode).toBe(403);
      expect((await add(headers, ['越权词'])).statusCode).toBe(403);
      const removed = await t.app.inject({
        method: 'POST',
        url: '/api/sys2/sensitive/delete',
        headers,
        payload: { ids: [1] },
      });
      expect(removed.statusCode).toBe(403);
    }
    const [word] = await t.database.db.select().from(sensitiveWords).where(eq(sensitiveWords.word, '越权词'));
    expect(word).toBeUndefined();
  });

  it('refuses blank, symbol-only, long and too many words with Chinese messages, adding nothing', async () => {
    const operator = await operatorHeaders();
    const cases: Array<[unknown, string]> = [
      [[], '敏感词：请输入敏感词'],
      [['   '], '敏感词：请输入敏感词'],
      [['* - *'], MSG.sensitiveWordBlank],
      [['字'.repeat(31)], '敏感词：敏感词不能超过30个字符'],
      [Array(201).fill('词'), '敏感词：一次最多添加200个敏感词'],
      ['回扣', '敏感词：格式不正确，应为数组'],
    ];
    const before = (await list(operator)).json().result.total;
    for (const [words, message] of cases) {
      const response = await add(operator, words);
      expect(response.statusCode, String(words)).toBe(400);
      expect(response.json().message, String(words)).toBe(message);
    }
    const emptyDelete = await t.app.inject({
      method: 'POST',
      url: '/api/sys2/sensitive/delete',
      headers: operator,
      payload: { ids: [] },
    });
    expect(emptyDelete.json().message).toBe(`编号列表：${MSG.sensitiveWordsDeleteRequired}`);
    expect((await list(operator)).json().result.total).toBe(before);
  });
});
