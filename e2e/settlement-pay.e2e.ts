/**
 * 结算管理 in a real browser, the enterprise's side: 生成结算单 makes a settlement of a service type
 * whose audited tasks are not settled yet (the demo leaves some: the refused and the withdrawn
 * settlements gave their tasks back, and the service types beyond the demo's plan were never
 * settled), and a second try of the same choice finds nothing left. Paying it through the list's
 * settlement dialog follows once the list page is in.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, callApi, launchBrowser, openPage, route, screenshot, signIn, storedToken } from './support';

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

/** Picks in the form item labelled `label`, typing `search` first when given. */
async function pick(page: Page, label: string, option: string, search?: string) {
  const item = page.locator('.ant-form-item').filter({ has: page.locator(`label:text-is("${label}")`) });
  const combobox = item.getByRole('combobox');
  await combobox.click();
  if (search) await combobox.fill(search);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
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

    const menu = page.locator('.ant-menu');
    await menu.getByText('结算管理', { exact: true }).click();
    await menu.getByText('结算中心', { exact: true }).click();
    await menu.getByText('生成结算单', { exact: true }).click();
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
