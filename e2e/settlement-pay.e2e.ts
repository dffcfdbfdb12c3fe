/**
 * 结算管理 in a real browser, the enterprise's side: 生成结算单 makes a settlement of a service type
 * whose audited tasks are not settled yet (the demo leaves some: the refused and the withdrawn
 * settlements gave their tasks back, and the service types beyond the demo's plan were never
 * settled), and a second try of the same choice finds nothing left. Then it pays the approved,
 * unpaid settlement through the list's two-step dialog (bank, transaction password, the SMS code
 * from the dev outbox), and the payouts finish: the statement reads 已结算 on both sides.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, callApi, launchBrowser, openPage, pick, route, screenshot, signIn, storedToken } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Settleable {
  projectId: number;
  projectName: string;
  visitTypeId: string;
  serviceTypeName: string;
  taskNum: number;
  personNum: number;
  payAmount: string;
}

/** A project and service type of the signed-in enterprise with tasks to settle, the last one found. */
async function findSettleable(token: string): Promise<Settleable | null> {
  const projects = await callApi<{ records: Array<{ id: number; projectName: string }> }>(
    '/api/sys/lookup/project?pageNo=1&pageSize=50',
    { token },
  );
  let found: Settleable | null = null;
  for (const project of projects.result.records) {
    const detail = await callApi<{ visitTypeList: Array<{ visitId: string; serviceTypeName: string }> }>(
      `/api/sys/project/queryById?projectId=${project.id}`,
      { token },
    );
    for (const type of detail.result?.visitTypeList ?? []) {
      const summary = await callApi<{ taskNum: number; personNum: number; payAmount: string }>(
        `/api/sys/order/getSettleableSummary?projectId=${project.id}&visitTypeId=${type.visitId}`,
        { token },
      );
      if (summary.success && summary.result.taskNum > 0)
        found = {
          projectId: project.id,
          projectName: project.projectName,
          visitTypeId: type.visitId,
          serviceTypeName: type.serviceTypeName,
          ...summary.result,
        };
    }
  }
  return found;
}

const figure = (page: Page, title: string) =>
  page.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content-value');

describe('生成结算单', () => {
  it('the demo enterprise makes a settlement of the tasks left to settle, once', async (context) => {
    const { page } = await openPage(browser);
    await signIn(page, ACCOUNTS.enterprise);
    const token = (await storedToken(page)) ?? '';
    const settleable = await findSettleable(token);
    if (!settleable) {
      context.skip('the demo enterprise has no audited task left to settle');
      return;
    }

    await page.locator('.top-bar-menu').getByText('结算管理', { exact: true }).click();
    await page.waitForURL(/#\/settlement\/order\/list$/);
    await page.locator('.side-menu').getByText('生成结算单', { exact: true }).click();
    await page.waitForURL(/#\/settlement\/order\/create$/);
    await page.locator('.ant-card-head').getByText('生成结算单').waitFor();

    // nothing chosen: the project comes first
    await page.getByRole('button', { name: '生成结算单' }).click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: '请先选择项目' }).waitFor();

    await pick(page, '项目', settleable.projectName, settleable.projectName);
    await pick(page, '服务类型', settleable.serviceTypeName);
    await expect.poll(async () => figure(page, '可结算任务数').textContent()).toBe(String(settleable.taskNum));
    expect(await figure(page, '结算人数').textContent()).toBe(String(settleable.personNum));
    await page.getByPlaceholder('请输入备注').fill('e2e 生成结算单');
    // an attachment, uploaded once the project and the service type are chosen
    await page
      .locator('.ant-form-item', { hasText: '附件' })
      .locator('input[type=file]')
      .setInputFiles({
        name: '结算说明.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1'),
      });
    await page.locator('.ant-form-item', { hasText: '附件' }).getByText('结算说明.pdf').waitFor();
    // the service type's list has closed (its fade-out) before the picture
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('.ant-select-dropdown')).every(
        (node) => node.classList.contains('ant-select-dropdown-hidden') && node.getAnimations().length === 0,
      ),
    );
    await screenshot(page, 'settlement-create');

    const created = page.waitForResponse((response) =>
      response.url().includes('/api/sys/order/createSettlementListV2'),
    );
    await page.getByRole('button', { name: '生成结算单' }).click();
    const answer = (await (await created).json()) as { success: boolean; result: { id: number; settlementSn: string } };
    expect(answer.success).toBe(true);
    await page.locator('.ant-message-notice').filter({ hasText: '结算单已生成，请等待平台审核' }).waitFor();
    await page.waitForURL(/#\/settlement\/order\/list/);
    expect(route(page)).toBe('/settlement/order/list');

    // the settlement is there, waiting for the platform's audit, with the remarks
    const list = await callApi<{
      records: Array<{
        id: number;
        settlementSn: string;
        projectId: number;
        visitTypeId: string;
        auditStatus: number;
        totalTask: number;
        remarks: string;
      }>;
    }>(`/api/sys/order/getSettlementPage?pageNo=1&pageSize=20&settlementSn=${answer.result.settlementSn}`, { token });
    expect(list.result.records).toHaveLength(1);
    // the page's attachment is the settlement's
    const files = await callApi<{ list: Array<{ name: string }> }>(`/api/sys/order/queryfile?id=${answer.result.id}`, {
      token,
    });
    expect(files.result.list.map((file) => file.name)).toEqual(['结算说明.pdf']);
    expect(list.result.records[0]).toMatchObject({
      id: answer.result.id,
      projectId: settleable.projectId,
      visitTypeId: settleable.visitTypeId,
      auditStatus: 1,
      totalTask: settleable.taskNum,
      remarks: 'e2e 生成结算单',
    });

    // the same choice again: its tasks are taken, the button stays off
    await page.goto(page.url().replace(/#.*$/, '#/settlement/order/create'));
    await pick(page, '项目', settleable.projectName, settleable.projectName);
    await pick(page, '服务类型', settleable.serviceTypeName);
    await page.getByText('该项目的服务类型下没有可结算的任务').waitFor();
    expect(await page.getByRole('button', { name: '生成结算单' }).isDisabled()).toBe(true);
  });
});

