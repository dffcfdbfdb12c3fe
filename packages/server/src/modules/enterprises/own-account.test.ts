/**
 * 账户信息 (spec 3 §2 "An enterprise account info page also exists"; decision 0043): the enterprise keeps
 * its own authentication and bank cards through the twins under /api/sys/enterprise/own/, with the
 * enterprise side's codes and the same rules as the platform's staff; walled to its own enterprise;
 * its own desensitized view with 本企业脱敏查看; every change audited with the user who made it.
 */
import { BANK_CARD_MSG, ENTERPRISE_INFO_MSG, type LoginUserInfo, type PermissionCode } from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createEnterpriseUser, createRole, login, unmaskToken, useTestApp } from '../../../test/app';
import { pngOf, uploadFile } from '../../../test/file-fixtures';
import { createLookupWorld, type LookupWorld } from '../../../test/lookups';
import { auditLogs, bankBranches, bankPlatforms, enterpriseBankCards, enterprises } from '../../db/schema';
import { builtInRoleCodes } from '../../seed/reference-data';

const t = useTestApp();
let world: LookupWorld;
const pictures = { license: '', front: '', back: '', sibling: '' };
let branchId: number;
let systemId: number;

const post = (session: LoginUserInfo, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: authHeaders(session) });
const owner = () => ({ enterpriseId: world.own.enterpriseId, tenantId: world.own.tenantId });
const authForm = (values: Record<string, unknown> = {}) => ({
  id: world.own.enterpriseId,
  tenantId: world.own.tenantId,
  enterpriseName: '杭州星联医药科技有限公司',
  address: '浙江省杭州市西湖区文三路478号',
  name: '王建国',
  idCard: '11010519491231002X',
  license: pictures.license,
  idCardFront: pictures.front,
  idCardBack: pictures.back,
  logo: '',
  ...values,
});
const card = (values: Record<string, unknown> = {}) => ({
  ...owner(),
  bankDepositId: branchId,
  bankUserName: '杭州星联医药科技有限公司',
  bankAccount: '1202021109900054321',
  bankDepositAddress: '杭州市西湖区文三路 199 号',
  bankReservedPhone: '13912345678',
  platformList: [systemId],
  ...values,
});
const enterpriseRow = async (id: number) =>
  (await t.database.db.select().from(enterprises).where(eq(enterprises.id, id)))[0];

async function upload(session: LoginUserInfo, fileName: string) {
  const response = await uploadFile(
    t,
    session,
    { scene: 'image', uploadPath: 'enterprise/auth' },
    fileName,
    pngOf(8, 8),
  );
  const address: string = response.json().result?.address ?? response.json().result?.[0]?.address;
  expect(address, response.body).toBeTruthy();
  return address;
}

/** An enterprise user of the own enterprise's platform whose role holds every enterprise code but `missing`. */
async function enterpriseUserWithout(missing: PermissionCode) {
  const roleCode = await createRole(t.database, {
    tenantId: world.tenantA,
    side: 'enterprise',
    permissions: builtInRoleCodes('enterprise', false).filter((code) => code !== missing),
  });
  const user = await createEnterpriseUser(t.database, { tenantIds: [world.tenantA], roleCode });
  return {
    session: await login(t.app, 'enterprise', user.username, user.password),
    enterpriseId: user.enterpriseIds[0],
  };
}

beforeAll(async () => {
  world = await createLookupWorld(t);
  pictures.license = await upload(world.enterpriseUser, '营业执照.png');
  pictures.front = await upload(world.enterpriseUser, '身份证信息面.png');
  pictures.back = await upload(world.enterpriseUser, '身份证国徽面.png');
  const sibling = await createEnterpriseUser(t.database, { tenantIds: [world.tenantA] });
  pictures.sibling = await upload(await login(t.app, 'enterprise', sibling.username, sibling.password), '他人执照.png');
  const [branch] = await t.database.db
    .insert(bankBranches)
    .values({
      cnapsCode: `102339${String(Date.now()).slice(-6)}`,
      bankNo: 'ICBC',
      bankBranchName: '中国工商银行股份有限公司杭州文三支行',
    })
    .returning({ id: bankBranches.id });
  branchId = branch.id;
  const [system] = await t.database.db
    .insert(bankPlatforms)
    .values({ tenantId: world.tenantA, platformName: '工商银行银企互联', bankNo: 'ICBC' })
    .returning({ id: bankPlatforms.id });
  systemId = system.id;
});

