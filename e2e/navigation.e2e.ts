import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, launchBrowser, openPage, route, signIn, url } from './support';

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let enterprise: { context: BrowserContext; page: Page };
const adminRequests: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openPage(browser);
  admin.page.on('request', (request) => adminRequests.push(request.url()));
  await signIn(admin.page, ACCOUNTS.admin);
  enterprise = await openPage(browser);
  await signIn(enterprise.page, ACCOUNTS.enterprise);
});
afterAll(async () => {
  await browser?.close();
});

const topMenuTexts = (page: Page) => page.locator('.top-bar-menu .ant-menu-item').allTextContents();

describe('menus and routes', () => {
  it('a top menu item loads its children into the side menu and opens its first grandchild', async () => {
    const { page } = enterprise;
    await page.locator('.top-bar-menu').getByText('企业中心').click();
    await page.waitForURL(/#\/company\/loginManage\/password$/);
    const side = page.locator('.side-menu');
    await side.getByText('登录管理').waitFor();
    await side.getByText('缓存系统').waitFor();
    await side.locator('.ant-menu-item-selected', { hasText: '修改密码' }).waitFor();
    await page.locator('.ant-card-head').getByText('修改密码').waitFor();
    expect(await page.locator('.page-tabs').textContent()).toContain('修改密码');

    // a side item opens its page
    await side.getByText('缓存系统').click(); // groups collapse; this one opens on click
    await side.getByText('订单生成缓存').click();
    await page.waitForURL(/#\/company\/catchSystem\/orderGenerateCache$/);
    await page.locator('.ant-card-head').getByText('订单生成缓存').waitFor();

    await page.locator('.top-bar-menu').getByText('首页').click();
    await page.waitForURL(/#\/dashboard\/analysis$/);
    await side.locator('.ant-menu-item-selected', { hasText: '分析页' }).waitFor();
  });

  it('the notice route is hidden from the top menu and /notice redirects to the list', async () => {
    const { page } = admin;
    await page.goto(url('/home'));
    await page.waitForURL(/#\/dashboard\/analysis$/);
    const tops = await topMenuTexts(page);
    expect(tops).toContain('首页');
    expect(tops.join()).not.toContain('通知');
    await page.goto(url('/notice'));
    await page.waitForURL(/#\/notice\/view\/list$/);
    // the bell leads there too
    await page.goto(url('/home'));
    await page.getByRole('button', { name: '消息通知' }).click();
    await page.waitForURL(/#\/notice\/view\/list$/);
  });

  it('a known page the menu lacks says 暂无页面权限，请联系管理员', async () => {
    await enterprise.page.goto(url('/dataManagement/logManagement/downloadLog'));
    await enterprise.page.getByText('暂无页面权限，请联系管理员').waitFor();
    await admin.page.goto(url('/company/loginManage/password'));
    await admin.page.getByText('暂无页面权限，请联系管理员').waitFor();
    // the operator's screens for an enterprise user: no permission, and no unrelated top item lit
    await enterprise.page.goto(url('/system/tenant/list'));
    await enterprise.page.getByText('暂无页面权限，请联系管理员').waitFor();
    expect(await enterprise.page.locator('.top-bar-menu .ant-menu-item-selected').count()).toBe(0);
  });

  it('the notice list shows no empty side menu', async () => {
    await admin.page.goto(url('/notice/view/list'));
    await admin.page.locator('.console-page').waitFor();
    await admin.page.locator('.page-tabs').getByText('通知列表').waitFor();
    expect(await admin.page.locator('.console-sider').count()).toBe(0);
    expect(await admin.page.locator('.side-menu-empty').count()).toBe(0);
  });

  it('an unknown address shows the not-found page with a way home', async () => {
    const { page } = admin;
    await page.goto(url('/no/such/page'));
    await page.getByText('页面不存在', { exact: true }).waitFor();
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(/#\/dashboard\/analysis$/);
  });

  it('signed-in users skip /login and /appUpload; /home is the dashboard', async () => {
    const { page } = admin;
    for (const path of ['/login', '/appUpload', '/home']) {
      await page.goto(url(path));
      await page.waitForURL(/#\/dashboard\/analysis$/);
    }
  });

  it('signed-out visitors of a console page go to login', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(url('/dashboard/analysis'));
    await page.waitForURL(/#\/login/);
    await context.close();
  });

  it('header items follow the menu and the identity', async () => {
    // the download button: where the menu holds a download list (the download log on the platform
    // side, the order-generation cache on the enterprise side; menu.test.ts covers a menu with neither)
    expect(await admin.page.getByRole('button', { name: '下载列表' }).count()).toBe(1);
    expect(await enterprise.page.getByRole('button', { name: '下载列表' }).count()).toBe(1);
    // unread notices are not asked for the platform admin (identity 1)
    expect(adminRequests.some((u) => u.includes('/api/sys/notice/unreadCount'))).toBe(false);
    // ... but for a tenant-level user (identity 2)
    const staff = await openPage(browser);
    const unread = staff.page.waitForRequest((r) => r.url().includes('/api/sys/notice/unreadCount'));
    await signIn(staff.page, ACCOUNTS.tenantStaff);
    await unread;
    await staff.context.close();
  });

  it('the user menu shows what the side shows', async () => {
    await admin.page.goto(url('/home'));
    await admin.page.getByRole('button', { name: '用户菜单' }).click();
    const adminMenu = admin.page.locator('.user-menu-dropdown');
    await adminMenu.getByText('退出登录').waitFor();
    expect(await adminMenu.textContent()).toContain('admin');
    // platform users change their own password too (issue 14: a reset password is changed first)
    expect(await adminMenu.textContent()).toContain('修改密码');
    await admin.page.keyboard.press('Escape');

    await enterprise.page.goto(url('/home'));
    await enterprise.page.getByRole('button', { name: '用户菜单' }).click();
    const menu = enterprise.page.locator('.user-menu-dropdown');
    await menu.getByText('修改密码').waitFor();
    const text = await menu.textContent();
    expect(text).toContain('企业名称');
    expect(text).toContain('13900000001');
    await menu.getByText('修改密码').click();
    await enterprise.page.waitForURL(/#\/company\/loginManage\/password$/);
  });

  it('the APP download menu shows the QR block with the iPhone and Android hints', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'APP下载' }).hover();
    await page.getByText('iPhone：请使用相机扫描二维码下载').waitFor();
    expect(await page.getByText('Android：请使用浏览器扫描二维码下载').isVisible()).toBe(true);
    await page.locator('.download-app-qr svg, .download-app-qr .ant-empty').first().waitFor();
  });

  it('everything visible is Chinese', async () => {
    const { page } = enterprise;
    await page.goto(url('/home'));
    await page.locator('.dashboard-figure').first().waitFor();
    const text = (await page.locator('body').innerText()).replace(/APP|iPhone|Android/g, '');
    expect(text).not.toMatch(/\b(Loading|Error|Home|Logout|Dashboard|Not Found|undefined|null)\b/);
    expect(route(page)).toBe('/dashboard/analysis');
  });

  it('the platform’s eleven top items stay in one row at 1440 and when the window narrows to 1280', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, ACCOUNTS.tenantStaff);
    const last = page.locator('.top-bar-menu .ant-menu-item', { hasText: '系统管理' });
    await last.waitFor();
    await expect.poll(() => page.locator('.top-bar-menu .ant-menu-overflow-item-rest:visible').count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect.poll(() => last.isVisible()).toBe(true);
    // nothing is folded into the overflow item
    await expect.poll(() => page.locator('.top-bar-menu .ant-menu-overflow-item-rest:visible').count()).toBe(0);
    await context.close();
  });
});
