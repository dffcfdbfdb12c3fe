/**
 * 成员账号 (decision 0023), one path through it: the README's enterprise user adds a member on the
 * enterprise side, the member changes the one-time password at first sign-in, the administrator
 * disables the member and the login is refused; the operator finds the enterprise's members on the
 * platform side after choosing the enterprise. The enterprise's own 角色管理 (decision 0029): the
 * same user makes a role of two menus, gives it to a demo member, resets the member's password, and
 * the member sees exactly those menus. Screenshots of every screen at both sizes.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, confirmIn, fillLogin, launchBrowser, openPage, screenshot, signIn, url } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const suffix = String(Date.now() % 1e6).padStart(6, '0');
const PHONE = `136${suffix}22`;
const NEW_PASSWORD = 'Member#2026ab';
const ROLE = `项目助理${suffix.slice(-4)}`;
/** the demo member the README user added (decision 0023's demo step) */
const DEMO_MEMBER = { username: '13700009001', realname: '周子涵' };

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, `${name}-1440x900`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await screenshot(page, `${name}-1280x720`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

const dialog = (page: Page) => page.getByRole('dialog').last();
/** no message left on screen (a screenshot shows the page, not the sign-in's 登录成功) */
const quiet = (page: Page) => page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
const toast = (page: Page, text: string) =>
  page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor();

describe('成员账号', () => {
  it('the enterprise adds a member who changes the one-time password, then disables it; the platform finds the members', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, ACCOUNTS.enterprise);
    await page.goto(url('/company/account/members'));
    await page.locator('.ant-card-head').getByText('成员账号').waitFor();
    await page.locator('.ant-table-row').first().waitFor();
    await shoot(page, 'company-members');

    await page.getByRole('button', { name: /新增成员/ }).click();
    await dialog(page).getByPlaceholder('请输入手机号').fill(PHONE);
    await dialog(page).getByPlaceholder('请输入姓名').fill('钱成员');
    await dialog(page).getByRole('combobox').last().click();
    await page.locator('.ant-select-dropdown .ant-select-item-option').filter({ hasText: '企业管理员' }).click();
    await dialog(page).getByText('新增成员').click(); // closes the role dropdown
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    const login = page.locator('.ant-modal').filter({ hasText: '登录信息' });
    const passwordBox = login.locator('.one-time-password');
    await passwordBox.waitFor();
    const oneTime = (await passwordBox.textContent()) ?? '';
    expect(oneTime).toMatch(/^\S{12}$/);
    // 复制信息 hands the whole login over as one text
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await login.getByRole('button', { name: '复制信息' }).click();
    await toast(page, '复制信息成功');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`登录账号：${PHONE}`);
    expect(copied).toContain(`登录密码：${oneTime}`);
    await login
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();

    // the member: the one-time password leads to 修改密码 first
    const member = await openPage(browser);
    await fillLogin(member.page, { side: 'enterprise', username: PHONE, password: oneTime });
    await member.page.waitForURL(/#\/company\/loginManage\/password$/);
    await member.page.getByPlaceholder('请输入原密码').fill(oneTime);
    await member.page.getByPlaceholder('请输入新密码').fill(NEW_PASSWORD);
    await member.page.getByPlaceholder('请再次输入新密码').fill(NEW_PASSWORD);
    await member.page.getByRole('button', { name: '确认修改' }).click();
    await member.page.waitForURL(/#\/login/);
    await signIn(member.page, { side: 'enterprise', username: PHONE, password: NEW_PASSWORD });
    await member.context.close();

    // disabled in this enterprise: the login is refused
    await page.getByPlaceholder('请输入登录账号或姓名').fill(PHONE);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.ant-table-row').filter({ hasText: PHONE });
    await row.waitFor();
    await row.getByRole('button', { name: '禁用' }).click();
    await page
      .getByRole('button', { name: /确\s*定/ })
      .last()
      .click();
    await toast(page, '已禁用');
    await row.getByText('禁用', { exact: true }).first().waitFor();
    const again = await openPage(browser);
    await fillLogin(again.page, { side: 'enterprise', username: PHONE, password: NEW_PASSWORD });
    await again.page.locator('.login-error').getByText('账号已被禁用，请联系管理员').waitFor();
    await again.context.close();
    await context.close();

    // the platform side: the operator chooses an enterprise, then sees its members
    const operator = await openPage(browser);
    await signIn(operator.page, ACCOUNTS.admin);
    await operator.page.goto(url('/system/account/members'));
    await operator.page.getByText('请选择企业后查看其成员账号').waitFor();
    const select = operator.page.getByRole('combobox', { name: '选择企业' });
    await select.click();
    await operator.page.locator('.ant-select-dropdown .remote-select-option-label').first().click();
    await operator.page.getByText('请选择企业后查看其成员账号').waitFor({ state: 'hidden' });
    // every demo enterprise has members
    await operator.page.locator('.ant-table-row').first().waitFor();
    await operator.page.waitForFunction(
      () => !document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'),
    );
    await shoot(operator.page, 'system-members');
    await operator.context.close();
  });

  it('the enterprise makes a role of two menus and gives it to a member, who sees exactly those menus', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, ACCOUNTS.enterprise);
    await page.goto(url('/company/account/roles'));
    await page.locator('.ant-card-head').getByText('角色管理').waitFor();
    // the shared built-in role is listed read-only beside the enterprise's own (the demo's 项目专员)
    const builtIn = page.locator('.ant-table-row').filter({ hasText: '企业管理员' });
    await builtIn.getByText('内置角色不可修改').waitFor();
    await page
      .locator('.ant-table-row')
      .filter({ hasText: '项目专员' })
      .getByRole('button', { name: '删除' })
      .waitFor();
    await quiet(page);
    await shoot(page, 'company-role-list');

    await page.getByRole('button', { name: /新增角色/ }).click();
    await dialog(page).getByPlaceholder('请输入角色名称').fill(ROLE);
    const tree = dialog(page).locator('.role-tree-box');
    await tree.getByText('分析页', { exact: true }).waitFor();
    // the enterprise side's own menus only
    expect(await tree.getByText('员工账号', { exact: true }).count()).toBe(0);
    await tree.getByText('分析页', { exact: true }).click();
    await tree.getByText('项目列表', { exact: true }).click();
    await shoot(page, 'company-role-add');
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await toast(page, '保存成功');
    await page.locator('.ant-table-row').filter({ hasText: ROLE }).waitFor();

    // 成员账号: the demo member gets the role, and a new one-time password
    await page.goto(url('/company/account/members'));
    await page.getByPlaceholder('请输入登录账号或姓名').fill(DEMO_MEMBER.username);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.ant-table-row').filter({ hasText: DEMO_MEMBER.username });
    await row.waitFor();
    await row.getByRole('button', { name: '编辑' }).click();
    await dialog(page).getByText('编辑成员').waitFor();
    await dialog(page).getByRole('combobox').last().click();
    await page.locator('.ant-select-dropdown .ant-select-item-option').filter({ hasText: ROLE }).click();
    await dialog(page).getByText('编辑成员').click(); // closes the role dropdown
    await dialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await toast(page, '保存成功');
    await row.getByText(ROLE).waitFor();
    await row.getByRole('button', { name: '重置密码' }).click();
    await confirmIn(page, '原密码将失效');
    const login = page.locator('.ant-modal').filter({ hasText: '登录信息' });
    const passwordBox = login.locator('.one-time-password');
    await passwordBox.waitFor();
    const oneTime = (await passwordBox.textContent()) ?? '';
    expect(oneTime).toMatch(/^\S{12}$/);
    await login
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await context.close();

    // the member: changes the one-time password, then sees the role's two menus and no more
    const member = await openPage(browser);
    await fillLogin(member.page, { side: 'enterprise', username: DEMO_MEMBER.username, password: oneTime });
    await member.page.waitForURL(/#\/company\/loginManage\/password$/);
    await member.page.getByPlaceholder('请输入原密码').fill(oneTime);
    await member.page.getByPlaceholder('请输入新密码').fill(NEW_PASSWORD);
    await member.page.getByPlaceholder('请再次输入新密码').fill(NEW_PASSWORD);
    await member.page.getByRole('button', { name: '确认修改' }).click();
    await member.page.waitForURL(/#\/login/);
    await signIn(member.page, { side: 'enterprise', username: DEMO_MEMBER.username, password: NEW_PASSWORD });
    const tops = await member.page.locator('.top-bar-menu .ant-menu-item').allTextContents();
    expect(tops).toEqual(['首页', '项目管理']);
    await member.page.goto(url('/projectManage/project/list'));
    await member.page.locator('.ant-table').first().waitFor();
    const sideItems = await member.page.locator('.ant-layout-sider .ant-menu-item').allTextContents();
    expect(sideItems).toEqual(['项目列表']);
    await quiet(member.page);
    await shoot(member.page, 'company-role-member-menus');
    // the list's hidden pages came with it: 详情 opens the project, not 暂无页面权限
    const firstProject = member.page.locator('.ant-table-row').first();
    await firstProject.getByText('详情', { exact: true }).click();
    await member.page.waitForURL(/#\/projectManage\/project\/detail\?id=\d+/);
    await member.page.locator('.project-header').waitFor();
    expect(await member.page.getByText('暂无页面权限，请联系管理员').count()).toBe(0);
    // the role screen is not the member's
    await member.page.goto(url('/company/account/roles'));
    await member.page.getByText('暂无页面权限，请联系管理员').waitFor();
    await member.context.close();
  });
});
