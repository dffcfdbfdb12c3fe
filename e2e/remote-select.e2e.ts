import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, callApi, launchBrowser, openPage, screenshot, signIn, storedToken } from './support';

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
const lookupRequests: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openPage(browser);
  admin.page.on('request', (request) => {
    if (request.url().includes('/api/sys/lookup/')) lookupRequests.push(request.url());
  });
  await signIn(admin.page, ACCOUNTS.admin);
});
afterAll(async () => {
  await browser?.close();
});

const figure = (page: Page, title: string) =>
  page.locator('.dashboard-figure').filter({ hasText: title }).locator('.ant-statistic-content-value');

describe('remote select', () => {
  it('the platform operator narrows the dashboard to one tenant through the tenant lookup', async () => {
    const { page } = admin;
    await page.getByText('数据范围：全平台数据').waitFor();
    expect(await figure(page, '租户').textContent()).toBe('3');
    // the login toast fades first, so the screenshots show the select alone
    await page.locator('.ant-message-notice').waitFor({ state: 'detached' });

    const select = page.getByRole('combobox', { name: '按平台筛选' });
    await select.click();
    const options = page.locator('.ant-select-dropdown .ant-select-item-option');
    await options.first().waitFor();
    expect(await options.count()).toBe(3);
    expect(lookupRequests.at(-1)).toMatch(/\/api\/sys\/lookup\/tenant\?.*pageNo=1.*pageSize=20/);
    await screenshot(page, 'remote-select-tenant-open');

    await select.fill('西南');
    await page.waitForFunction(
      () => document.querySelectorAll('.ant-select-dropdown .ant-select-item-option').length === 1,
    );
    expect(decodeURIComponent(lookupRequests.at(-1) ?? '')).toContain('name=西南');
    await screenshot(page, 'remote-select-tenant-search');
    await options.filter({ hasText: '西南灵活用工平台' }).click();

    await page.getByText('数据范围：西南灵活用工平台').waitFor();
    await page.waitForFunction(() => {
      const cards = Array.from(document.querySelectorAll('.dashboard-figure'));
      const tenants = cards.find((card) => card.textContent?.includes('租户'));
      return tenants?.querySelector('.ant-statistic-content-value')?.textContent === '1';
    });
    await screenshot(page, 'remote-select-tenant-picked');

    // clearing the filter brings back every tenant's figures
    await page.locator('.dashboard-filter .ant-select').hover();
    await page.locator('.dashboard-filter .ant-select-clear').click();
    await page.getByText('数据范围：全平台数据').waitFor();
  });

  it('an empty search shows 暂无数据', async () => {
    const { page } = admin;
    const select = page.getByRole('combobox', { name: '按平台筛选' });
    await select.click();
    await select.fill('不存在的平台');
    await page.locator('.ant-select-dropdown .ant-empty-description').filter({ hasText: '暂无数据' }).waitFor();
    await screenshot(page, 'remote-select-empty');
    await page.keyboard.press('Escape');
  });

  it('every lookup answers the operator through the same path, paged by 20', async () => {
    const token = (await storedToken(admin.page)) as string;
    const branches = await callApi<{ records: Array<{ label: string }>; total: number }>(
      `/api/sys/lookup/bankBranch?bankBranchName=${encodeURIComponent('杭州')}`,
      { token },
    );
    expect(branches.success).toBe(true);
    expect(branches.result.records).toHaveLength(20);
    expect(branches.result.total).toBeGreaterThan(20);
    expect(branches.result.records.map((r) => r.label)).toContain('招商银行股份有限公司杭州分行营业部');
  });
});
