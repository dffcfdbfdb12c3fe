import { type LoginUserInfo, MSG, PERSON_MSG } from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signInPlatformWithout, unmaskToken, useTestApp } from '../../../test/app';
import { createLookupWorld, insertContract, insertPerson, type LookupWorld, marker } from '../../../test/lookups';
import { enterprises, personAgreements, persons, personTransfers, workerSessions } from '../../db/schema';
import { verifyPassword } from '../../platform/auth/passwords';

const t = useTestApp();
let world: LookupWorld;
let search: string;
let ownEnterprise: { name: string; enterpriseSn: string };
let foreignEnterprise: { name: string; enterpriseSn: string };

const ID_CARD = '330106199003071234';

const get = (who: LoginUserInfo, url: string, query: Record<string, unknown> = {}, headers = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: { ...authHeaders(who), ...headers },
  });
const post = (who: LoginUserInfo, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: authHeaders(who) });

async function newPerson(values: { loginFlag?: number; phone?: string } = {}) {
  const id = await insertPerson(t.database, world.tenantA, { name: `${search}${marker('人')}`, ...values });
  await t.database.db.update(persons).set({ idCard: ID_CARD, email: 'wangfang@139.com' }).where(eq(persons.id, id));
  return id;
}

const flagOf = async (id: number) =>
  (await t.database.db.select({ flag: persons.loginFlag }).from(persons).where(eq(persons.id, id)))[0].flag;

const enterpriseOf = async (id: number) =>
  (
    await t.database.db
      .select({ name: enterprises.name, enterpriseSn: enterprises.enterpriseSn })
      .from(enterprises)
      .where(eq(enterprises.id, id))
  )[0];

beforeAll(async () => {
  world = await createLookupWorld(t);
  search = marker('自');
  ownEnterprise = await enterpriseOf(world.own.enterpriseId);
  foreignEnterprise = await enterpriseOf(world.foreign.enterpriseId);
});

describe('自然人账户 list', () => {
  it('shows the platform’s own persons masked, the operator every platform’s', async () => {
    const mine = await newPerson({ phone: '13612345678' });
    await insertPerson(t.database, world.tenantB, { name: `${search}外平台` });
    const own = (await get(world.staffA, '/api/sys/person/list', { name: search })).json().result;
    expect(own.records.map((r: { id: number }) => r.id)).toContain(mine);
    expect(own.records.every((r: { tenantId: number }) => r.tenantId === world.tenantA)).toBe(true);
    const row = own.records.find((r: { id: number }) => r.id === mine);
    expect(row).toMatchObject({
      loginName: '136****5678',
      loginFlag: 0,
      transferred: false,
      source_dictText: 'APP注册',
    });
    expect(row.idCard).not.toContain('19900307');
    const all = (await get(world.admin, '/api/sys/person/list', { name: search, pageSize: 100 })).json().result;
    expect(new Set(all.records.map((r: { tenantId: number }) => r.tenantId))).toEqual(
      new Set([world.tenantA, world.tenantB]),
    );
    const narrowed = (await get(world.admin, '/api/sys/person/list', { name: search, tenantId: world.tenantB })).json()
      .result;
    expect(narrowed.records.every((r: { tenantId: number }) => r.tenantId === world.tenantB)).toBe(true);
  });

  it('filters by login flag and phone, and refuses a name over 30 characters', async () => {
    const banned = await newPerson({ loginFlag: 1, phone: '13698765432' });
    const byFlag = (await get(world.staffA, '/api/sys/person/list', { name: search, loginFlag: 1 })).json().result;
    expect(byFlag.records.map((r: { id: number }) => r.id)).toEqual([banned]);
    const byPhone = (await get(world.staffA, '/api/sys/person/list', { phone: '98765432' })).json().result;
    expect(byPhone.records.map((r: { id: number }) => r.id)).toEqual([banned]);
    const long = await get(world.staffA, '/api/sys/person/list', { name: '名'.repeat(31) });
    expect(long.json()).toMatchObject({ success: false, message: expect.stringContaining(PERSON_MSG.nameTooLong) });
  });

  it('is the platform’s: enterprise users and staff without the code are refused', async () => {
    expect((await get(world.enterpriseUser, '/api/sys/person/list')).statusCode).toBe(403);
    const without = await signInPlatformWithout(t, world.tenantA, 'personalAccountManage:list:view');
    expect((await get(without, '/api/sys/person/list')).statusCode).toBe(403);
  });
});

