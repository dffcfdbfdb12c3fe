import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import {
  askLookup,
  createLookupWorld,
  insertShare,
  insertWechatUser,
  type LookupWorld,
  labelsOf,
  marker,
} from '../../../test/lookups';

const t = useTestApp();
let world: LookupWorld;
let search: string;

beforeAll(async () => {
  world = await createLookupWorld(t);
  search = marker('微');
  const starter = await insertWechatUser(t.database, world.own, `${search}发起人`);
  const forwarder = await insertWechatUser(t.database, world.own, `${search}转发人`);
  const reader = await insertWechatUser(t.database, world.own, `${search}读者`);
  await insertShare(t.database, world.own, { first: starter, sender: starter, reader: forwarder });
  await insertShare(t.database, world.own, { first: starter, sender: forwarder, reader });
});

describe('WeChat lookups', () => {
  it('wechat users are everyone the enterprise met', async () => {
    expect((await askLookup(t.app, world.enterpriseUser, 'wechatUser', { userName: search })).total).toBe(3);
  });

  it('first-level senders are those who started a chain; senders are those who passed it on', async () => {
    const first = await askLookup(t.app, world.enterpriseUser, 'firstSender', { firstUserName: search });
    expect(first.records).toEqual([
      expect.objectContaining({ label: `${search}发起人`, firstUserName: `${search}发起人` }),
    ]);
    const senders = await askLookup(t.app, world.enterpriseUser, 'sender', { sendUserName: search });
    expect(labelsOf(senders)).toEqual([`${search}发起人`, `${search}转发人`].sort());
    expect(senders.records.every((r) => r.sendUserName === r.label)).toBe(true);
    expect((await askLookup(t.app, world.staffB, 'sender', { sendUserName: search })).total).toBe(0);
  });
});