describe('结算 through the dialog', () => {
  it('pays an approved, unpaid settlement once, and the payouts finish', { timeout: 180_000 }, async () => {
    const { page } = await openPage(browser);
    await signIn(page, ACCOUNTS.enterprise);
    const token = (await storedToken(page)) ?? '';
    type Row = {
      id: number;
      settlementSn: string;
      auditStatus: number;
      enterprisePayStatus: number;
      payStatus: number;
    };
    const listed = await callApi<{ records: Row[] }>('/api/sys/order/getSettlementPage?pageSize=50&auditStatus=2', {
      token,
    });
    const target = listed.result.records.find((row) => row.enterprisePayStatus === 1 && row.payStatus === 0);
    expect(target, 'an approved, unpaid demo settlement').toBeTruthy();
    if (!target) return;

    await page.goto(page.url().replace(/#.*$/, '#/settlement/order/list'));
    await page.getByPlaceholder('请输入结算单号').fill(target.settlementSn);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('tr.ant-table-row', { hasText: target.settlementSn });
    await row.getByRole('button', { name: /^结\s*算$/ }).click();

    const dialog = page.locator('.ant-modal').filter({ hasText: '银行付款' });
    await dialog.getByRole('button', { name: /下一步/ }).click();
    // the paying bank with the largest balance
    const banks = await callApi<Array<{ bankName: string; bankAccount: string; accountSum: string }>>(
      '/api/sys2/enterprise/bank/getEnterprisePayBankInfo',
      { token },
    );
    const bank = [...banks.result].sort((a, b) => Number(b.accountSum) - Number(a.accountSum))[0];
    expect(bank, 'a paying bank of the demo enterprise').toBeTruthy();
    await pick(page, '付款银行', `${bank.bankName}（${bank.bankAccount}）`);
    await dialog.getByPlaceholder('请输入交易密码').fill('135790');
    const sent = page.waitForResponse((response) => response.url().includes('/api/sys/password/sendPhone'));
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    expect(((await (await sent).json()) as { success: boolean }).success).toBe(true);
    const outbox = await callApi<Array<{ content: string }>>('/api/dev/sms-outbox?phone=13900000001');
    const code = /(\d{6})/.exec(outbox.result[0]?.content ?? '')?.[1];
    expect(code, 'the SMS code in the dev outbox').toBeTruthy();
    await dialog.getByPlaceholder('请输入验证码').fill(code as string);
    await screenshot(page, 'settlement-pay-dialog');
    await dialog.getByRole('button', { name: /确认付款/ }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '付款成功，平台将尽快完成发放' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // the enterprise has paid; the payouts run in the background until every line is final
    await expect
      .poll(
        async () => {
          const answer = await callApi<{ records: Row[] }>(
            `/api/sys/order/getSettlementPage?settlementSn=${target.settlementSn}`,
            { token },
          );
          const paid = answer.result.records[0];
          return [paid.enterprisePayStatus, paid.payStatus === 2 || paid.payStatus === 3];
        },
        { timeout: 60_000, interval: 500 },
      )
      .toEqual([2, true]);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await row.getByText('已结算').first().waitFor();
    expect(await row.getByRole('button', { name: /^结\s*算$/ }).count()).toBe(0);
  });
});
