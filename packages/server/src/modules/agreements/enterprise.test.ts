/**
 * 企业协议 (spec 3 §4 "Enterprise agreement management", §5 "Enterprise agreement form", §7, §8 19007;
 * decision 0040): offline agreements run by their dates, online ones are signed by the platform and
 * then the enterprise through one-time signing pages; each action only from its status; the last
 * agreement in force cannot be ended; another platform's and another enterprise's rows stay unseen.
 */
import { ApiCode, ENTERPRISE_AGREEMENT_MSG, formatChinaDate, type LoginUserInfo, MSG } from '@fieldpay/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signInPlatformWithout, useTestApp } from '../../../test/app';
import { docxOf, pdfText, pngOf, uploadFile } from '../../../test/file-fixtures';
import { createLookupWorld, type LookupWorld } from '../../../test/lookups';
import { auditLogs, enterpriseAgreements } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;

const DAY = 86_400_000;
const day = (offset: number) => formatChinaDate(Date.now() + offset * DAY);
const ONLINE_TEXT =
  '<h2>服务协议</h2><p>甲方委托乙方推广。</p><p>甲方：<span data-type="platform-seal" class="agreement-mark agreement-mark-seal">平台印章</span></p>' +
  '<p>乙方：<span data-type="enterprise-seal" class="agreement-mark agreement-mark-seal">企业印章</span></p>';

const call = (session: LoginUserInfo, method: 'GET' | 'POST', path: string, input: Record<string, unknown>) =>
  t.app.inject({
    method,
    url: `/api/sys/enterpriseAgreement/${path}`,
    ...(method === 'GET'
      ? { query: Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])) }
      : { payload: input }),
    headers: authHeaders(session),
  });

async function uploaded(session: LoginUserInfo, name: string, content: Buffer, scene = 'agreement') {
  const answer = (await uploadFile(t, session, { scene, uploadPath: 'agreement' }, name, content)).json();
  expect(answer.success, answer.message).toBe(true);
  return { agreementName: answer.result.name as string, agreementAddress: answer.result.address as string };
}

const offline = async (values: Record<string, unknown> = {}) => ({
  agreementType: 0,
  ...world.own,
  enterpriseSignTime: day(-30),
  startTime: day(-30),
  endTime: day(335),
  agreementList: [await uploaded(world.staffA, '星联服务协议.docx', docxOf())],
  ...values,
});
const online = (values: Record<string, unknown> = {}) => ({
  agreementType: 1,
  ...world.own,
  agreementName: '年度推广服务协议',
  enterpriseSignTime: day(0),
  startTime: day(0),
  endTime: day(365),
  content: ONLINE_TEXT,
  ...values,
});

async function saved(input: Record<string, unknown>) {
  const answer = (await call(world.staffA, 'POST', 'save', input)).json();
  expect(answer.success, answer.message).toBe(true);
  return answer.result as { id: number; signStatus: number };
}

