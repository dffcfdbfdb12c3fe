/**
 * 企业协议 (spec 3 §2, §4, §5, §8; decision 0040) in a real browser: the tenant's staff see the demo
 * company's agreements in their statuses, write an online agreement with its two seals, preview it and
 * sign it in the signing window; the company signs it from 平台协议; the staff end it, and ending the
 * last agreement in force answers the 19007 dialog. Screenshots at 1440x900 and 1280x720.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  animationsDone,
  answerIn,
  closeDialog,
  confirmIn,
  DEMO_COMPANY,
  formItem,
  launchBrowser,
  openFromMenu,
  openPage,
  pick,
  screenshot,
  signIn,
} from './support';

let browser: Browser;
let staff: { context: BrowserContext; page: Page };
const NAME = `浏览器测试合作协议${Date.now().toString().slice(-5)}`;

const day = (offset: number) => {
  const date = new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000);
  return date.toISOString().slice(0, 10);
};

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await openPage(browser);
  await signIn(staff.page, ACCOUNTS.tenantStaff);
});
afterAll(async () => {
  await browser?.close();
});

async function openAgreementList(page: Page) {
  await openFromMenu(
    page,
    { top: '企业管理', group: '协议中心', item: '企业协议' },
    /#\/enterpriseManage\/agreement\/list$/,
  );
  await page.locator('.page-card tr.ant-table-row').first().waitFor();
}

const rowNamed = (page: Page, name: string) => page.locator('.page-card tr.ant-table-row').filter({ hasText: name });

/** Clicks `button` and signs in the signing window it opens. */
async function signInWindow(page: Page, button: () => Promise<void>): Promise<void> {
  const popup = page.waitForEvent('popup');
  await button();
  const window = await popup;
  await window.getByRole('button', { name: '确认签署' }).click();
  await window.getByRole('heading', { name: '签署成功' }).waitFor();
  await window.close();
}

