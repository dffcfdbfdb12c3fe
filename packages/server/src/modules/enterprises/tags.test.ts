/**
 * 企业标签 (spec 3 §3 "Enterprise" tags, §7 "Tags"; decision 0039): the platform's staff put their
 * platform's enterprise tags on an enterprise (at most 10; a person tag or another platform's refused);
 * 企业信息 and the tags call answer them; within the platform and with the code; audited.
 */
import { ENTERPRISE_TAG_MSG, type LoginUserInfo } from '@fieldpay/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signInPlatformWithout, useTestApp } from '../../../test/app';
import { createLookupWorld, type LookupWorld } from '../../../test/lookups';
import { auditLogs, tags } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;
const ids = { own: [] as number[], person: 0, foreign: 0 };

const save = (session: LoginUserInfo, tagIds: number[], owner = () => world.own) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sys/enterprise/tags/save',
    payload: { ...owner(), tagIds },
    headers: authHeaders(session),
  });
const listed = async (session: LoginUserInfo) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/sys/enterprise/tags',
      query: { enterpriseId: String(world.own.enterpriseId), tenantId: String(world.own.tenantId) },
      headers: authHeaders(session),
    })
  ).json();

beforeAll(async () => {
  world = await createLookupWorld(t);
  const own = await t.database.db
    .insert(tags)
    .values(Array.from({ length: 11 }, (_, index) => ({ tenantId: world.tenantA, tag: `标签${index + 1}`, type: 1 })))
    .returning({ id: tags.id });
  ids.own = own.map((row) => row.id);
  [{ id: ids.person }] = await t.database.db
    .insert(tags)
    .values({ tenantId: world.tenantA, tag: '医学背景', type: 2 })
    .returning({ id: tags.id });
  [{ id: ids.foreign }] = await t.database.db
    .insert(tags)
    .values({ tenantId: world.tenantB, tag: '他平台标签', type: 1 })
    .returning({ id: tags.id });
});

describe('企业标签', () => {
  it('sets the tags with 编辑成功, answered by the tags call and 企业信息, audited; an empty set clears', async () => {
    const saved = await save(world.staffA, [ids.own[1], ids.own[0], ids.own[1]]);
    expect(saved.json()).toMatchObject({ success: true, message: ENTERPRISE_TAG_MSG.saved });
    const expected = [
      { id: ids.own[0], tag: '标签1' },
      { id: ids.own[1], tag: '标签2' },
    ];
    expect((await listed(world.enterpriseUser)).result).toEqual(expected);
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/sys/enterprise/info',
      query: { id: String(world.own.enterpriseId) },
      headers: authHeaders(world.staffA),
    });
    expect(info.json().result.tags).toEqual(expected);
    await save(world.staffA, []);
    expect((await listed(world.staffA)).result).toEqual([]);
    const audits = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'enterprise.tags'));
    expect(audits.at(-1)).toMatchObject({ before: { tagIds: [ids.own[0], ids.own[1]] }, after: { tagIds: [] } });
  });

  it('refuses an 11th tag, a person tag and another platform’s tag, and changes nothing', async () => {
    await save(world.staffA, [ids.own[2]]);
    const tooMany = await save(world.staffA, ids.own);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(`企业标签：${ENTERPRISE_TAG_MSG.tooMany}`);
    for (const tagId of [ids.person, ids.foreign]) {
      expect((await save(world.staffA, [ids.own[3], tagId])).json().message).toBe(ENTERPRISE_TAG_MSG.unknown);
    }
    expect((await listed(world.staffA)).result).toEqual([{ id: ids.own[2], tag: '标签3' }]);
  });

  it('keeps to the platform and the code', async () => {
    expect((await save(world.staffB, [ids.own[4]])).json().message).toBe('企业不存在');
    expect((await listed(world.staffB)).message).toBe('企业不存在');
    expect((await save(world.enterpriseUser, [ids.own[4]])).statusCode).toBe(403);
    const without = await signInPlatformWithout(t, world.tenantA, 'enterpriseAccountManage:info:modify');
    expect((await save(without, [ids.own[4]])).statusCode).toBe(403);
    expect((await listed(world.staffA)).result).toEqual([{ id: ids.own[2], tag: '标签3' }]);
  });
});
