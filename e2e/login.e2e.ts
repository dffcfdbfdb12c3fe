import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, fillLogin, launchBrowser, openPage, route, screenshot, signIn, storedToken, url } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('login page', () => {
  it('is a finished, Chinese, branded page with both sides', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(url('/login'));
    await page.getByRole('button', { name: /登\s*录/ }).waitFor();
    expect(await page.getByText('灵活用工结算平台').first().isVisible()).toBe(true);
    expect(await page.getByText('众包服务管理控制台').isVisible()).toBe(true);
    expect(await page.getByText('平台端', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('企业端', { exact: true }).isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'login');
    await context.close();
  });

  it('/ goes to the login page', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(url('/'));
    await page.waitForURL(/#\/login/);
    await context.close();
  });

  it('shows the server message for a wrong password, then the captcha the server asks for', async () => {
    const { context, page } = await openPage(browser);
    const stranger = { side: 'platform', username: '13700000000', password: 'Wrong@123456' } as const;
    await fillLogin(page, stranger);
    const error = page.locator('.login-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('用户名或密码错误');
    expect(route(page)).toBe('/login');
    expect(await page.getByPlaceholder('请输入密码').inputValue()).toBe('');

    // the error goes as soon as the user types again
    await page.getByPlaceholder('请输入登录账号').fill('13700000001');
    await error.waitFor({ state: 'detached' });

    // a second failure of the account makes the server ask for the captcha
    await page.getByPlaceholder('请输入登录账号').fill(stranger.username);
    await page.getByPlaceholder('请输入密码').fill(stranger.password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.locator('.login-error').waitFor();
    const captcha = page.getByAltText('验证码');
    await captcha.waitFor();
    const first = await captcha.getAttribute('src');
    expect(first).toMatch(/^data:image\//);
    await page.getByRole('button', { name: '刷新验证码' }).click();
    await page.waitForFunction(
      (previous) => document.querySelector('img[alt="验证码"]')?.getAttribute('src') !== previous,
      first,
    );
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });

  it('signs the platform admin in to the platform console', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, ACCOUNTS.admin);
    expect(await storedToken(page)).toMatch(/.+/);
    expect(await page.locator('.top-bar-brand').textContent()).toContain('灵活用工结算平台');
    await page.locator('.dashboard-figure').first().waitFor();
    await page.locator('canvas').first().waitFor();
    await page.locator('.ant-message-notice').waitFor({ state: 'detached' }); // 登录成功 fades
    await screenshot(page, 'console-platform');
    await context.close();
  });

  it('signs the enterprise user in to the enterprise console with the company header', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, ACCOUNTS.enterprise);
    const header = page.locator('.company-header');
    await header.waitFor();
    expect(await header.textContent()).toContain('进行中项目');
    await page.getByTestId('projects-in-progress').filter({ hasText: /^\d+$/ }).waitFor();
    await page.locator('canvas').first().waitFor();
    await page.locator('.ant-message-notice').waitFor({ state: 'detached' });
    await screenshot(page, 'console-enterprise');
    await context.close();
  });

  it('remembers the side chosen on the tab', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(url('/login'));
    await page.getByText('企业端', { exact: true }).click();
    await page.waitForURL(/side=enterprise/);
    await page.goto(url('/login'));
    await page.getByText('请使用企业端账号登录控制台').waitFor();
    await context.close();
  });
});
