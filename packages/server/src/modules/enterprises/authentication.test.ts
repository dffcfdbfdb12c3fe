/**
 * 修改认证信息 (spec 3 §3 "Enterprise", §5, §7 "Modify authentication"; decision 0038): the platform's
 * staff change the enterprise's name, address, legal person and pictures; each field's message; a
 * picture must be an image of the enterprise's platform; the legal person's ID and the ID sides are
 * masked until the desensitized view; within the platform and with the code; audited.
 */
import { ENTERPRISE_INFO_MSG, type LoginUserInfo, MSG } from '@fieldpay/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signInPlatformWithout, unmaskToken, useTestApp } from '../../../test/app';
import { pdfOf, pngOf, uploadFile } from '../../../test/file-fixtures';
import { createLookupWorld, type LookupWorld } from '../../../test/lookups';
import { auditLogs, enterprises } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;
const pictures = { license: '', front: '', back: '', logo: '', pdf: '', foreign: '' };
const ID_CARD = '11010519491231002X';

const modify = (session: LoginUserInfo, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sys/enterprise/modifyAuth',
    payload,
    headers: authHeaders(session),
  });
const info = async (session: LoginUserInfo, tempToken?: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/sys/enterprise/info',
      query: { id: String(world.own.enterpriseId), ...(tempToken ? { tempToken } : {}) },
      headers: authHeaders(session),
    })
  ).json().result;
const form = (values: Record<string, unknown> = {}) => ({
  id: world.own.enterpriseId,
  tenantId: world.own.tenantId,
  enterpriseName: '杭州星联医药科技有限公司',
  address: '浙江省杭州市西湖区文三路478号',
  name: '王建国',
  idCard: ID_CARD.toLowerCase(),
  license: pictures.license,
  idCardFront: pictures.front,
  idCardBack: pictures.back,
  logo: pictures.logo,
  ...values,
});
const stored = async () =>
  (await t.database.db.select().from(enterprises).where(eq(enterprises.id, world.own.enterpriseId)))[0];

async function upload(session: LoginUserInfo, fileName: string, content: Buffer, scene = 'image') {
  const response = await uploadFile(t, session, { scene, uploadPath: 'enterprise/auth' }, fileName, content);
  const address: string = response.json().result?.address ?? response.json().result?.[0]?.address;
  expect(address, response.body).toBeTruthy();
  return address;
}

beforeAll(async () => {
  world = await createLookupWorld(t);
  pictures.license = await upload(world.staffA, '营业执照.png', pngOf(8, 8));
  pictures.front = await upload(world.staffA, '身份证信息面.png', pngOf(8, 6));
  pictures.back = await upload(world.staffA, '身份证国徽面.png', pngOf(6, 8));
  pictures.logo = await upload(world.staffA, 'logo.png', pngOf(4, 4));
  pictures.pdf = await upload(world.staffA, '说明.pdf', pdfOf(), 'default');
  pictures.foreign = await upload(world.staffB, '他人执照.png', pngOf(8, 8));
});

describe('修改认证信息', () => {
  it('saves with 修改成功 (the ID upper-cased), audited; masked until the desensitized view', async () => {
    const saved = await modify(world.staffA, form());
    expect(saved.json()).toMatchObject({ success: true, message: ENTERPRISE_INFO_MSG.authSaved });
    expect(await stored()).toMatchObject({
      name: '杭州星联医药科技有限公司',
      address: '浙江省杭州市西湖区文三路478号',
      legalPersonName: '王建国',
      legalPersonIdCard: ID_CARD,
      license: pictures.license,
      idCardFront: pictures.front,
      idCardBack: pictures.back,
      logo: pictures.logo,
    });
    const [audit] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'enterprise.auth'));
    expect(audit.after).toMatchObject({ legalPersonName: '王建国' });

    expect(await info(world.staffA)).toMatchObject({
      idName: '王*国',
      idCard: '110***********002X',
      license: pictures.license,
      logo: pictures.logo,
      idCardFront: '1',
      idCardBack: '1',
    });
    const clear = await info(world.staffA, await unmaskToken(t, world.staffA));
    expect(clear).toMatchObject({
      idName: '王建国',
      idCard: ID_CARD,
      idCardFront: pictures.front,
      idCardBack: pictures.back,
    });
  });

  it('answers the spec’s message for each field, and changes nothing', async () => {
    const before = await stored();
    const cases: [object, string][] = [
      [form({ enterpriseName: ' ' }), `企业名称：${MSG.enterpriseNameRequired}`],
      [form({ address: '' }), `地址：${MSG.enterpriseAddressRequired}`],
      [form({ name: '' }), `名称：${MSG.legalPersonNameRequired}`],
      [form({ name: '王'.repeat(51) }), `名称：${MSG.legalPersonNameRequired}`],
      [form({ idCard: '' }), `身份证号：${ENTERPRISE_INFO_MSG.legalPersonIdRequired}`],
      [form({ idCard: '110105194912310021' }), `身份证号：${MSG.nationalIdInvalid}`],
      [form({ license: '' }), `营业执照：${MSG.businessLicenseRequired}`],
      [form({ idCardFront: '' }), `身份证信息面：${MSG.idCardFrontRequired}`],
      [form({ idCardBack: '' }), `身份证国徽面：${MSG.idCardBackRequired}`],
    ];
    for (const [payload, message] of cases) {
      const response = await modify(world.staffA, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message, message).toBe(message);
    }
    for (const picture of [pictures.pdf, pictures.foreign, '/api/resource/file/1/nosuchfile']) {
      const response = await modify(world.staffA, form({ idCardFront: picture, name: '李四' }));
      expect(response.json().message, picture).toBe(ENTERPRISE_INFO_MSG.imageInvalid);
    }
    expect(await stored()).toEqual(before);
  });

  it('keeps to the platform and the code', async () => {
    expect((await modify(world.staffB, form({ name: '李四' }))).json().message).toBe('企业不存在');
    expect((await modify(world.enterpriseUser, form({ name: '李四' }))).statusCode).toBe(403);
    const without = await signInPlatformWithout(t, world.tenantA, 'enterpriseAccountManage:info:modify');
    expect((await modify(without, form({ name: '李四' }))).statusCode).toBe(403);
    expect((await stored()).legalPersonName).toBe('王建国');
  });
});
