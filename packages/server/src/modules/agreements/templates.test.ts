/**
 * 协议模板 (spec 3 §3, §5 "Agreement template", §7; decision 0041): one signature field and no seal,
 * a name of at most 20, no sensitive word; changed only while nobody has signed it; the enterprise's
 * own and its platform's staff see it, another enterprise does not; a person's contract drawn from it
 * fills the variables and writes the signature.
 */
import { AGREEMENT_TEMPLATE_MSG, type LoginUserInfo, maskIdCard } from '@fieldpay/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createEnterpriseUser, login, useTestApp } from '../../../test/app';
import { pdfText } from '../../../test/file-fixtures';
import { createLookupWorld, insertPerson, type LookupWorld } from '../../../test/lookups';
import { contracts, personAgreements, persons } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;

const span = (type: string, label: string, key?: string) =>
  `<span data-type="${type}"${key ? ` data-key="${key}"` : ''} class="agreement-mark">${label}</span>`;
const TEXT =
  `<p>甲方：${span('variable', '企业名称', 'enterpriseName')}</p>` +
  `<p>乙方：${span('variable', '姓名', 'userName')}，身份证号 ${span('variable', '身份证号', 'idCard')}</p>` +
  '<p>乙方承接门店拜访服务，按任务结算。</p>' +
  `<p>乙方签字：${span('signature', '签名')}</p>`;

const call = (session: LoginUserInfo, method: 'GET' | 'POST', path: string, input: Record<string, unknown>) =>
  t.app.inject({
    method,
    url: `/api/sys/agreementTemplate/${path}`,
    ...(method === 'GET'
      ? { query: Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])) }
      : { payload: input }),
    headers: authHeaders(session),
  });
const template = (values: Record<string, unknown> = {}) => ({
  ...world.own,
  agreementName: '门店拜访服务协议',
  content: TEXT,
  params: [
    { key: 'enterpriseName', value: '企业名称' },
    { key: 'userName', value: '姓名' },
    { key: 'idCard', value: '身份证号' },
  ],
  ...values,
});

beforeAll(async () => {
  world = await createLookupWorld(t);
});

describe('协议模板', () => {
  it('saves a template with one signature and its variables, and lists it for the enterprise and its platform', async () => {
    const saved = (await call(world.enterpriseUser, 'POST', 'save', template())).json();
    expect(saved).toMatchObject({ success: true, message: '保存成功' });
    const id = saved.result.id as number;
    const list = (await call(world.enterpriseUser, 'GET', 'list', { ...world.own })).json().result;
    expect(list.records[0]).toMatchObject({ id, agreementName: '门店拜访服务协议', signedCount: 0 });
    expect(list.records[0].contractSn).toMatch(/^XM\d+$/);
    const detail = (await call(world.staffA, 'GET', 'get', { id })).json().result;
    expect(detail.content).toContain('data-type="signature"');
    expect(detail.params.map((param: { key: string }) => param.key)).toEqual(['enterpriseName', 'userName', 'idCard']);
    expect((await call(world.staffB, 'GET', 'get', { id })).statusCode).toBe(404);
  });

  it('refuses a seal, a missing or second signature, a long name and an unknown variable, saving nothing', async () => {
    const before = await t.database.db.select().from(contracts);
    const cases: Array<[Record<string, unknown>, string]> = [
      [template({ content: `${TEXT}<p>${span('platform-seal', '平台印章')}</p>` }), '不可添加平台印章'],
      [template({ content: `${TEXT}<p>${span('enterprise-seal', '企业印章')}</p>` }), '不可以添加企业章'],
      [template({ content: '<p>没有签名</p>' }), '请添加一个签名'],
      [template({ content: `${TEXT}<p>${span('signature', '签名')}</p>` }), '只能插入一个签名'],
      [template({ content: '<p></p>' }), AGREEMENT_TEMPLATE_MSG.contentRequired],
      [template({ agreementName: '协'.repeat(21) }), `协议名称：${AGREEMENT_TEMPLATE_MSG.nameTooLong}`],
      [template({ params: [{ key: 'salary', value: '工资' }] }), AGREEMENT_TEMPLATE_MSG.variableUnknown],
    ];
    for (const [input, message] of cases) {
      const answer = (await call(world.enterpriseUser, 'POST', 'save', input)).json();
      expect(answer.success, message).toBe(false);
      expect(answer.message, message).toContain(message);
    }
    expect(await t.database.db.select().from(contracts)).toHaveLength(before.length);
  });

  it('keeps another enterprise out, and platform staff cannot write one', async () => {
    const { id } = (await call(world.enterpriseUser, 'POST', 'save', template())).json().result;
    const sibling = await createEnterpriseUser(t.database, { tenantIds: [world.tenantA] });
    const other = await login(t.app, 'enterprise', sibling.username, sibling.password);
    expect((await call(other, 'GET', 'get', { id })).statusCode).toBe(404);
    expect((await call(other, 'POST', 'save', template({ id, ...world.own }))).statusCode).toBe(404);
    expect((await call(world.staffA, 'POST', 'save', template())).statusCode).toBe(403);
  });

  it('is changed only while nobody signed it; a signed person’s contract fills the variables and the signature', async () => {
    const { id } = (await call(world.enterpriseUser, 'POST', 'save', template())).json().result;
    const changed = (
      await call(world.enterpriseUser, 'POST', 'save', template({ id, agreementName: '门店拜访服务协议（修订）' }))
    ).json();
    expect(changed.success).toBe(true);

    const personId = await insertPerson(t.database, world.tenantA, { name: '王芳' });
    await t.database.db.update(persons).set({ idCard: '330106199001011234' }).where(eq(persons.id, personId));
    await t.database.db.insert(personAgreements).values({
      tenantId: world.tenantA,
      enterpriseId: world.own.enterpriseId,
      personId,
      contractId: id,
      contractSn: `XY${Date.now()}`,
      signedAt: new Date('2026-11-20T02:00:00Z'),
    });
    const refused = (await call(world.enterpriseUser, 'POST', 'save', template({ id }))).json();
    expect(refused).toMatchObject({ success: false, message: AGREEMENT_TEMPLATE_MSG.signedAlready });
    const [row] = await t.database.db.select().from(contracts).where(eq(contracts.id, id));
    expect(row.contractName).toBe('门店拜访服务协议（修订）');

    const [agreement] = await t.database.db.select().from(personAgreements).where(eq(personAgreements.contractId, id));
    const pdf = await t.app.inject({
      method: 'GET',
      url: '/api/sys/personalAgreement/contractFile',
      query: { contractSn: agreement.contractSn, userId: String(personId) },
      headers: authHeaders(world.staffA),
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('乙方：王芳');
    expect(text).toContain(`身份证号 ${maskIdCard('330106199001011234')}`);
    expect(text).toContain('【签名：王芳（2026-11-20 10:00:00 电子签名）】');
  });
});
