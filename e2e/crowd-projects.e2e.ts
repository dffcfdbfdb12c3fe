/**
 * Issue 11's crowdsourcing project list (spec 1 §2; decision 0027): the tenant's staff open 众包项目列表
 * from the menu, the demo company's name opens its read-only 企业信息 (basic info, authentication,
 * paying banks, service fee), its project count opens the list embedded for that enterprise (comeForm
 * 2, a back button), and a row's 项目汇总 opens the summary. The enterprise opens its own info from its
 * project list. Screenshots at 1440x900 and 1280x720.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, launchBrowser, openPage, screenshot, signIn, url } from './support';

const COMPANY = '杭州星联医药科技有限公司';

let browser: Browser;
let staff: { context: BrowserContext; page: Page };
let enterprise: { context: BrowserContext; page: Page };

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await openPage(browser);
  enterprise = await openPage(browser);
  await signIn(staff.page, ACCOUNTS.tenantStaff);
  await signIn(enterprise.page, ACCOUNTS.enterprise);
});
afterAll(async () => {
  await browser?.close();
});

describe('the crowdsourcing project list and the enterprise info', () => {
  it('opens from the menu as the search page; the company name opens its info', async () => {
    const { page } = staff;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator('.console-header').getByText('项目管理', { exact: true }).click();
    await page.getByRole('menuitem', { name: '众包项目列表' }).click();
    await page.waitForURL(/#\/projectManage\/project\/crowdList$/);
    const card = page.locator('.page-card').filter({ hasText: '众包项目列表' });
    const row = card.locator('tr').filter({ hasText: '全渠道终端服务示范项目' }).first();
    await row.waitFor();
    expect(await card.getByRole('button', { name: /返\s*回/ }).count()).toBe(0);
    expect(await row.getByRole('button', { name: /详\s*情/ }).count()).toBe(1);
    expect(await row.getByRole('button', { name: /项目汇总/ }).count()).toBe(1);
    await screenshot(page, 'crowd-project-list-1440');

    await row.getByRole('button', { name: COMPANY }).click();
    await page.waitForURL(/#\/projectManage\/project\/enterpriseInfo\?id=\d+&tenantId=\d+$/);
    const info = page.locator('.enterprise-info');
    await info.locator('.enterprise-name').getByText(COMPANY).waitFor();
    await info.getByText('统一社会信用代码').waitFor();
    await info.getByText('结算账户').waitFor();
    // the demo company pays through funded banks on its platform
    expect(await info.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    expect(await info.getByText('服务费', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /编\s*辑/ }).count()).toBe(0);
    await screenshot(page, 'enterprise-info-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'enterprise-info-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('the project count opens the list embedded for the enterprise, with a back button', async () => {
    const { page } = staff;
    const info = page.locator('.enterprise-info');
    await info.locator('.enterprise-inline-link').click();
    await page.waitForURL(/#\/projectManage\/project\/crowdList\?enterpriseId=\d+&tenantId=\d+$/);
    // the search page stays open in its own tab: the embedded list is the visible one
    const card = page.locator('.page-card:visible').filter({ hasText: '众包项目列表' });
    await card.locator('tr.ant-table-row').first().waitFor();
    // one enterprise: no client filter, every row its own
    expect(await card.getByLabel('客户', { exact: true }).count()).toBe(0);
    const clients = await card
      .locator('tr.ant-table-row')
      .evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
    expect(clients.every((text) => text.includes(COMPANY))).toBe(true);
    // the embedded query has answered (the search page's rows are not shown faded while it loads)
    await expect.poll(() => card.locator('.ant-spin-spinning').count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'crowd-project-list-embedded-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
    await card.getByRole('button', { name: /返\s*回/ }).click();
    await page.waitForURL(/#\/projectManage\/project\/enterpriseInfo\?/);
    await page.goBack();
    await page.waitForURL(/#\/projectManage\/project\/crowdList$/);
    await page
      .locator('tr')
      .filter({ hasText: '全渠道终端服务示范项目' })
      .first()
      .getByRole('button', { name: /项目汇总/ })
      .click();
    await page.waitForURL(/#\/projectManage\/project\/summary\?id=\d+$/);
  });

  it('the enterprise sees its own info and not another enterprise', async () => {
    const { page } = enterprise;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(url('/projectManage/project/enterpriseInfo?id=999999'));
    await page.locator('.ant-result-title').getByText('企业不存在').waitFor();
  });
});
