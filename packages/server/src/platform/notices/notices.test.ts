import { MSG } from '@fieldpay/domain';
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
import { notices } from '../../db/schema';
import { createNotice, enterpriseMemberIds } from './service';

const t = useTestApp();

type Headers = ReturnType<typeof authHeaders>;
const listNotices = (headers: Headers, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/sys/notice/list?pageSize=50${query}`, headers });
const unread = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: '/api/sys/notice/unreadCount', headers })).json().result as number;
const markRead = (headers: Headers, ids: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/sys/notice/read', headers, payload: { ids } });

async function enterpriseWithNotices(tenantIds?: number[]) {
  const tenants = tenantIds ?? [await createTenant(t.database)];
  const user = await createEnterpriseUser(t.database, { tenantIds: tenants });
  const info = await login(t.app, 'enterprise', user.username, user.password);
  const ids = await t.database.db.transaction(async (tx) => [
    ...(await createNotice(tx, {
      tenantId: tenants[0],
      userIds: [user.id],
      type: 'settlement',
      title: '结算单审核通过',
      content: '结算单JS0001已审核通过，请及时完成付款。',
      bizId: 1001,
    })),
    ...(await createNotice(tx, {
      tenantId: tenants[0],
      userIds: [user.id, user.id],
      type: 'download',
      title: '导出文件已生成',
      link: '/company/catchSystem/orderGenerateCache',
    })),
  ]);
  return { user, info, headers: authHeaders(info), tenants, ids };
}

describe('the notice list', () => {
  it('answers the user’s own notices, newest first, with the unread and read filters', async () => {
    const { headers, ids } = await enterpriseWithNotices();
    const all = (await listNotices(headers)).json().result;
    expect(all.total).toBe(2);
    expect(all.records.map((r: { id: number }) => r.id)).toEqual([...ids].reverse());
    expect(all.records[1]).toMatchObject({
      type: 'settlement',
      title: '结算单审核通过',
      content: '结算单JS0001已审核通过，请及时完成付款。',
      bizId: '1001',
      link: null,
      readFlag: 0,
      readTime: null,
    });
    expect(all.records[0]).toMatchObject({ type: 'download', link: '/company/catchSystem/orderGenerateCache' });
    expect(typeof all.records[0].createTime).toBe('number');
    expect((await listNotices(headers, '&readFlag=1')).json().result).toEqual({ records: [], total: 0 });
    expect((await listNotices(headers, '&readFlag=0')).json().result.total).toBe(2);
    expect(await unread(headers)).toBe(2);
  });

  it('marks read: only the user’s own notices change; the unread count and filters follow', async () => {
    const { headers, ids } = await enterpriseWithNotices();
    const stranger = await enterpriseWithNotices();
    const response = await markRead(headers, [ids[0], ...stranger.ids]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, result: { updated: 1 }, message: '已将1条通知标记为已读' });
    expect(await unread(headers)).toBe(1);
    expect(await unread(stranger.headers)).toBe(2);
    const read = (await listNotices(headers, '&readFlag=1')).json().result;
    expect(read.records).toHaveLength(1);
    expect(read.records[0]).toMatchObject({ id: ids[0], readFlag: 1 });
    expect(typeof read.records[0].readTime).toBe('number');

    // marking again changes nothing
    expect((await markRead(headers, [ids[0]])).json().result.updated).toBe(0);

    const all = await t.app.inject({ method: 'POST', url: '/api/sys/notice/readAll', headers });
    expect(all.json()).toMatchObject({ success: true, result: { updated: 1 } });
    expect(await unread(headers)).toBe(0);
    const none = await t.app.inject({ method: 'POST', url: '/api/sys/notice/readAll', headers });
    expect(none.json()).toMatchObject({ result: { updated: 0 }, message: MSG.noUnreadNotices });
    expect(await unread(stranger.headers)).toBe(2);
  });

  it('shows a tenant’s notices only while the session is on that tenant', async () => {
    const tenants = [await createTenant(t.database), await createTenant(t.database)];
    const { headers, info } = await enterpriseWithNotices(tenants);
    expect(await unread(headers)).toBe(2);
    await t.app.inject({
      method: 'POST',
      url: '/enterprise/v2/switchTenant',
      headers,
      payload: { tenantId: tenants[1] },
    });
    const second = { 'x-access-token': info.token, 'x-tenant-id': String(tenants[1]) };
    expect(await unread(second)).toBe(0);
    expect((await listNotices(second)).json().result).toEqual({ records: [], total: 0 });
  });

  it('refuses bad filters and bodies with Chinese messages, and needs a session', async () => {
    const { headers } = await enterpriseWithNotices();
    const badFlag = await listNotices(headers, '&readFlag=2');
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json().message).toMatch(/^阅读状态：/);
    const empty = await markRead(headers, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(`编号列表：${MSG.noticeReadRequired}`);
    expect((await markRead(headers, ['x'])).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/notice/list' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/sys/notice/readAll' })).statusCode).toBe(401);
  });

  it('platform users have their own notices too', async () => {
    const tenantId = await createTenant(t.database);
    const staff = await createPlatformUser(t.database, { tenantId });
    const headers = authHeaders(await login(t.app, 'platform', staff.username, staff.password));
    await createNotice(t.database.db, {
      tenantId,
      userIds: [staff.id],
      type: 'settlement',
      title: '新的结算单待审核',
    });
    expect(await unread(headers)).toBe(1);
  });
});

describe('createNotice, for the modules that raise notices', () => {
  it('sends one notice to each member of an enterprise', async () => {
    const tenantId = await createTenant(t.database);
    const user = await createEnterpriseUser(t.database, { tenantIds: [tenantId] });
    const members = await enterpriseMemberIds(t.database.db, tenantId, user.enterpriseIds[0]);
    expect(members).toEqual([user.id]);
    const ids = await createNotice(t.database.db, {
      tenantId,
      userIds: members,
      type: 'project',
      title: '项目审核通过',
    });
    expect(ids).toHaveLength(1);
    expect(await createNotice(t.database.db, { tenantId, userIds: [], type: 'project', title: '无人接收' })).toEqual(
      [],
    );
  });

  it('throws on a malformed notice before writing anything', async () => {
    const tenantId = await createTenant(t.database);
    const user = await createEnterpriseUser(t.database, { tenantIds: [tenantId] });
    const base = { tenantId, userIds: [user.id], type: 'system' as const, title: '系统维护通知' };
    await expect(createNotice(t.database.db, { ...base, link: 'https://evil.example' })).rejects.toThrow();
    await expect(createNotice(t.database.db, { ...base, link: '//evil.example' })).rejects.toThrow();
    await expect(createNotice(t.database.db, { ...base, title: '  ' })).rejects.toThrow();
    await expect(createNotice(t.database.db, { ...base, title: '长'.repeat(101) })).rejects.toThrow();
    // @ts-expect-error an unknown type is refused at run time too
    await expect(createNotice(t.database.db, { ...base, type: 'gossip' })).rejects.toThrow();
    expect(await t.database.db.select().from(notices).where(eq(notices.userId, user.id))).toHaveLength(0);
  });
});
