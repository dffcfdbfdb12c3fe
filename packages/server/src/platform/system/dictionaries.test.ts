import { DICT_MSG, TENANT_MSG } from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeaders, createPlatformUser, createTenant, login, useTestApp } from '../../../test/app';
import { auditLogs, configs, dictItems } from '../../db/schema';
import { MODULES } from '../../modules';
import { applyReferenceData } from '../../seed/reference';

const t = useTestApp();
type Headers = ReturnType<typeof authHeaders>;

const operatorHeaders = async (): Promise<Headers> => {
  const operator = await createPlatformUser(t.database, { tenantId: 0 });
  return authHeaders(await login(t.app, 'platform', operator.username, operator.password));
};
const get = (headers: Headers, url: string, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers, query });
const post = (headers: Headers, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });

describe('数据字典', { timeout: 60_000 }, () => {
  it('lists dictionaries and items; a label is edited, audited, kept by the next start and set back', async () => {
    const headers = await operatorHeaders();
    const found = await get(headers, '/api/sys2/dict/queryList', { keyword: '性别' });
    expect(found.json().result).toMatchObject({
      total: 1,
      records: [{ code: 'sex', name: '性别', itemCount: 2, valuesFixed: true }],
    });
    const items = await get(headers, '/api/sys2/dict/items', { dictCode: 'sex' });
    expect(items.json().result).toEqual([
      { value: '1', title: '男', defaultTitle: '男', sort: 0, edited: false, operatorAdded: false },
      { value: '2', title: '女', defaultTitle: '女', sort: 1, edited: false, operatorAdded: false },
    ]);

    const edited = await post(headers, '/api/sys2/dict/item/edit', { dictCode: 'sex', value: '1', title: ' 男性 ' });
    expect(edited.json()).toMatchObject({ success: true, message: '保存成功' });
    const loaded = await get(headers, '/api/sys2/g/dict/loadDict/sex');
    expect(loaded.json().result).toEqual([
      { title: '男性', value: '1' },
      { title: '女', value: '2' },
    ]);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'dictItem.edit'), eq(auditLogs.targetId, 'sex:1')));
    expect(audit).toMatchObject({ targetType: 'dictItem', before: { title: '男' }, after: { title: '男性' } });

    // the next start keeps the operator's label, and the list counts it
    await applyReferenceData(t.database.db, MODULES);
    const [kept] = await t.database.db
      .select()
      .from(dictItems)
      .where(and(eq(dictItems.dictCode, 'sex'), eq(dictItems.value, '1')));
    expect(kept).toMatchObject({ title: '男性', defaultTitle: '男', titleEdited: true });
    expect((await get(headers, '/api/sys2/dict/queryList', { keyword: 'sex' })).json().result.records[0]).toMatchObject(
      { editedCount: 1 },
    );

    // two items of one dictionary never share a label; the default label sets it back
    const taken = await post(headers, '/api/sys2/dict/item/edit', { dictCode: 'sex', value: '2', title: '男性' });
    expect(taken.json()).toMatchObject({ success: false, message: DICT_MSG.titleTaken });
    await post(headers, '/api/sys2/dict/item/edit', { dictCode: 'sex', value: '1', title: '男' });
    const back = await get(headers, '/api/sys2/dict/items', { dictCode: 'sex' });
    expect(back.json().result[0]).toMatchObject({ title: '男', edited: false });
  });

  it('refuses unknown dictionaries and items, empty and long labels; tenant staff get 403', async () => {
    const headers = await operatorHeaders();
    const unknownDict = await post(headers, '/api/sys2/dict/item/edit', { dictCode: 'nope', value: '1', title: '甲' });
    expect(unknownDict.json()).toMatchObject({ success: false, message: DICT_MSG.missing });
    const unknownItem = await post(headers, '/api/sys2/dict/item/edit', { dictCode: 'sex', value: '9', title: '甲' });
    expect(unknownItem.json()).toMatchObject({ success: false, message: DICT_MSG.itemMissing });
    const empty = await post(headers, '/api/sys2/dict/item/edit', { dictCode: 'sex', value: '1', title: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('请输入字典项名称');
    const long = await post(headers, '/api/sys2/dict/item/edit', {
      dictCode: 'sex',
      value: '1',
      title: '长'.repeat(33),
    });
    expect(long.json().message).toContain('字典项名称不能超过32个字符');

    const staff = await createPlatformUser(t.database, { tenantId: await createTenant(t.database) });
    const staffHeaders = authHeaders(await login(t.app, 'platform', staff.username, staff.password));
    expect((await get(staffHeaders, '/api/sys2/dict/queryList')).statusCode).toBe(403);
    expect((await get(staffHeaders, '/api/sys2/dict/items', { dictCode: 'sex' })).statusCode).toBe(403);
    const refused = await post(staffHeaders, '/api/sys2/dict/item/edit', { dictCode: 'sex', value: '1', title: '甲' });
    expect(refused.statusCode).toBe(403);
    expect((await get(staffHeaders, '/api/sys2/config/queryList')).statusCode).toBe(403);
  });
});

