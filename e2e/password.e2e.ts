import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, callApi, launchBrowser, openPage, signIn, storedToken, url } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function submit(page: Page, oldPassword: string, newPassword: string, confirmPassword: string) {
  await page.getByPlaceholder('请输入原密码').fill(oldPassword);
  await page.getByPlaceholder('请输入新密码').fill(newPassword);
  await page.getByPlaceholder('请再次输入新密码').fill(confirmPassword);
  await page.getByRole('button', { name: '确认修改' }).click();
}

async function changePassword(page: Page, from: string, to: string) {
  await page.goto(url('/company/loginManage/password'));
  await submit(page, from, to, to);
  await page.getByText('密码修改成功，请重新登录').waitFor();
  await page.waitForURL(/#\/login/);
}

describe('enterprise change password', () => {
  it('checks the rules, changes the password, revokes the session, and the new password works', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, ACCOUNTS.enterprise);
    await page.goto(url('/company/loginManage/password'));

    await submit(page, ACCOUNTS.enterprise.password, 'Changed#2025a', 'Changed#2025b');
    await page.getByText('两次输入密码不一致').waitFor();
    await submit(page, ACCOUNTS.enterprise.password, 'short', 'short');
    await page
      .getByText('密码须为10-16位，且包含数字、大写字母、小写字母、特殊符号中的至少三种', { exact: true })
      .waitFor();
    await submit(page, 'Wrong#Old2025', 'Changed#2025a', 'Changed#2025a');
    await page.locator('.ant-message-notice').filter({ hasText: '原密码错误' }).waitFor();

    const token = (await storedToken(page)) as string;
    await changePassword(page, ACCOUNTS.enterprise.password, 'Changed#2025a');
    expect(await storedToken(page)).toBeNull();
    expect((await callApi('/enterprise/v2/userInfo', { token })).code).toBe(10001);

    // the new password signs in; then put the demo password back
    await signIn(page, { ...ACCOUNTS.enterprise, password: 'Changed#2025a' });
    await changePassword(page, 'Changed#2025a', ACCOUNTS.enterprise.password);
    await signIn(page, ACCOUNTS.enterprise);
    await context.close();
  });
});
