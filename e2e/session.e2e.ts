import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, callApi, launchBrowser, openPage, route, signIn, storedToken, url } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const storedTenantId = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('fieldpay-session') ?? '{}').state?.userInfo?.tenant?.id);

const dialog = (page: Page) => page.getByRole('dialog');

describe('session', () => {
  it('an enterprise user switches tenant after confirming 是否确认切换', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, ACCOUNTS.enterprise);
    const before = await storedTenantId(page);
    const beforeName = (await page.locator('.top-bar .tenant-switcher').textContent())?.trim();

    await page.locator('.top-bar .tenant-switcher').click();
    const other = page.locator('.ant-dropdown-menu-item:not(.ant-dropdown-menu-item-selected)').first();
    const otherName = (await other.textContent())?.trim();
    await other.click();
    await dialog(page).getByText('是否确认切换').waitFor();
    expect(await dialog(page).getByText('提示').count()).toBe(1);
    await dialog(page)
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await storedTenantId(page)).toBe(before);

    await page.locator('.top-bar .tenant-switcher').click();
    await page.locator('.ant-dropdown-menu-item:not(.ant-dropdown-menu-item-selected)').first().click();
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.waitForFunction((id) => {
      const state = JSON.parse(localStorage.getItem('fieldpay-session') ?? '{}').state;
      return state?.userInfo?.tenant?.id !== id;
    }, before);
    await page.waitForURL(/#\/dashboard\/analysis$/);
    await page
      .locator('.top-bar .tenant-switcher')
      .filter({ hasText: otherName ?? '' })
      .waitFor();
    expect(otherName).not.toBe(beforeName);
    // the company header follows the switch too
    expect(await page.locator('.company-header').textContent()).toContain(otherName ?? '');
    await context.close();
  });

  it('log out asks 确定要退出登录吗？ and then revokes the token', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, ACCOUNTS.admin);
    const token = (await storedToken(page)) as string;

    const openLogout = async () => {
      await page.getByRole('button', { name: '用户菜单' }).click();
      await page.locator('.user-menu-dropdown').getByText('退出登录').click();
      await dialog(page).getByText('确定要退出登录吗？').waitFor();
    };
    await openLogout();
    await dialog(page)
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(route(page)).toBe('/dashboard/analysis');

    await openLogout();
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.waitForURL(/#\/login/);
    expect(await storedToken(page)).toBeNull();
    const answer = await callApi('/platform/v2/userInfo', { token });
    expect(answer.code).toBe(10001);
    await context.close();
  });

  it('the enterprise company header logs out too, after the same question', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, ACCOUNTS.enterprise);
    await page.locator('.company-header').getByRole('button', { name: '退出登录' }).click();
    await dialog(page).getByText('确定要退出登录吗？').waitFor();
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.waitForURL(/#\/login/);
    await context.close();
  });

  it('a token revoked on the server sends the user back to login with the server message', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, ACCOUNTS.admin);
    const token = (await storedToken(page)) as string;
    expect((await callApi('/platform/v2/logout', { token })).success).toBe(true);
    await page.reload();
    await page.waitForURL(/#\/login/);
    await page.locator('.ant-message-warning').filter({ hasText: '登录已失效，请重新登录' }).waitFor();
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });

  it('keepalive pings every interval, at most 10 times', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(url('/login'));
    await page.evaluate(() => localStorage.setItem('e2e:pingMs', '200'));
    const pings: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/platform/v2/ping')) pings.push(response.status());
    });
    await signIn(page, ACCOUNTS.admin);
    // 10 pings take ~2 s; a loaded machine may need longer, so wait for the tenth, then check none follows
    for (let waited = 0; pings.length < 10 && waited < 15_000; waited += 250) await page.waitForTimeout(250);
    await page.waitForTimeout(1000);
    expect(pings).toHaveLength(10);
    expect(pings.every((status) => status === 200)).toBe(true);
    await context.close();
  });

  it('a failing keepalive ping shows the server message and ends the session', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(url('/login'));
    await page.evaluate(() => localStorage.setItem('e2e:pingMs', '1500'));
    await signIn(page, ACCOUNTS.enterprise);
    await page.locator('.dashboard-figure').first().waitFor(); // nothing else is left to load
    const token = (await storedToken(page)) as string;
    await callApi('/enterprise/v2/logout', { token });
    const failed = page.waitForResponse((r) => r.url().endsWith('/enterprise/v2/ping'));
    expect((await failed).status()).toBe(401);
    await page.waitForURL(/#\/login/);
    await page.locator('.ant-message-warning').filter({ hasText: '登录已失效，请重新登录' }).waitFor();
    await context.close();
  });
});
