/**
 * 企业结算银行卡 (spec 3 §3 "Enterprise bank account", §5, §6; decision 0037): the tenant's staff see the
 * demo company's cards masked under 结算账户, 编辑 asks for the desensitized view first, 新增银行卡 checks
 * the form, takes a bank from the directory (filling the address) and adds a card, which 删除 removes
 * again after 确认删除该银行卡？; 编辑标签 adds a tag (decision 0039). Screenshots at 1440x900 and 1280x720.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  animationsDone,
  confirmIn,
  launchBrowser,
  openDemoCompanyInfo,
  openPage,
  screenshot,
  signIn,
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

describe('企业标签', () => {
  it('shows the demo company’s tags and takes one more through 编辑标签', async () => {
    const { page } = staff;
    const info = await openDemoCompanyInfo(page);
    const basic = info.locator('.enterprise-block').filter({ hasText: '基本信息' });
    await basic.locator('.ant-tag', { hasText: '重点客户' }).waitFor();
    await basic.getByRole('button', { name: '编辑标签' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '编辑标签' });
    await dialog.waitFor();
    await animationsDone(dialog);
    await dialog.getByRole('combobox', { name: '企业标签' }).click();
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '月结客户' });
    await option.click();
    // a multiple select stays open after a pick: closed by a click elsewhere in the dialog
    await dialog.locator('.ant-modal-title').click();
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'detached' });
    // the pick is in the form before it is saved (a click during the dropdown's animation is not a pick)
    await dialog.locator('.ant-select-selection-item', { hasText: '月结客户' }).waitFor();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message-notice', { hasText: '编辑成功' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await basic.locator('.ant-tag', { hasText: '月结客户' }).waitFor();
    expect(await basic.locator('.ant-tag').allInnerTexts()).toEqual(
      expect.arrayContaining(['重点客户', '医药行业', '长期合作', '月结客户']),
    );
  });
});

describe('结算账户', () => {
  it('adds a bank card to the demo company and deletes it again', async () => {
    const { page } = staff;
    const info = await openDemoCompanyInfo(page);
    const settlement = info.locator('.enterprise-block').filter({ hasText: '结算信息' });
    const rows = settlement.locator('.enterprise-bank-cards tr.ant-table-row');
    await rows.first().waitFor();
    const before = await rows.count();
    expect(before).toBeGreaterThan(0);
    // masked until the desensitized view
    expect(await rows.first().textContent()).toMatch(/\*{4}/);

    await rows
      .first()
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    await page.locator('.ant-message').getByText('请先脱敏之后再进行编辑').waitFor();

    await settlement.getByRole('button', { name: '新增银行卡' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新增银行卡' });
    await dialog.waitFor();
    await animationsDone(dialog);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入开户名称').waitFor();
    await dialog.getByText('请输入预留手机号').waitFor();

    await dialog.getByRole('combobox', { name: '开户银行名称' }).click();
    await dialog.getByRole('combobox', { name: '开户银行名称' }).fill('工商银行');
    // the search answers after its debounce: wait for a branch it found, not the first page shown before
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '中国工商银行' })
      .first();
    await option.waitFor();
    await option.click();
    const address = dialog.getByPlaceholder('请输入银行地址');
    await expect.poll(() => address.inputValue()).toContain('中国工商银行');
    await dialog.getByPlaceholder('请输入开户名称').fill('杭州星联医药科技有限公司');
    await dialog.getByPlaceholder('请输入银行账号').fill('62220202000099887766');
    await dialog.getByPlaceholder('请输入预留手机号').fill('13900000001');
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error').count()).toBe(0);
    await screenshot(page, 'bank-card-add-1440');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message').getByText('新增成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rows.count()).toBe(before + 1);
    const added = rows.filter({ hasText: '7766' });
    await added.waitFor();

    await page.setViewportSize({ width: 1280, height: 720 });
    await settlement.scrollIntoViewIfNeeded();
    await screenshot(page, 'bank-cards-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    await added.getByRole('button', { name: /删\s*除/ }).click();
    await confirmIn(page, '确认删除该银行卡？');
    await page.locator('.ant-message').getByText('删除成功').waitFor();
    await expect.poll(() => rows.count()).toBe(before);
  });
});
