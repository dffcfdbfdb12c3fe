/**
 * The invoices in a real browser on the demo data: the tenant's staff open 发票管理 > 发票列表 from
 * the menu and issue the e-mailed invoice the demo company applied for (状态更新: issue time,
 * invoice number, the invoice PDF); the company confirms its receipt (查收, after the spec's
 * question), sees the file in the detail, keeps its invoice info (编辑开票信息) and finds nothing
 * left to apply for; the project summary's 发票数 drills into the project's invoices. Screenshots
 * at 1440x900 and 1280x720.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, callApi, confirmIn, launchBrowser, openPage, screenshot, signIn, storedToken, url } from './support';

let browser: Browser;
let enterprise: { context: BrowserContext; page: Page };
let staff: { context: BrowserContext; page: Page };

interface Row {
  id: number;
  invoiceSn: string;
  invoiceName: string;
  invoiceSendingType: number;
  invoiceSendStatus: number;
  invoiceRecipientStatus: number;
}

async function invoices(page: Page, query = ''): Promise<Row[]> {
  const token = (await storedToken(page)) as string;
  const answer = await callApi<{ records: Row[] }>(`/api/sys/invoice/list?pageSize=50&${query}`, { token });
  expect(answer.success, answer.message).toBe(true);
  return answer.result.records;
}

const rowOf = (page: Page, id: number) => page.locator(`tr.ant-table-row[data-row-key="${id}"]`);

beforeAll(async () => {
  browser = await launchBrowser();
  enterprise = await openPage(browser);
  staff = await openPage(browser);
  await signIn(enterprise.page, ACCOUNTS.enterprise);
  await signIn(staff.page, ACCOUNTS.tenantStaff);
});
afterAll(async () => {
  await browser?.close();
});

describe('invoices', () => {
  let emailed: Row;

  it('the platform issues an applied invoice from the list: time, number and the invoice file', async () => {
    const { page } = staff;
    const applied = (await invoices(page)).filter((row) => row.invoiceSendStatus === 1 && row.invoiceSendingType === 2);
    expect(applied.length, 'an e-mailed demo invoice waiting to be issued').toBeGreaterThan(0);
    emailed = applied[0];
    await page.locator('.top-bar-menu').getByText('发票管理').click();
    await page.waitForURL(/#\/invoice\/invoiceList$/);
    await rowOf(page, emailed.id).getByText('待开票').waitFor();
    // the sign-in's toast is gone before the list is pictured
    await page.locator('.ant-message-notice').waitFor({ state: 'detached' });
    await screenshot(page, 'invoice-list-platform-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'invoice-list-platform-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    await rowOf(page, emailed.id).getByRole('button', { name: '状态更新' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '开票时间' });
    await dialog.getByText('邮箱（电子发票）').waitFor();
    await dialog.getByPlaceholder('请选择开票时间').click();
    await dialog.getByPlaceholder('请选择开票时间').fill('2026-11-27 10:30:00');
    await page.keyboard.press('Enter');
    await dialog.getByPlaceholder('请输入发票号码').first().fill('24319001');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: '电子发票.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    });
    await dialog.getByText('电子发票.pdf').waitFor();
    await screenshot(page, 'invoice-status-dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message').getByText('状态已更新').waitFor();
    await rowOf(page, emailed.id).getByText('待查收').waitFor();
    expect(await rowOf(page, emailed.id).getByText('24319001').count()).toBe(1);
  });

  it('the platform opens the company from the invoice header: its invoice info and its invoices', async () => {
    const { page } = staff;
    await rowOf(page, emailed.id).getByRole('button', { name: emailed.invoiceName }).click();
    await page.waitForURL(/#\/projectManage\/project\/enterpriseInfo\?id=/);
    const block = page.locator('.enterprise-block').filter({ hasText: '开票信息' });
    await block.locator('tr.ant-table-row').filter({ hasText: '24319001' }).waitFor();
    await block.getByText('最近修改').waitFor();
    await block.scrollIntoViewIfNeeded();
    await page.locator('.ant-message-notice').waitFor({ state: 'detached' });
    await screenshot(page, 'enterprise-invoicing-1440');
    await page
      .getByRole('button', { name: /返\s*回/ })
      .first()
      .click();
    await rowOf(page, emailed.id).waitFor();
  });

  it('the enterprise confirms receipt after the question, and sees the file in the detail', async () => {
    const { page } = enterprise;
    await page.locator('.top-bar-menu').getByText('发票管理').click();
    await page.waitForURL(/#\/invoice\/invoiceList$/);
    const row = rowOf(page, emailed.id);
    await row.getByText('待查收').waitFor();
    await row.getByRole('button', { name: '查收' }).click();
    await confirmIn(page, '确认已收到纸质（电子）发票');
    await row.getByText('已查收').waitFor();
    expect(await row.getByRole('button', { name: '查收' }).count()).toBe(0);

    await row.getByRole('button', { name: '详情' }).click();
    await page.getByText('发票详情').waitFor();
    await page.getByText('电子发票.pdf').waitFor();
    await page.getByText('确认收票').waitFor();
    await screenshot(page, 'invoice-detail-enterprise-1440');
    await page
      .getByRole('button', { name: /返\s*回/ })
      .first()
      .click();
    await row.waitFor();
  });

  it('the enterprise keeps its invoice info, and has nothing left to apply for', async () => {
    const { page } = enterprise;
    await page.getByRole('button', { name: '开票信息' }).click();
    const info = page.locator('.ant-modal').filter({ hasText: '编辑开票信息' });
    await info.getByText('公司注册地址').waitFor();
    const phone = info.getByLabel('公司电话');
    await expect.poll(() => phone.inputValue()).not.toBe('');
    await phone.fill('12');
    await info.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
    await info.getByText('请输入正确的电话号码').waitFor();
    await phone.fill('021-58886666');
    await info.getByText('请输入正确的电话号码').waitFor({ state: 'hidden' });
    await page.locator('.ant-message-notice').waitFor({ state: 'detached' });
    await screenshot(page, 'invoice-info-dialog');
    await info.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
    await page.locator('.ant-message').getByText('保存成功').waitFor();
    await info.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: /申请开票/ }).click();
    const apply = page.locator('.ant-modal').filter({ hasText: '开票类目' });
    await apply.getByText('021-58886666').waitFor();
    // the dialog offers exactly the paid-out statements on no invoice yet: the demo's are all invoiced, but
    // an earlier browser test may have paid one out since
    const token = (await storedToken(page)) as string;
    const open = await callApi<{ records: { settlementSn: string }[] }>(
      '/api/sys/invoice/invoiceableSettlements?pageNo=1&pageSize=10',
      { token },
    );
    expect(open.success, open.message).toBe(true);
    const offered = open.result.records.map((row) => row.settlementSn);
    if (offered.length === 0) {
      await apply.locator('.ant-table .ant-empty-description').getByText('暂无数据').waitFor();
    } else {
      await apply.locator('.ant-table-row').filter({ hasText: offered[0] }).waitFor();
      const shown = await apply.locator('.ant-table-row').count();
      expect(shown).toBe(offered.length);
    }
    await apply.getByRole('button', { name: /取\s*消/ }).click();
    await apply.waitFor({ state: 'hidden' });
  });

  it('the project summary drills into the project’s invoices', async () => {
    const { page } = staff;
    const token = (await storedToken(page)) as string;
    const linked = await callApi<{ records: { projectId: number }[] }>(
      `/api/sys/invoice/settlementList?id=${emailed.id}`,
      { token },
    );
    const { projectId } = linked.result.records[0];
    await page.goto(url(`/projectManage/project/summary?id=${projectId}`));
    const block = page.locator('.summary-block').filter({ hasText: '发票信息' });
    await block.locator('.summary-figure').filter({ hasText: '发票数' }).getByRole('button').click();
    await page.waitForURL(/pageType=5/);
    await rowOf(page, emailed.id).waitFor();
    await page.locator('.summary-drill-header').getByText('项目编号').waitFor();
    await screenshot(page, 'project-summary-invoices-1440');
  });
});