describe('企业协议', () => {
  it('lists the demo company’s agreements in their statuses', async () => {
    const { page } = staff;
    await openAgreementList(page);
    const labels = await page.locator('.page-card tr.ant-table-row .status-tag').allInnerTexts();
    for (const status of ['履约中', '待签署', '签署中', '草稿', '已失效', '签署失败', '已结束']) {
      expect(labels).toContain(status);
    }
    await screenshot(page, 'enterprise-agreements-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'enterprise-agreements-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('writes an online agreement with its seals, previews it and signs it for the platform', async () => {
    const { page } = staff;
    await openAgreementList(page);
    await page.getByRole('button', { name: '新增协议' }).click();
    await page.waitForURL(/#\/enterpriseManage\/agreement\/add$/);
    await formItem(page, '签署方式').getByText('线上协议').click();
    await pick(page, '企业名称', DEMO_COMPANY, '星联');
    await formItem(page, '协议名称').locator('input').fill(NAME);
    const term = formItem(page, '协议日期');
    await term.locator('input').first().click();
    await term.locator('input').first().fill(day(0));
    await term.locator('input').first().press('Enter');
    await term.locator('input').nth(1).fill(day(365));
    await term.locator('input').nth(1).press('Enter');
    const signDate = formItem(page, '签订日期').locator('input');
    await signDate.click();
    await signDate.fill(day(0));
    await signDate.press('Enter');
    await page.getByRole('button', { name: '下一步' }).click();

    const editor = page.locator('.ProseMirror');
    await editor.waitFor({ timeout: 10_000 }).catch(async (error) => {
      const errors = await page.locator('.ant-form-item-explain-error').allInnerTexts();
      await screenshot(page, 'enterprise-agreement-form-failed');
      throw new Error(`the form stayed on step 1: ${errors.join('; ')} (${error})`);
    });
    await editor.click();
    await page.keyboard.type('甲方委托乙方开展学术推广服务，费用按月结算。');
    await page.getByRole('button', { name: /提交并签署/ }).click();
    await page.getByText('请添加一个平台印章').waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.type('甲方：');
    await page.getByRole('button', { name: '插入平台印章' }).click();
    await page.keyboard.press('Enter');
    await page.keyboard.type('乙方：');
    await page.getByRole('button', { name: '插入企业印章' }).click();
    await page.getByText('请添加一个平台印章').waitFor({ state: 'detached' });
    await screenshot(page, 'enterprise-agreement-editor-1440');

    await page.getByRole('button', { name: /预\s*览/ }).click();
    const preview = page.locator('.ant-modal').filter({ hasText: '协议内容' });
    await preview.waitFor();
    await animationsDone(preview);
    expect(await preview.locator('[data-type="platform-seal"]').count()).toBe(1);
    expect(await preview.locator('[data-type="enterprise-seal"]').count()).toBe(1);
    await closeDialog(preview);

    await signInWindow(page, () => page.getByRole('button', { name: /提交并签署/ }).click());
    await page.waitForURL(/#\/enterpriseManage\/agreement\/list$/);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await rowNamed(page, NAME).locator('.status-tag', { hasText: '待签署' }).waitFor();
  });

  it('is signed by the company from 平台协议, then in force', async () => {
    const company = await openPage(browser);
    try {
      await signIn(company.page, ACCOUNTS.enterprise);
      await openFromMenu(
        company.page,
        { top: '企业中心', group: '协议管理', item: '平台协议' },
        /#\/company\/agreement\/platform$/,
      );
      const row = rowNamed(company.page, NAME);
      await row.waitFor();
      await screenshot(company.page, 'enterprise-signing-records-1440');
      await signInWindow(company.page, () => row.getByRole('button', { name: /签\s*署/ }).click());
    } finally {
      await company.context.close();
    }
    const { page } = staff;
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await rowNamed(page, NAME).locator('.status-tag', { hasText: '履约中' }).waitFor();
  });

  it('ends an agreement in force, and refuses to end the last one with the 19007 dialog', async () => {
    const { page } = staff;
    await rowNamed(page, NAME)
      .getByRole('button', { name: /终\s*止/ })
      .click();
    await confirmIn(page, '强制终止履约中的协议后不可撤销');
    await page.locator('.ant-message').getByText('操作成功').waitFor();
    await rowNamed(page, NAME).locator('.status-tag', { hasText: '已结束' }).waitFor();

    const last = page
      .locator('.page-card tr.ant-table-row')
      .filter({ hasText: DEMO_COMPANY })
      .filter({ has: page.locator('.status-tag', { hasText: '履约中' }) })
      .first();
    await last.getByRole('button', { name: /终\s*止/ }).click();
    await confirmIn(page, '强制终止履约中的协议后不可撤销');
    await answerIn(page, '当前为企业与平台之间最后一份有效协议，不可终止', /知道了/);
    await last.locator('.status-tag', { hasText: '履约中' }).waitFor();
  });
});

describe('协议模板', () => {
  it('is written by the company with a signature and a variable, and shown as 协议内容', async () => {
    const company = await openPage(browser);
    try {
      const { page } = company;
      await signIn(page, ACCOUNTS.enterprise);
      await openFromMenu(
        page,
        { top: '企业中心', group: '协议管理', item: '协议模板' },
        /#\/company\/agreement\/template$/,
      );
      await page.locator('.page-card tr.ant-table-row', { hasText: '门店拜访服务协议（标准版）' }).waitFor();
      await page.getByRole('button', { name: '新增协议模板' }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '新增协议模板' });
      await dialog.waitFor();
      await animationsDone(dialog);
      const name = `问卷调研协议${Date.now().toString().slice(-4)}`;
      await dialog.getByPlaceholder('请输入协议名称').fill(name);
      await dialog.locator('.ProseMirror').click();
      await page.keyboard.type('乙方：');
      await dialog.getByRole('button', { name: '插入变量' }).click();
      await page.locator('.ant-dropdown:visible').getByText('姓名', { exact: true }).click();
      await page.keyboard.press('Enter');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await dialog.getByText('请添加一个签名').waitFor();
      await page.keyboard.type('乙方签字：');
      await dialog.getByRole('button', { name: '插入签名' }).click();
      await screenshot(page, 'agreement-template-dialog-1440');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page.locator('.ant-message').getByText('保存成功').waitFor();
      await dialog.waitFor({ state: 'hidden' });

      const row = page.locator('.page-card tr.ant-table-row', { hasText: name });
      await row.waitFor();
      expect(await row.textContent()).toContain('姓名');
      await row.getByRole('button', { name: '查看内容' }).click();
      const viewer = page.locator('.ant-modal').filter({ hasText: '协议内容' });
      await viewer.waitFor();
      expect(await viewer.locator('[data-type="signature"]').count()).toBe(1);
      expect(await viewer.locator('[data-type="variable"][data-key="userName"]').count()).toBe(1);
    } finally {
      await company.context.close();
    }
  });
});
