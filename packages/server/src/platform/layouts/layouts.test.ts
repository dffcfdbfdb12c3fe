import { ApiCode, defaultColumns, MSG } from '@fieldpay/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  authHeaders,
  createEnterpriseUser,
  createPlatformUser,
  createTenant,
  login,
  useTestApp,
} from '../../../test/app';
import { columnLayouts } from '../../db/schema';

const t = useTestApp();

type Headers = ReturnType<typeof authHeaders>;
const getLayout = (headers: Headers, serviceName: string) =>
  t.app.inject({ method: 'GET', url: `/api/sys2/column/get?serviceName=${serviceName}`, headers });
const saveLayout = (headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/sys2/column/save', headers, payload });

async function enterpriseSession(tenantIds?: number[]) {
  const tenants = tenantIds ?? [await createTenant(t.database)];
  const user = await createEnterpriseUser(t.database, { tenantIds: tenants });
  const info = await login(t.app, 'enterprise', user.username, user.password);
  return { user, info, headers: authHeaders(info), tenants };
}

const props = (columns: { prop: string }[]) => columns.map((column) => column.prop);

describe('column layouts', () => {
  it('answer the default set of the audience until a layout is saved', async () => {
    const { headers } = await enterpriseSession();
    const response = await getLayout(headers, 'settlementList');
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result).toMatchObject({ serviceName: 'settlementList', type: 0, custom: false });
    expect(result.contentJson).toEqual(defaultColumns('settlementList', 'enterprise'));
    expect(props(result.contentJson)).not.toContain('tenantName');

    const operator = await createPlatformUser(t.database, { tenantId: 0 });
    const operatorInfo = await login(t.app, 'platform', operator.username, operator.password);
    const admin = (await getLayout(authHeaders(operatorInfo), 'settlementList')).json().result;
    expect(props(admin.contentJson)).toContain('tenantName');
    expect(admin.contentJson).toEqual(defaultColumns('settlementList', 'admin'));
  });

  it('save the order, widths and choices per user; JSON text or array; widths under 10 snap to 10', async () => {
    const { headers, user, tenants } = await enterpriseSession();
    const defaults = defaultColumns('noticeList', 'enterprise') ?? [];
    const reordered = [...defaults].reverse().map((column) => ({
      ...column,
      width: column.prop === 'createTime' ? 3 : column.width + 20,
      isSelect: column.prop !== 'content',
      isWidth: true,
    }));
    const saved = await saveLayout(headers, {
      serviceName: 'noticeList',
      contentJson: JSON.stringify(reordered),
      type: 0,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ success: true, message: MSG.saveSuccess });

    const { result } = (await getLayout(headers, 'noticeList')).json();
    expect(result.custom).toBe(true);
    expect(props(result.contentJson)).toEqual(props(reordered));
    expect(result.contentJson[0]).toMatchObject({ prop: 'createTime', width: 10, isSelect: true });
    expect(result.contentJson.find((c: { prop: string }) => c.prop === 'content').isSelect).toBe(false);

    // stored per user and tenant
    const rows = await t.database.db.select().from(columnLayouts).where(eq(columnLayouts.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenantId: tenants[0], serviceName: 'noticeList', type: 0 });

    // another user still sees the defaults
    const other = await enterpriseSession(tenants);
    expect((await getLayout(other.headers, 'noticeList')).json().result.custom).toBe(false);

    // saving again replaces the layout, as an array this time
    const again = await saveLayout(headers, { serviceName: 'noticeList', contentJson: defaults });
    expect(again.statusCode).toBe(200);
    expect((await getLayout(headers, 'noticeList')).json().result.contentJson).toEqual(defaults);
    expect(await t.database.db.select().from(columnLayouts).where(eq(columnLayouts.userId, user.id))).toHaveLength(1);
  });

  it('store fields the client left out as not shown, and take labels from the defaults', async () => {
    const { headers } = await enterpriseSession();
    const response = await saveLayout(headers, {
      serviceName: 'noticeList',
      contentJson: [
        { prop: 'createTime', label: '改过的名字', width: 150, sortable: false, isSelect: true },
        { prop: 'title', label: '通知标题', width: 250, sortable: false, isSelect: true, disabled: true },
      ],
    });
    expect(response.statusCode).toBe(200);
    const columns = response.json().result.contentJson as { prop: string; label: string; isSelect: boolean }[];
    expect(props(columns)).toEqual(['createTime', 'title', 'type', 'content', 'readFlag']);
    expect(columns[0].label).toBe('通知时间');
    expect(columns.filter((c) => c.isSelect).map((c) => c.prop)).toEqual(['createTime', 'title']);
  });

  it('refuse unknown lists, unknown or repeated fields, removed fixed fields and empty choices, changing nothing', async () => {
    const { headers, user } = await enterpriseSession();
    const column = { prop: 'type', label: '通知类型', width: 100, sortable: false, isSelect: true };
    const cases: Array<[object, number, string]> = [
      [{ serviceName: 'noSuchList', contentJson: [column] }, 404, MSG.columnLayoutUnknownList],
      [{ serviceName: 'sensitiveWordList', contentJson: [column] }, 404, MSG.columnLayoutUnknownList],
      [{ serviceName: 'noticeList', contentJson: [{ ...column, prop: 'password' }] }, 400, '未知的字段：password'],
      [{ serviceName: 'noticeList', contentJson: [column, column] }, 400, '字段重复：type'],
      [
        { serviceName: 'noticeList', contentJson: [column, { ...column, prop: 'title', isSelect: false }] },
        400,
        '通知标题为固定字段，不能取消',
      ],
      [{ serviceName: 'noticeList', contentJson: [] }, 400, `字段设置：${MSG.atLeastOneField}`],
      [{ serviceName: 'noticeList', contentJson: '{"a":' }, 400, `字段设置：${MSG.columnLayoutContentInvalid}`],
      [{ serviceName: 'noticeList', contentJson: [{ ...column, width: 99999 }] }, 400, '字段设置：列宽不能超过2000'],
      [{ serviceName: 'noticeList', contentJson: [column], type: 3 }, 400, '类型：'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await saveLayout(headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().success).toBe(false);
      expect(response.json().message, JSON.stringify(payload)).toContain(message);
    }
    expect(await t.database.db.select().from(columnLayouts).where(eq(columnLayouts.userId, user.id))).toHaveLength(0);
    const unknown = await getLayout(headers, 'noSuchList');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: ApiCode.notFound, message: MSG.columnLayoutUnknownList });
  });

  it('keep layouts per tenant for an enterprise user on two platforms, and need a session', async () => {
    const tenants = [await createTenant(t.database), await createTenant(t.database)];
    const { headers, info } = await enterpriseSession(tenants);
    const defaults = defaultColumns('noticeList', 'enterprise') ?? [];
    await saveLayout(headers, { serviceName: 'noticeList', contentJson: [...defaults].reverse() });
    const switched = await t.app.inject({
      method: 'POST',
      url: '/enterprise/v2/switchTenant',
      headers,
      payload: { tenantId: tenants[1] },
    });
    expect(switched.statusCode).toBe(200);
    const onSecond = await getLayout({ 'x-access-token': info.token, 'x-tenant-id': String(tenants[1]) }, 'noticeList');
    expect(onSecond.json().result.custom).toBe(false);

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/sys2/column/get?serviceName=noticeList' });
    expect(anonymous.statusCode).toBe(401);
    const anonymousSave = await t.app.inject({
      method: 'POST',
      url: '/api/sys2/column/save',
      payload: { serviceName: 'noticeList', contentJson: defaults },
    });
    expect(anonymousSave.statusCode).toBe(401);
  });

  it('are in the OpenAPI document, with the sensitive-word and notice calls', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/sys2/column/get',
      '/api/sys2/column/save',
      '/api/sys2/sensitive/check',
      '/api/sys2/sensitive/list',
      '/api/sys2/sensitive/add',
      '/api/sys2/sensitive/delete',
      '/api/sys/notice/list',
      '/api/sys/notice/read',
      '/api/sys/notice/readAll',
      '/api/sys/notice/unreadCount',
    ])
      expect(paths, path).toContain(path);
  });
});