describe('自然人账户信息', () => {
  it('comes masked, and in the clear with a live desensitization token (audited)', async () => {
    const id = await newPerson({ phone: '13611112222' });
    const masked = (await get(world.staffA, '/api/sys/person/info', { userId: id })).json().result;
    expect(masked).toMatchObject({
      loginName: '136****2222',
      sexLabel: '男',
      unmasked: false,
      frontCard: 0,
    });
    expect(masked.email).not.toBe('wangfang@139.com');
    expect(masked.idCard).not.toBe(ID_CARD);
    expect(masked.age).toBeGreaterThanOrEqual(35);
    const token = await unmaskToken(t, world.staffA);
    const clear = (await get(world.staffA, '/api/sys/person/info', { userId: id, tempToken: token })).json().result;
    expect(clear).toMatchObject({
      loginName: '13611112222',
      idCard: ID_CARD,
      email: 'wangfang@139.com',
      unmasked: true,
    });
    const audits = await t.database.executeSql(
      "select count(*)::int as n from audit_logs where action = 'person.unmask' and target_id = $1",
      [String(id)],
    );
    expect(audits.rows[0]?.n).toBe(1);
  });

  it('refuses a token that is not live, another platform’s person and a missing unmask code', async () => {
    const id = await newPerson();
    const forged = await get(world.staffA, '/api/sys/person/info', { userId: id, tempToken: 'x'.repeat(43) });
    expect(forged.json()).toMatchObject({ success: false, message: MSG.desensitizationTokenInvalid });
    const foreign = await get(world.staffB, '/api/sys/person/info', { userId: id });
    expect(foreign.json()).toMatchObject({ success: false, message: PERSON_MSG.notFound });
    const without = await signInPlatformWithout(t, world.tenantA, 'personalAccountManage:info:desensitization');
    const token = await unmaskToken(t, without);
    expect((await get(without, '/api/sys/person/info', { userId: id, tempToken: token })).statusCode).toBe(403);
    expect((await get(without, '/api/sys/person/info', { userId: id })).json().result.unmasked).toBe(false);
  });
});

