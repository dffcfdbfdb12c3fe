/**
 * 服务费变更 (spec 3 §4; decision 0035): the tenant's staff open the demo company's 企业信息 from
 * 众包项目列表, open 服务费变更 from its 服务费, see the fee set last (step 1), 修改 it, set the
 * tiers for next month and see the page show the waiting fee. Only a next-month change: the fee in
 * force, which the other browser tests' settlements use, stays as it is. Screenshots at 1440x900 and
 * 1280x720.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, animationsDone, launchBrowser, openDemoCompanyInfo, openPage, screenshot, signIn } from './support';

let browser: Browser;
let staff: { context: BrowserContext; page: Page };

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await openPage(browser);
  await signIn(staff.page, ACCOUNTS.tenantStaff);
});
afterAll(async () => {
  await browser?.close();
});

describe('服务费变更', () => {
  it('sets the demo company’s tiers for next month from 企业信息', async () => {
    const { page } = staff;
    const info = await openDemoCompanyInfo(page);

    await info.getByRole('button', { name: '服务费变更' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '服务费变更' });
    // step 1: the fee the demo set last (waiting for December, or in force once December has come)
    await dialog.getByText('生效方式').waitFor();
    await dialog.getByText('个人阶梯费率').waitFor();
    await animationsDone(dialog);
    await screenshot(page, 'fee-change-step1-1440');

    await dialog.getByRole('button', { name: /修\s*改/ }).click();
    const secondFee = dialog.getByLabel('第二档费率');
    await secondFee.waitFor();
    expect(await dialog.getByLabel('第一档起始金额').inputValue()).toBe('0');
    await dialog.getByText('次月生效', { exact: true }).click();
    await secondFee.fill('7.25');
    await dialog.getByRole('button', { name: /添加阶梯/ }).click();
    const thirdEnd = dialog.getByLabel('第三档截止金额');
    await thirdEnd.waitFor();
    expect(await dialog.getByLabel('第三档起始金额').inputValue()).toBe(
      await dialog.getByLabel('第二档截止金额').inputValue(),
    );
    // the save names what is missing and sends nothing
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.locator('.ant-form-item-explain-error').getByText('请输入截止金额').waitFor();
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'fee-change-step2-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: /删除第三档/ }).click();
    await thirdEnd.waitFor({ state: 'detached' });

    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-message').getByText('服务费已保存，将于次月1日生效').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // the page reloads the fee: the waiting one shows under the one in force
    const waiting = info.locator('.enterprise-pending-fee');
    await waiting.getByText(/次月生效（\d{4}-\d{2}-01 起）/).waitFor();
    await waiting.getByText('7.25%').waitFor();
    await screenshot(page, 'enterprise-info-fee-1440');
  });
});
