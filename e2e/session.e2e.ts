import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  answerIn,
  confirmIn,
  callApi,
  launchBrowser,
  openPage,
  route,
  signIn,
  storedToken,
  url,
} from './support';

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
    await answerIn(page, '是否确认切换', /取\s*消/);
    await dialog(page).waitFor({ state: 'detached' });
    expect(await storedTenantId(page)).toBe(before);

    await page.locator('.top-bar .tenant-switcher').click();
    await page.locator('.ant-dropdown-menu-item:not(.ant-dropdown-menu-item-selected)').first().click();
    await confirmIn(page, '是否确认切换');
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
    await answerIn(page, '确定要退出登录吗？', /取\s*消/);
    await dialog(page).waitFor({ state: 'detached' });
    expect(route(page)).toBe('/dashboard/analysis');

    await openLogout();
    await confirmIn(page, '确定要退出登录吗？');
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
    await confirmIn(page, '确定要退出登录吗？');
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
    // the page's timers run on a clock the test moves: each interval is passed on purpose, so the
    // test waits for pings, never for time, however loaded the machine is
    const PING_MS = 30_000;
    await page.clock.install();
    // A ping is a POST, and a POST still in flight cancels its duplicate (spec 1 request rules): the
    // response reaches the test before the page has handled it, so each step waits for the page's
    // own handling (the XHR's loadend) before it moves the clock on.
    await page.addInitScript(() => {
      const open = XMLHttpRequest.prototype.open;
      const marked = window as unknown as { pingsHandled: number };
      marked.pingsHandled = 0;
      XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
        if (String(args[1]).endsWith('/platform/v2/ping'))
          this.addEventListener('loadend', () => marked.pingsHandled++);
        return (open as (...rest: unknown[]) => void).apply(this, args);
      } as typeof open;
    });
    await page.goto(url('/login'));
    await page.evaluate((ms) => localStorage.setItem('e2e:pingMs', String(ms)), PING_MS);
    const pings: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/platform/v2/ping')) pings.push(request.url());
    });
    await signIn(page, ACCOUNTS.admin);
    // from here on no timer fires unless the test moves the clock (no interval has passed yet)
    await page.clock.pauseAt(Date.now() + 1000);
    expect(pings).toHaveLength(0);
    for (let n = 1; n <= 10; n++) {
      const answered = page.waitForResponse((response) => response.url().endsWith('/platform/v2/ping'));
      await page.clock.runFor(PING_MS);
      expect((await answered).status()).toBe(200);
      await page.waitForFunction((handled) => Reflect.get(window, 'pingsHandled') === handled, n, { polling: 20 });
      expect(pings).toHaveLength(n);
    }
    // five more intervals: a timer still running would have sent its ping when the clock passed them,
    // before the page's own request below (requests are reported in the order the page sends them)
    await page.clock.runFor(PING_MS * 5);
    const marker = page.waitForRequest((request) => request.url().endsWith('/api/health'));
    await page.evaluate(() => fetch('/api/health').then((response) => response.status));
    await marker;
    expect(pings).toHaveLength(10);
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