describe('ban, enable and clear the login restriction', () => {
  it('bans a normal person once, ending its app sessions; enabling brings it back', async () => {
    const id = await newPerson();
    await t.database.db.insert(workerSessions).values({
      tenantId: world.tenantA,
      personId: id,
      tokenHash: marker('h').padEnd(64, '0'),
      idleExpiresAt: new Date(Date.now() + 3_600_000),
      absoluteExpiresAt: new Date(Date.now() + 3_600_000),
    });
    const [first, second] = await Promise.all([
      post(world.staffA, '/api/sys/person/loginFlag', { userId: id, loginFlag: 1 }),
      post(world.staffA, '/api/sys/person/loginFlag', { userId: id, loginFlag: 1 }),
    ]);
    const answers = [first.json(), second.json()];
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.find((a) => a.success).message).toBe(PERSON_MSG.banned);
    expect(answers.find((a) => !a.success).message).toBe(PERSON_MSG.loginFlagChanged);
    expect(await flagOf(id)).toBe(1);
    const [session] = await t.database.db
      .select({ revokedAt: workerSessions.revokedAt })
      .from(workerSessions)
      .where(eq(workerSessions.personId, id));
    expect(session.revokedAt).not.toBeNull();
    const enabled = await post(world.staffA, '/api/sys/person/loginFlag', { userId: id, loginFlag: 0 });
    expect(enabled.json()).toMatchObject({ success: true, message: PERSON_MSG.enabled, result: { loginFlag: 0 } });
  });

  it('offers each flag only its own action', async () => {
    const restricted = await newPerson({ loginFlag: 2 });
    const ban = await post(world.staffA, '/api/sys/person/loginFlag', { userId: restricted, loginFlag: 1 });
    expect(ban.json()).toMatchObject({ success: false, message: PERSON_MSG.loginFlagChanged });
    const cleared = await post(world.staffA, '/api/sys/person/clearLoginRestriction', { id: restricted });
    expect(cleared.json()).toMatchObject({ success: true, message: PERSON_MSG.loginRestrictionCleared });
    expect(await flagOf(restricted)).toBe(0);
    const again = await post(world.staffA, '/api/sys/person/clearLoginRestriction', { id: restricted });
    expect(again.json().success).toBe(false);
    const other = await newPerson({ loginFlag: 3 });
    expect(
      (await post(world.staffA, '/api/sys/person/loginFlag', { userId: other, loginFlag: 0 })).json().success,
    ).toBe(false);
    expect(await flagOf(other)).toBe(3);
  });

  it('changes nothing of another platform or without the code', async () => {
    const id = await newPerson();
    const foreign = await post(world.staffB, '/api/sys/person/loginFlag', { userId: id, loginFlag: 1 });
    expect(foreign.json()).toMatchObject({ success: false, message: PERSON_MSG.notFound });
    const without = await signInPlatformWithout(t, world.tenantA, 'personalAccountManage:list:disable');
    expect((await post(without, '/api/sys/person/loginFlag', { userId: id, loginFlag: 1 })).statusCode).toBe(403);
    const noClear = await signInPlatformWithout(t, world.tenantA, 'personalAccountManage:info:clearLogin');
    expect((await post(noClear, '/api/sys/person/clearLoginRestriction', { id })).statusCode).toBe(403);
    expect(await flagOf(id)).toBe(0);
  });
});