describe('数据字典: operators’ items (decision 0023)', { timeout: 60_000 }, () => {
  const dictCode = 'clinic_department';
  const items = async (headers: Headers) =>
    (await get(headers, '/api/sys2/dict/items', { dictCode })).json().result as Array<{
      value: string;
      title: string;
      operatorAdded: boolean;
    }>;

  it('adds, edits and deletes an item of a dictionary whose values the code does not read, audited and kept by the start', async () => {
    const headers = await operatorHeaders();
    const listed = await get(headers, '/api/sys2/dict/queryList', { keyword: dictCode });
    expect(listed.json().result.records[0]).toMatchObject({ code: dictCode, valuesFixed: false });
    const added = await post(headers, '/api/sys2/dict/item/add', { dictCode, value: 'pain', title: ' 疼痛科 ' });
    expect(added.json()).toMatchObject({ success: true, message: DICT_MSG.added });
    expect((await items(headers)).at(-1)).toMatchObject({ value: 'pain', title: '疼痛科', operatorAdded: true });
    expect((await get(headers, `/api/sys2/g/dict/loadDict/${dictCode}`)).json().result).toContainEqual({
      title: '疼痛科',
      value: 'pain',
    });
    // a double submit adds one item
    const again = await post(headers, '/api/sys2/dict/item/add', { dictCode, value: 'pain', title: '疼痛科二' });
    expect(again.json()).toMatchObject({ success: false, message: DICT_MSG.valueTaken });

    const edited = await post(headers, '/api/sys2/dict/item/edit', { dictCode, value: 'pain', title: '疼痛门诊' });
    expect(edited.json().success).toBe(true);
    // the next start keeps the operator's item and its label
    await applyReferenceData(t.database.db, MODULES);
    expect((await items(headers)).find((item) => item.value === 'pain')).toMatchObject({ title: '疼痛门诊' });

    // the installation's items are not deleted; the operator's are
    const seeded = await post(headers, '/api/sys2/dict/item/delete', { dictCode, value: '1' });
    expect(seeded.json()).toMatchObject({ success: false, message: DICT_MSG.seededItem });
    const deleted = await post(headers, '/api/sys2/dict/item/delete', { dictCode, value: 'pain' });
    expect(deleted.json()).toMatchObject({ success: true, message: '删除成功' });
    expect((await items(headers)).map((item) => item.value)).not.toContain('pain');
    const gone = await post(headers, '/api/sys2/dict/item/delete', { dictCode, value: 'pain' });
    expect(gone.json()).toMatchObject({ success: false, message: DICT_MSG.itemMissing });

    const audits = await t.database.db
      .select({ action: auditLogs.action, before: auditLogs.before, after: auditLogs.after })
      .from(auditLogs)
      .where(eq(auditLogs.targetId, `${dictCode}:pain`))
      .orderBy(auditLogs.id);
    expect(audits).toEqual([
      { action: 'dictItem.add', before: null, after: { title: '疼痛科' } },
      { action: 'dictItem.edit', before: { title: '疼痛科' }, after: { title: '疼痛门诊' } },
      { action: 'dictItem.delete', before: { title: '疼痛门诊' }, after: null },
    ]);
  });

  it('refuses items of a dictionary the code depends on, bad values, taken labels and callers without the code', async () => {
    const headers = await operatorHeaders();
    const fixed = await post(headers, '/api/sys2/dict/item/add', { dictCode: 'sex', value: '3', title: '未知' });
    expect(fixed.json()).toMatchObject({ success: false, message: DICT_MSG.valuesFixed });
    const fixedDelete = await post(headers, '/api/sys2/dict/item/delete', { dictCode: 'sex', value: '1' });
    expect(fixedDelete.json()).toMatchObject({ success: false, message: DICT_MSG.valuesFixed });
    const unknown = await post(headers, '/api/sys2/dict/item/add', { dictCode: 'nope', value: '3', title: '未知' });
    expect(unknown.json()).toMatchObject({ success: false, message: DICT_MSG.missing });
    for (const [payload, message] of [
      [{ dictCode, value: '', title: '甲' }, '请输入字典项值'],
      [{ dictCode, value: '有空 格', title: '甲' }, '字典项值只能包含字母、数字、下划线和中划线'],
      [{ dictCode, value: 'x'.repeat(33), title: '甲' }, '字典项值只能包含字母、数字、下划线和中划线'],
      [{ dictCode, value: 'ok', title: ' ' }, '请输入字典项名称'],
      [{ dictCode, value: 'ok', title: '长'.repeat(33) }, '字典项名称不能超过32个字符'],
    ] as const) {
      const response = await post(headers, '/api/sys2/dict/item/add', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const taken = await post(headers, '/api/sys2/dict/item/add', { dictCode, value: 'dup', title: '全科' });
    expect(taken.json()).toMatchObject({ success: false, message: DICT_MSG.titleTaken });

    const staff = await createPlatformUser(t.database, { tenantId: await createTenant(t.database) });
    const staffHeaders = authHeaders(await login(t.app, 'platform', staff.username, staff.password));
    expect(
      (await post(staffHeaders, '/api/sys2/dict/item/add', { dictCode, value: 'x', title: '甲' })).statusCode,
    ).toBe(403);
    expect((await post(staffHeaders, '/api/sys2/dict/item/delete', { dictCode, value: '1' })).statusCode).toBe(403);
    expect((await items(headers)).map((item) => item.value)).toEqual(['1', '2', '3', '4', '5']);
  });
});

describe('系统配置', { timeout: 60_000 }, () => {
  it('lists every value with who changed it last; a save follows the key rule and is audited', async () => {
    const headers = await operatorHeaders();
    const saved = await post(headers, '/api/sys2/config/save', { configKey: 'invoice.number', content: '12' });
    expect(saved.json()).toMatchObject({ success: true });
    const refused = await post(headers, '/api/sys2/config/save', { configKey: 'invoice.number', content: '51' });
    expect(refused.statusCode).toBe(400);
    const list = await get(headers, '/api/sys2/config/queryList');
    const records = list.json().result as Array<{ configKey: string; content: string; updatedByName: string }>;
    expect(records.map((r) => r.configKey)).toEqual(
      expect.arrayContaining(['invoice.number', 'manager_file_size', 'qrcode.address', 'content.share.address']),
    );
    const share = await post(headers, '/api/sys2/config/save', {
      configKey: 'content.share.address',
      content: 'not an address',
    });
    expect(share.json().message).toContain('文章/问卷分享地址应为以 http:// 或 https:// 开头的网址');
    expect(records.find((r) => r.configKey === 'invoice.number')).toMatchObject({
      name: '发票号码数量上限',
      content: '12',
      updatedByName: '测试员',
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'config.save'), eq(auditLogs.targetId, 'invoice.number')));
    expect(audit.after).toEqual({ content: '12' });
    await t.database.db.update(configs).set({ content: '10' }).where(eq(configs.configKey, 'invoice.number'));
  });
});

describe('tenant names', { timeout: 60_000 }, () => {
  it('are unique: two saves of one name at once give one tenant and 平台名称已存在', async () => {
    const headers = await operatorHeaders();
    const name = `同名平台${Date.now() % 1e6}`;
    const [first, second] = await Promise.all(
      [1, 2].map(() => post(headers, '/api/sys2/tenant/add', { name, company: `${name}公司`, contracts: '' })),
    );
    const answers = [first.json(), second.json()];
    expect(answers.filter((answer) => answer.success)).toHaveLength(1);
    expect(answers.find((answer) => !answer.success)).toMatchObject({ message: TENANT_MSG.nameTaken });
    // the index stands behind the check
    await expect(createTenant(t.database, name)).rejects.toThrow();
  });
});
