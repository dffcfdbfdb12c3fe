/**
 * 企业信息's desensitized view and 企业风险 (spec 3 §4 "Enterprise page editing"): the tenant's staff see
 * the risk fields as **, 编辑 asks for the desensitized view first, 脱敏查看 (password and an SMS code
 * from the dev outbox) shows the page in the clear, the risk fields are edited and saved, and so are the
 * contact phone and the legal person (修改认证信息, decision 0038).
 * Screenshots at 1440x900 and 1280x720.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  animationsDone,
  launchBrowser,
  openDemoCompanyInfo,
  openPage,
  screenshot,
  signIn,
  unmaskView,
} from './support';

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

describe('企业风险 and the desensitized view', () => {
  it('unmasks the demo company’s info and edits its risk fields', async () => {
    const { page } = staff;
    await openDemoCompanyInfo(page);
    const risk = page.locator('.enterprise-block').filter({ hasText: '企业风险' });
    await risk.getByText('注册资本（万元）').waitFor();
    expect(await risk.getByText('**', { exact: true }).count()).toBe(3);

    await risk.getByRole('button', { name: /编\s*辑/ }).click();
    await page.locator('.ant-message').getByText('请先脱敏之后再进行编辑').waitFor();

    await unmaskView(page, ACCOUNTS.tenantStaff);
    await risk.getByText('在业').waitFor();
    await risk.getByText('无涉诉').waitFor();
    await screenshot(page, 'enterprise-info-unmasked-1440');

    await risk.getByRole('button', { name: /编\s*辑/ }).click();
    const capital = risk.getByPlaceholder('请输入注册资本');
    await capital.fill('1200');
    await page.setViewportSize({ width: 1280, height: 720 });
    await risk.scrollIntoViewIfNeeded();
    await screenshot(page, 'enterprise-risk-edit-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
    await risk.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-message').getByText('编辑成功').first().waitFor();
    await risk.getByText('1200', { exact: true }).waitFor();

    // 修改联系电话 in the same desensitized view
    const authentication = page.locator('.enterprise-block').filter({ hasText: '认证信息' });
    await authentication.getByRole('button', { name: '修改联系电话' }).click();
    const dialog2 = page.locator('.ant-modal').filter({ hasText: '修改联系电话' });
    await dialog2.getByPlaceholder('请输入联系电话').fill('13700009999');
    await dialog2.getByRole('button', { name: /确\s*定/ }).click();
    await dialog2.waitFor({ state: 'hidden' });
    await authentication.getByText('13700009999').waitFor();

    // 修改认证信息: the legal person and the pictures in the clear, the name changed
    await authentication.getByText('王建国').waitFor();
    await authentication.getByRole('img', { name: '身份证信息面' }).waitFor();
    await authentication.scrollIntoViewIfNeeded();
    await screenshot(page, 'enterprise-authentication-unmasked-1440');
    await authentication.getByRole('button', { name: '修改认证信息' }).click();
    const dialog3 = page.locator('.ant-modal').filter({ hasText: '修改认证信息' });
    await dialog3.waitFor();
    await animationsDone(dialog3);
    expect(await dialog3.getByPlaceholder('请输入法人身份证号').inputValue()).toBe('330106197805123019');
    await dialog3.getByPlaceholder('请输入法人姓名').fill('');
    await dialog3.getByRole('button', { name: /确\s*定/ }).click();
    await dialog3.locator('.ant-form-item-explain-error').getByText('请输入法人姓名').waitFor();
    await dialog3.getByPlaceholder('请输入法人姓名').fill('王建华');
    await screenshot(page, 'enterprise-authentication-edit-1440');
    await dialog3.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message').getByText('修改成功').waitFor();
    await dialog3.waitFor({ state: 'hidden' });
    await authentication.getByText('王建华').waitFor();
  });
});