describe('修改密码', () => {
  it('sets the app password of the person the form shows', async () => {
    const id = await newPerson({ phone: '13633334444' });
    const weak = await post(world.staffA, '/api/sys/person/changePassword', {
      userId: id,
      loginName: '136****4444',
      newPassword: 'abc',
    });
    expect(weak.json()).toMatchObject({ success: false, message: expect.stringContaining(MSG.passwordInvalid) });
    const other = await post(world.staffA, '/api/sys/person/changePassword', {
      userId: id,
      loginName: '13600000000',
      newPassword: 'Renew@2026pw',
    });
    expect(other.json()).toMatchObject({ success: false, message: PERSON_MSG.loginNameMismatch });
    const done = await post(world.staffA, '/api/sys/person/changePassword', {
      userId: id,
      loginName: '136****4444',
      newPassword: 'Renew@2026pw',
    });
    expect(done.json()).toMatchObject({ success: true, message: PERSON_MSG.passwordChanged });
    const [row] = await t.database.db.select({ hash: persons.passwordHash }).from(persons).where(eq(persons.id, id));
    expect(await verifyPassword(row.hash, 'Renew@2026pw')).toBe(true);
    const without = await signInPlatformWithout(t, world.tenantA, 'personalAccountManage:info:password');
    const refused = await post(without, '/api/sys/person/changePassword', {
      userId: id,
      loginName: '136****4444',
      newPassword: 'Other@2026pw',
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('编辑', () => {
  const session = (personId: number) =>
    t.database.db.insert(workerSessions).values({
      tenantId: world.tenantA,
      personId,
      tokenHash: marker('e').padEnd(64, '0'),
      idleExpiresAt: new Date(Date.now() + 3_600_000),
      absoluteExpiresAt: new Date(Date.now() + 3_600_000),
    });
  const rowOf = async (id: number) => (await t.database.db.select().from(persons).where(eq(persons.id, id)))[0];

  it('changes the account name of a person not yet verified and the phone, ending its app sessions', async () => {
    const id = await insertPerson(t.database, world.tenantA, { name: `${search}未实名`, phone: '13655550001' });
    await session(id);
    const edited = await post(world.staffA, '/api/sys/person/edit', {
      userId: id,
      name: ' 王小芳 ',
      phone: '13655550002',
    });
    expect(edited.json()).toMatchObject({
      success: true,
      message: PERSON_MSG.edited,
      result: { id, name: '王小芳', phone: '13655550002' },
    });
    expect(await rowOf(id)).toMatchObject({ name: '王小芳', phone: '13655550002' });
    const [ended] = await t.database.db
      .select({ revokedAt: workerSessions.revokedAt })
      .from(workerSessions)
      .where(eq(workerSessions.personId, id));
    expect(ended.revokedAt).not.toBeNull();
    const audit = await t.database.executeSql(
      "select before, after from audit_logs where action = 'person.edit' and target_id = $1",
      [String(id)],
    );
    expect(audit.rows[0]).toMatchObject({
      before: { name: `${search}未实名`, phone: '13655550001' },
      after: { name: '王小芳', phone: '13655550002' },
    });
  });

  it('keeps a verified name, one phone per platform, the limits, and the wall', async () => {
    const verified = await newPerson({ phone: '13655550011' });
    const renamed = await post(world.staffA, '/api/sys/person/edit', {
      userId: verified,
      name: '别的名字',
      phone: '13655550011',
    });
    expect(renamed.json()).toMatchObject({ success: false, message: PERSON_MSG.nameFixedByIdentity });
    const { name } = await rowOf(verified);
    // the same name with a new phone is fine
    const rephoned = await post(world.staffA, '/api/sys/person/edit', { userId: verified, name, phone: '13655550012' });
    expect(rephoned.json().success).toBe(true);

    const other = await insertPerson(t.database, world.tenantA, { name: `${search}他人`, phone: '13655550013' });
    const taken = await post(world.staffA, '/api/sys/person/edit', {
      userId: other,
      name: '他人',
      phone: '13655550012',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(PERSON_MSG.phoneTaken);
    // two edits racing for one phone: one gets it
    const racers = await Promise.all(
      [other, await insertPerson(t.database, world.tenantA, { name: `${search}甲`, phone: '13655550014' })].map(
        (userId, index) =>
          post(world.staffA, '/api/sys/person/edit', { userId, name: `赛${index}`, phone: '13655550015' }),
      ),
    );
    expect(racers.map((answer) => answer.json().success).sort()).toEqual([false, true]);
    expect(racers.find((answer) => !answer.json().success)?.json().message).toBe(PERSON_MSG.phoneTaken);
    // another platform's person may hold the same phone
    const elsewhere = await insertPerson(t.database, world.tenantB, { name: `${search}外`, phone: '13655550016' });
    expect(
      (await post(world.staffA, '/api/sys/person/edit', { userId: other, name: '他人', phone: '13655550016' })).json()
        .success,
    ).toBe(true);

    const long = await post(world.staffA, '/api/sys/person/edit', {
      userId: other,
      name: '名'.repeat(21),
      phone: '13655550016',
    });
    expect(long.json().message).toContain(PERSON_MSG.accountNameTooLong);
    const badPhone = await post(world.staffA, '/api/sys/person/edit', {
      userId: other,
      name: '他人',
      phone: '2365555001',
    });
    expect(badPhone.json().message).toContain(MSG.mobileInvalid);
    const empty = await post(world.staffA, '/api/sys/person/edit', { userId: other, name: '', phone: '' });
    expect(empty.json().message).toContain(PERSON_MSG.accountNameRequired);

    const foreign = await post(world.staffB, '/api/sys/person/edit', {
      userId: other,
      name: '他人',
      phone: '13655550017',
    });
    expect(foreign.json()).toMatchObject({ success: false, message: PERSON_MSG.notFound });
    expect(
      (await post(world.staffA, '/api/sys/person/edit', { userId: elsewhere, name: '外', phone: '13655550018' })).json()
        .message,
    ).toBe(PERSON_MSG.notFound);
    const without = await signInPlatformWithout(t, world.tenantA, 'personalAccountManage:info:edit');
    expect(
      (await post(without, '/api/sys/person/edit', { userId: other, name: '他人', phone: '13655550019' })).statusCode,
    ).toBe(403);
    expect((await rowOf(other)).phone).toBe('13655550016');
  });
});

describe('转出 and 转出记录', () => {
  it('asks for the enterprise, refuses another platform’s, records one transfer of a double click', async () => {
    const id = await newPerson();
    const none = await post(world.staffA, '/api/sys/person/transferOut', { userId: id });
    expect(none.json()).toMatchObject({
      success: false,
      message: expect.stringContaining(MSG.transferEnterpriseRequired),
    });
    const foreign = await post(world.staffA, '/api/sys/person/transferOut', {
      userId: id,
      enterpriseName: foreignEnterprise.name,
      enterpriseCode: foreignEnterprise.enterpriseSn,
    });
    expect(foreign.json()).toMatchObject({ success: false, message: PERSON_MSG.transferEnterpriseNotFound });
    expect((await get(world.staffA, '/api/sys/person/wasTransferred', { userId: id })).json().result).toBe(false);
    const body = { userId: id, enterpriseName: ownEnterprise.name, enterpriseCode: ownEnterprise.enterpriseSn };
    const answers = (
      await Promise.all([
        post(world.staffA, '/api/sys/person/transferOut', body),
        post(world.staffA, '/api/sys/person/transferOut', body),
      ])
    ).map((response) => response.json());
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.find((a) => a.success).message).toBe(MSG.operationSuccess);
    expect(answers.find((a) => !a.success).message).toBe(PERSON_MSG.alreadyTransferred);
    expect((await get(world.staffA, '/api/sys/person/wasTransferred', { userId: id })).json().result).toBe(true);
    const records = (await get(world.staffA, '/api/sys/person/transferOutRecords', { userId: id })).json().result;
    expect(records.total).toBe(1);
    expect(records.records[0]).toMatchObject({
      enterpriseName: ownEnterprise.name,
      enterpriseCode: ownEnterprise.enterpriseSn,
      createName: '测试员',
    });
    const listed = (await get(world.staffA, '/api/sys/person/list', { name: search, pageSize: 100 })).json().result;
    expect(listed.records.find((r: { id: number }) => r.id === id).transferred).toBe(true);
    const stored = await t.database.db
      .select()
      .from(personTransfers)
      .where(and(eq(personTransfers.personId, id), eq(personTransfers.tenantId, world.tenantA)));
    expect(stored).toHaveLength(1);
    expect((await get(world.staffB, '/api/sys/person/transferOutRecords', { userId: id })).json().success).toBe(false);
  });

  it('does not transfer a banned person', async () => {
    const id = await newPerson({ loginFlag: 1 });
    const answer = await post(world.staffA, '/api/sys/person/transferOut', {
      userId: id,
      enterpriseName: ownEnterprise.name,
      enterpriseCode: ownEnterprise.enterpriseSn,
    });
    expect(answer.json()).toMatchObject({ success: false, message: PERSON_MSG.loginFlagChanged });
  });
});

describe('协议记录', () => {
  it('lists the person’s agreements with their sign status', async () => {
    const id = await newPerson();
    const contractId = await insertContract(t.database, world.tenantA, {
      contractName: '灵活用工平台服务协议',
      type: 1,
    });
    await t.database.db.insert(personAgreements).values([
      { tenantId: world.tenantA, contractId, personId: id, contractSn: marker('XY'), signedAt: new Date() },
      {
        tenantId: world.tenantA,
        contractId,
        personId: id,
        contractSn: marker('XY'),
        enterpriseId: world.own.enterpriseId,
      },
    ]);
    const page = (await get(world.staffA, '/api/sys/person/agreementList', { userId: id })).json().result;
    expect(page.total).toBe(2);
    expect(page.records.map((r: { signStatus: number }) => r.signStatus).sort()).toEqual([0, 1]);
    expect(page.records.find((r: { signStatus: number }) => r.signStatus === 0).enterpriseName).toBe(
      ownEnterprise.name,
    );
    const info = (await get(world.staffA, '/api/sys/person/info', { userId: id })).json().result;
    expect(info.contractName).toBe('灵活用工平台服务协议');
    expect((await get(world.staffB, '/api/sys/person/agreementList', { userId: id })).json().success).toBe(false);
  });
});
