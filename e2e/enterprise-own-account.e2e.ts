/**
 * 账户信息 (spec 3 §2 "An enterprise account info page also exists"; decision 0043): the demo company's
 * administrator opens its own account info from 企业中心 → 账号管理, hands over its login (登录信息 without a
 * password), is asked to unmask before editing, changes its registered address on the full-page 修改认证信息
 * and comes back to see it, then adds a bank card of its own and deletes it again.
 * Screenshots at 1440x900 and 1280x720.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  animationsDone,
  closeDialog,
  confirmIn,
  DEMO_COMPANY,
  launchBrowser,
  openFromMenu,
  openPage,
  screenshot,
  signIn,
  unmaskView,
} from './support';

let browser: Browser;
let company: { context: BrowserContext; page: Page };

beforeAll(async () => {
  browser = await launchBrowser();
  company = await openPage(browser);
  await signIn(company.page, ACCOUNTS.enterprise);
});
afterAll(async () => {
  await browser?.close();
});

describe('账户信息', () => {
  it('keeps the company’s own authentication and bank cards', async () => {
    const { page } = company;
    await openFromMenu(page, { top: '企业中心', group: '账号管理', item: '账户信息' }, /#\/company\/account\/info$/);
    const info = page.locator('.enterprise-info');
    await info.locator('.enterprise-name').getByText(DEMO_COMPANY).waitFor();
    const authentication = info.locator('.enterprise-block').filter({ hasText: '认证信息' });
    // the platform's own edits are not offered to the company
    expect(await page.getByRole('button', { name: '服务费变更' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '修改联系电话' }).count()).toBe(0);

    await page.getByRole('button', { name: '登录信息' }).click();
    const login = page.locator('.ant-modal').filter({ hasText: '登录信息' });
    await login.getByText(ACCOUNTS.enterprise.username).waitFor();
    expect(await login.getByText('登录密码').count()).toBe(0);
    await closeDialog(login);

    await authentication.getByRole('button', { name: '修改认证信息' }).click();
    await page.locator('.ant-message').getByText('请先脱敏之后再进行编辑').waitFor();
    await unmaskView(page, ACCOUNTS.enterprise);
    await screenshot(page, 'own-account-unmasked-1440');

    await authentication.getByRole('button', { name: '修改认证信息' }).click();
    await page.waitForURL(/#\/company\/account\/info\/modifyAuth$/);
    const address = page.getByPlaceholder('请输入企业注册地址');
    const before = await address.inputValue();
    expect(before).not.toBe('');
    expect(await page.getByPlaceholder('请输入法人身份证号').inputValue()).not.toContain('*');
    await address.fill('');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.locator('.ant-form-item-explain-error').getByText('请输入企业注册地址').waitFor();
    const changed = `${before}（财务部）`;
    await address.fill(changed);
    await expect.poll(() => page.locator('.ant-form-item-explain-error').count()).toBe(0);
    await screenshot(page, 'own-account-auth-modify-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'own-account-auth-modify-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.locator('.ant-message').getByText('修改成功').waitFor();
    await page.waitForURL(/#\/company\/account\/info$/);
    await authentication.getByText(changed).waitFor();

    const settlement = info.locator('.enterprise-block').filter({ hasText: '结算信息' });
    const rows = settlement.locator('.enterprise-bank-cards tr.ant-table-row');
    await rows.first().waitFor();
    const count = await rows.count();
    await settlement.getByRole('button', { name: '新增银行卡' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新增银行卡' });
    await dialog.waitFor();
    await animationsDone(dialog);
    const bank = dialog.getByRole('combobox', { name: '开户银行名称' });
    await bank.click();
    await bank.fill('工商银行');
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '中国工商银行' })
      .first();
    await option.waitFor();
    await option.click();
    await expect.poll(() => dialog.getByPlaceholder('请输入银行地址').inputValue()).toContain('中国工商银行');
    await dialog.getByPlaceholder('请输入开户名称').fill(DEMO_COMPANY);
    await dialog.getByPlaceholder('请输入银行账号').fill('62220202000011223344');
    await dialog.getByPlaceholder('请输入预留手机号').fill('13900000001');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message').getByText('新增成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const added = rows.filter({ hasText: '62220202000011223344' });
    await added.waitFor();
    await page.setViewportSize({ width: 1280, height: 720 });
    await settlement.scrollIntoViewIfNeeded();
    await screenshot(page, 'own-account-bank-cards-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
    await added.getByRole('button', { name: /删\s*除/ }).click();
    await confirmIn(page, '确认删除该银行卡？');
    await page.locator('.ant-message').getByText('删除成功').waitFor();
    await expect.poll(() => rows.count()).toBe(count);
  });
});
