/**
 * 企业账户 (decision 0042) in a real browser: the tenant's staff find the demo company in the list,
 * register a new enterprise with its administrator, copy the login from 登录信息, and the administrator
 * signs in with it to the new enterprise (the one-time password leads to 修改密码 first); the staff open
 * the new enterprise a 付款账户 on the platform's CMB system (decision 0047). Screenshots
 * at 1440x900 and 1280x720.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  animationsDone,
  DEMO_COMPANY,
  fillLogin,
  launchBrowser,
  openFromMenu,
  openPage,
  screenshot,
  signIn,
} from './support';

let browser: Browser;
let staff: { context: BrowserContext; page: Page };

/** A unified social credit code whose GB 32100 check character holds, made from a number. */
function creditCode(seed: number): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const first17 = `91330106${String(seed).padStart(9, '0').slice(-9)}`;
  const sum = [...first17].reduce((total, char, index) => total + chars.indexOf(char) * weights[index], 0);
  return first17 + chars[(31 - (sum % 31)) % 31];
}

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await openPage(browser);
  await signIn(staff.page, ACCOUNTS.tenantStaff);
  await staff.context.grantPermissions(['clipboard-read', 'clipboard-write']);
});
afterAll(async () => {
  await browser?.close();
});

describe('企业账户', () => {
  it('lists the demo company and registers a new enterprise whose administrator signs in', async () => {
    const { page } = staff;
    await openFromMenu(
      page,
      { top: '企业管理', group: '企业中心', item: '企业账户' },
      /#\/enterpriseManage\/account\/list$/,
    );
    await page.locator('.page-card tr.ant-table-row', { hasText: DEMO_COMPANY }).first().waitFor();
    await screenshot(page, 'enterprise-accounts-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'enterprise-accounts-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    const stamp = Date.now();
    const name = `杭州浏览器测试${String(stamp).slice(-5)}有限公司`;
    const phone = `136${String(stamp).slice(-8)}`;
    await page.getByRole('button', { name: '新增企业' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新增企业' });
    await dialog.waitFor();
    await animationsDone(dialog);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入统一社会信用代码').waitFor();
    await dialog.getByPlaceholder('请输入企业名称').fill(name);
    await dialog.getByPlaceholder('请输入统一社会信用代码').fill(creditCode(stamp));
    await dialog.getByPlaceholder('请输入企业注册地址').fill('杭州市西湖区文三路 199 号');
    await dialog.getByPlaceholder('请输入联系电话').fill('13912345678');
    await dialog.getByPlaceholder('请输入联系邮箱').fill('contact@example.cn');
    await dialog.getByPlaceholder('请输入手机号').fill(phone);
    await dialog.getByPlaceholder('请输入姓名').fill('周新');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();

    const login = page.locator('.ant-modal').filter({ hasText: '登录信息' });
    await login.waitFor();
    await animationsDone(login);
    await screenshot(page, 'enterprise-login-info-1440');
    const password = ((await login.locator('.one-time-password').textContent()) ?? '').trim();
    expect(password).toMatch(/^\S{12}$/);
    await login.getByRole('button', { name: '复制信息' }).click();
    await page.locator('.ant-message').getByText('复制信息成功').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`企业名称：${name}`);
    expect(copied).toMatch(/登录地址：http:\/\/[^\n]+#\/login\?side=enterprise/);
    expect(copied).toContain(`登录账号：${phone}`);
    await login
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    const row = page.locator('.page-card tr.ant-table-row', { hasText: name });
    await row.waitFor();

    // the new enterprise has no 付款账户 yet: the staff open one on the platform's CMB system
    await row.getByRole('button', { name }).click();
    await page.waitForURL(/enterpriseInfo\?id=\d+/);
    await page.getByRole('button', { name: /开通付款账户/ }).click();
    const open = page.locator('.ant-modal').filter({ hasText: '下级单位编码' });
    await open.waitFor();
    await animationsDone(open);
    await open.locator('.ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: '招商银行CBS直连' }).click();
    await open.getByPlaceholder('请输入下级单位编码').fill(String(stamp).slice(-10));
    await screenshot(page, 'enterprise-pay-account-open');
    await open.getByRole('button', { name: /开\s*通/ }).click();
    await page.locator('.ant-message').getByText('开通成功').waitFor();
    await open.waitFor({ state: 'hidden' });
    await page.locator('.ant-table-row', { hasText: name }).first().waitFor();
    await screenshot(page, 'enterprise-pay-account-opened');

    const admin = await openPage(browser);
    try {
      await fillLogin(admin.page, { side: 'enterprise', username: phone, password });
      await admin.page.waitForURL(/#\/company\/loginManage\/password$/);
    } finally {
      await admin.context.close();
    }
  });
});