describe('本企业认证信息修改', () => {
  it('the enterprise saves its own authentication with 修改成功, audited as its user', async () => {
    const saved = await post(world.enterpriseUser, '/api/sys/enterprise/own/modifyAuth', authForm());
    expect(saved.json()).toMatchObject({ success: true, message: ENTERPRISE_INFO_MSG.authSaved });
    expect(await enterpriseRow(world.own.enterpriseId)).toMatchObject({
      name: '杭州星联医药科技有限公司',
      legalPersonName: '王建国',
      license: pictures.license,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'enterprise.auth'), eq(auditLogs.targetId, String(world.own.enterpriseId))));
    expect(audit).toMatchObject({ side: 'enterprise', actorName: world.enterpriseUser.realname });
    // the platform's staff are told, with a link to the enterprise's 企业信息
    const told = await t.app.inject({
      method: 'GET',
      url: '/api/sys/notice/list',
      query: { pageNo: '1', pageSize: '10' },
      headers: authHeaders(world.staffA),
    });
    expect(told.json().result.records[0]).toMatchObject({
      title: '企业修改了认证信息',
      content: '杭州星联医药科技有限公司已在账户信息中修改了认证信息，请核对。',
      link: `/projectManage/project/enterpriseInfo?id=${world.own.enterpriseId}&tenantId=${world.own.tenantId}`,
    });
  });

  it('cannot reach another enterprise, a picture of another enterprise, or the platform’s call', async () => {
    const before = await enterpriseRow(world.sibling.enterpriseId);
    for (const other of [world.sibling, world.foreign]) {
      const answer = await post(
        world.enterpriseUser,
        '/api/sys/enterprise/own/modifyAuth',
        authForm({ id: other.enterpriseId, tenantId: other.tenantId, enterpriseName: '冒名企业' }),
      );
      expect(answer.json()).toMatchObject({ success: false, message: ENTERPRISE_INFO_MSG.notFound });
    }
    expect(await enterpriseRow(world.sibling.enterpriseId)).toEqual(before);
    const foreignPicture = await post(
      world.enterpriseUser,
      '/api/sys/enterprise/own/modifyAuth',
      authForm({ license: pictures.sibling }),
    );
    expect(foreignPicture.json()).toMatchObject({ success: false, message: ENTERPRISE_INFO_MSG.imageInvalid });
    expect((await post(world.enterpriseUser, '/api/sys/enterprise/modifyAuth', authForm())).statusCode).toBe(403);
    expect((await post(world.staffA, '/api/sys/enterprise/own/modifyAuth', authForm())).statusCode).toBe(403);
  });

  it('needs 本企业认证信息修改', async () => {
    const clerk = await enterpriseUserWithout('enterpriseAccount:info:modify');
    const answer = await post(
      clerk.session,
      '/api/sys/enterprise/own/modifyAuth',
      authForm({ id: clerk.enterpriseId, tenantId: world.tenantA }),
    );
    expect(answer.statusCode).toBe(403);
  });
});

describe('本企业结算银行卡维护', () => {
  it('adds, edits and deletes its own cards with the platform’s messages and rules', async () => {
    const added = await post(world.enterpriseUser, '/api/sys/enterprise/own/bank/add', card());
    expect(added.json()).toMatchObject({ success: true, message: BANK_CARD_MSG.added });
    const id: number = added.json().result.id;
    const again = await post(world.enterpriseUser, '/api/sys/enterprise/own/bank/add', card());
    expect(again.json()).toMatchObject({ success: false, message: BANK_CARD_MSG.duplicate });
    const edited = await post(world.enterpriseUser, '/api/sys/enterprise/own/bank/edit', {
      ...card({ bankUserName: '杭州星联医药科技有限公司财务部' }),
      id,
    });
    expect(edited.json()).toMatchObject({ success: true, message: BANK_CARD_MSG.edited });
    const [stored] = await t.database.db.select().from(enterpriseBankCards).where(eq(enterpriseBankCards.id, id));
    expect(stored).toMatchObject({ bankUserName: '杭州星联医药科技有限公司财务部', bankReservedPhone: '13912345678' });
    const deleted = await post(world.enterpriseUser, '/api/sys/enterprise/own/bank/delete', { ...owner(), id });
    expect(deleted.json()).toMatchObject({ success: true, message: BANK_CARD_MSG.deleted });
    expect(await t.database.db.select().from(enterpriseBankCards).where(eq(enterpriseBankCards.id, id))).toEqual([]);
  });

  it('cannot add to another enterprise, use the platform’s call or go without the code', async () => {
    const sibling = await post(world.enterpriseUser, '/api/sys/enterprise/own/bank/add', {
      ...card(),
      enterpriseId: world.sibling.enterpriseId,
    });
    expect(sibling.json()).toMatchObject({ success: false, message: ENTERPRISE_INFO_MSG.notFound });
    expect((await post(world.enterpriseUser, '/api/sys/enterprise/bank/add', card())).statusCode).toBe(403);
    const clerk = await enterpriseUserWithout('enterpriseAccount:info:modifyAccount');
    const refused = await post(clerk.session, '/api/sys/enterprise/own/bank/add', {
      ...card(),
      enterpriseId: clerk.enterpriseId,
    });
    expect(refused.statusCode).toBe(403);
    expect(
      await t.database.db
        .select()
        .from(enterpriseBankCards)
        .where(eq(enterpriseBankCards.enterpriseId, world.sibling.enterpriseId)),
    ).toEqual([]);
  });
});

describe('本企业脱敏查看', () => {
  const info = (session: LoginUserInfo, id: number, tempToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/sys/enterprise/info',
      query: { id: String(id), tempToken },
      headers: authHeaders(session),
    });

  it('shows the enterprise its own details in the clear with its token, and needs the code', async () => {
    const token = await unmaskToken(t, world.enterpriseUser);
    const answer = (await info(world.enterpriseUser, world.own.enterpriseId, token)).json().result;
    expect(answer).toMatchObject({ unmasked: true, idCard: '11010519491231002X' });
    const clerk = await enterpriseUserWithout('enterpriseAccount:info:desensitization');
    const refused = await info(clerk.session, clerk.enterpriseId, await unmaskToken(t, clerk.session));
    expect(refused.statusCode).toBe(403);
  });
});