/** Asks for the sign address as `who` and answers the signing page with `action`. */
async function sign(who: LoginUserInfo, id: number, action: 'sign' | 'refuse' = 'sign') {
  const address = (await call(who, 'POST', 'signAddress', { agreementId: id, signType: 0 })).json();
  expect(address.success, address.message).toBe(true);
  const url = address.result.signAddress as string;
  const page = await t.app.inject({ method: 'GET', url });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('年度推广服务协议');
  const done = await t.app.inject({
    method: 'POST',
    url,
    payload: `action=${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(done.statusCode).toBe(200);
  return { url, body: done.body };
}

const statusOf = async (id: number) =>
  (await call(world.staffA, 'GET', 'detail', { id })).json().result.signStatus as number;

beforeAll(async () => {
  world = await createLookupWorld(t);
});

describe('线下协议', () => {
  it('is in force within its dates, a draft before its start (deletable), and keeps its files for download', async () => {
    const running = await saved(await offline());
    expect(running.signStatus).toBe(2);
    const draft = await saved(await offline({ enterpriseSignTime: day(5), startTime: day(10), endTime: day(400) }));
    expect(draft.signStatus).toBe(5);

    const list = (await call(world.staffA, 'GET', 'list', { enterpriseId: world.own.enterpriseId })).json().result;
    const row = list.records.find((record: { id: number }) => record.id === running.id);
    expect(row).toMatchObject({
      agreementName: '星联服务协议',
      agreementType: 0,
      signLabel: '履约中',
      agreementList: [{ agreementName: '星联服务协议.docx' }],
    });
    expect(row.orderNo).toMatch(/^XY\d{14}$/);

    const filesAnswer = (await call(world.enterpriseUser, 'GET', 'files', { id: running.id })).json();
    expect(filesAnswer.result[0].agreementName).toBe('星联服务协议.docx');
    const download = await t.app.inject({ method: 'GET', url: filesAnswer.result[0].agreementAddress });
    expect(download.statusCode).toBe(200);

    const refused = (await call(world.staffA, 'POST', 'delete', { id: running.id })).json();
    expect(refused.message).toBe(ENTERPRISE_AGREEMENT_MSG.notDeletable);
    const deleted = (await call(world.staffA, 'POST', 'delete', { id: draft.id })).json();
    expect(deleted).toMatchObject({ success: true, message: MSG.deleteSuccess });
    expect(
      await t.database.db.select().from(enterpriseAgreements).where(eq(enterpriseAgreements.id, draft.id)),
    ).toEqual([]);
  });

  it('refuses what the form refuses, and stores nothing', async () => {
    const before = await t.database.db.select().from(enterpriseAgreements);
    // a form rule's message names its field the way the form labels it
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        await offline({ enterpriseSignTime: day(1), startTime: day(0) }),
        `签订日期：${ENTERPRISE_AGREEMENT_MSG.signAfterStart}`,
      ],
      [await offline({ agreementList: [] }), `协议文件：${ENTERPRISE_AGREEMENT_MSG.filesRequired}`],
      [await offline({ endTime: day(-40) }), `结束时间：${ENTERPRISE_AGREEMENT_MSG.endBeforeStart}`],
      [
        await offline({ agreementList: [await uploaded(world.staffA, '照片.png', pngOf(8, 8), 'image')] }),
        ENTERPRISE_AGREEMENT_MSG.fileNotDocument,
      ],
      [
        await offline({ agreementList: [await uploaded(world.staffB, '他方协议.docx', docxOf())] }),
        ENTERPRISE_AGREEMENT_MSG.fileNotDocument,
      ],
      [online({ agreementName: '' }), `协议名称：${ENTERPRISE_AGREEMENT_MSG.nameRequired}`],
      [online({ agreementName: '协'.repeat(41) }), `协议名称：${ENTERPRISE_AGREEMENT_MSG.nameTooLong}`],
      [online({ content: '<p>没有印章</p>' }), '请添加一个平台印章'],
      [online({ content: ONLINE_TEXT.replace('enterprise-seal', 'platform-seal') }), '只能插入一个平台印章'],
      [online({ content: `${ONLINE_TEXT}<p><span data-type="signature">签名</span></p>` }), '不可添加签名'],
      [online({ content: '' }), `内容：${ENTERPRISE_AGREEMENT_MSG.contentRequired}`],
    ];
    for (const [input, message] of cases) {
      const answer = (await call(world.staffA, 'POST', 'save', input)).json();
      expect(answer, message).toMatchObject({ success: false, message });
    }
    expect(await t.database.db.select().from(enterpriseAgreements)).toHaveLength(before.length);
  });
});

describe('线上协议', () => {
  it('is signed by the platform, then by the enterprise, each through a one-time page; the PDF shows both seals', async () => {
    const { id, signStatus } = await saved(online({ content: `${ONLINE_TEXT}<script>alert(1)</script>` }));
    expect(signStatus).toBe(4);
    const stored = await t.database.db.select().from(enterpriseAgreements).where(eq(enterpriseAgreements.id, id));
    expect(stored[0].content).not.toContain('script');

    // not the enterprise's turn yet
    const early = (await call(world.enterpriseUser, 'POST', 'signAddress', { agreementId: id, signType: 1 })).json();
    expect(early.message).toBe(ENTERPRISE_AGREEMENT_MSG.notSignable);

    const platform = await sign(world.staffA, id);
    expect(platform.body).toContain('签署成功');
    expect(await statusOf(id)).toBe(3);
    // used once
    const again = await t.app.inject({ method: 'GET', url: platform.url });
    expect(again.body).toContain('签署链接已失效');

    await sign(world.enterpriseUser, id);
    expect(await statusOf(id)).toBe(2);

    const { address } = (
      await call(world.enterpriseUser, 'GET', 'previewAddress', {
        contractSn: (
          await t.database.db.select().from(enterpriseAgreements).where(eq(enterpriseAgreements.id, id))
        )[0].orderNo,
      })
    ).json().result;
    const pdf = await t.app.inject({ method: 'GET', url: address, headers: authHeaders(world.enterpriseUser) });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('年度推广服务协议');
    expect(text).toContain('电子签章');
    expect(text).not.toContain('待签署');

    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.targetId, String(id)));
    expect(audits.map((row) => row.action)).toEqual(
      expect.arrayContaining(['enterpriseAgreement.create', 'enterpriseAgreement.sign']),
    );
  });

  it('withdraws at 待签署, cancels at 签署中, fails when refused, and an old link dies with the change', async () => {
    const withdrawn = await saved(online());
    await sign(world.staffA, withdrawn.id);
    expect((await call(world.staffA, 'POST', 'cancel', { id: withdrawn.id })).json().message).toBe(
      ENTERPRISE_AGREEMENT_MSG.notCancellable,
    );
    const link = (
      await call(world.enterpriseUser, 'POST', 'signAddress', { agreementId: withdrawn.id, signType: 1 })
    ).json().result.signAddress;
    expect((await call(world.staffA, 'POST', 'withdraw', { id: withdrawn.id })).json().success).toBe(true);
    expect(await statusOf(withdrawn.id)).toBe(6);
    expect((await t.app.inject({ method: 'GET', url: link })).body).toContain('签署链接已失效');

    const cancelled = await saved(online());
    expect((await call(world.staffA, 'POST', 'withdraw', { id: cancelled.id })).json().message).toBe(
      ENTERPRISE_AGREEMENT_MSG.notWithdrawable,
    );
    expect((await call(world.staffA, 'POST', 'cancel', { id: cancelled.id })).json().success).toBe(true);
    expect(await statusOf(cancelled.id)).toBe(6);

    const refused = await saved(online());
    const page = await sign(world.staffA, refused.id, 'refuse');
    expect(page.body).toContain('已拒绝签署');
    expect(await statusOf(refused.id)).toBe(1);
  });
});

describe('终止', () => {
  it('ends an agreement in force unless it is the last one in force between the enterprise and its platform (19007)', async () => {
    const inForce = (
      await call(world.staffA, 'GET', 'list', { enterpriseId: world.own.enterpriseId, signStatus: 2, pageSize: 100 })
    ).json().result.records as Array<{ id: number }>;
    expect(inForce.length).toBeGreaterThanOrEqual(2);
    for (const row of inForce.slice(1)) {
      expect((await call(world.staffA, 'POST', 'end', { id: row.id })).json().success).toBe(true);
      expect(await statusOf(row.id)).toBe(7);
    }
    const last = (await call(world.staffA, 'POST', 'end', { id: inForce[0].id })).json();
    expect(last).toMatchObject({
      success: false,
      code: ApiCode.lastAgreement,
      message: ENTERPRISE_AGREEMENT_MSG.lastValid,
    });
    expect(await statusOf(inForce[0].id)).toBe(2);
  });
});

describe('墙与权限', () => {
  it('keeps another platform’s staff and another enterprise out, and asks for each code', async () => {
    const { id } = await saved(online());
    for (const session of [world.staffB]) {
      expect((await call(session, 'GET', 'detail', { id })).statusCode).toBe(404);
      expect((await call(session, 'POST', 'cancel', { id })).statusCode).toBe(404);
      const list = (await call(session, 'GET', 'list', {})).json().result;
      expect(list.records.some((row: { id: number }) => row.id === id)).toBe(false);
    }
    const records = await call(world.enterpriseUser, 'GET', 'signRecords', { ...world.sibling });
    expect(records.statusCode).toBe(404);
    const own = (await call(world.enterpriseUser, 'GET', 'signRecords', { ...world.own })).json().result;
    expect(own.records.some((row: { id: number }) => row.id === id)).toBe(true);
    // the enterprise cannot act for the platform
    expect((await call(world.enterpriseUser, 'POST', 'cancel', { id })).statusCode).toBe(403);

    const withoutAdd = await signInPlatformWithout(t, world.tenantA, 'enterpriseAgreement:list:add');
    expect((await call(withoutAdd, 'POST', 'save', online())).statusCode).toBe(403);
    const withoutManage = await signInPlatformWithout(t, world.tenantA, 'enterpriseAgreement:list:manage');
    expect((await call(withoutManage, 'POST', 'cancel', { id })).statusCode).toBe(403);
    expect(await statusOf(id)).toBe(4);
  });

  it('answers a forged or malformed sign link with the expired page, changing nothing', async () => {
    const forged = await t.app.inject({ method: 'GET', url: `/api/esign/sign/${'a'.repeat(43)}` });
    expect(forged.body).toContain('签署链接已失效');
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/esign/sign/${'a'.repeat(43)}`,
      payload: 'action=sign',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.body).toContain('签署链接已失效');
    expect((await t.app.inject({ method: 'GET', url: '/api/esign/sign/x' })).statusCode).toBe(400);
  });
});
