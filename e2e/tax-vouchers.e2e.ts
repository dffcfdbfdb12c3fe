/**
 * Tax vouchers in a real browser on the demo data (decision 0032): the tenant's staff open 发票管理 >
 * 完税中心 > 完税凭证 from the menus, look at the demo voucher's images (完税凭证, 代征明细), its
 * settlements (关联结算单) and download its tax list; on 上传完税凭证 they pick the demo company and the
 * month, see the taxes withheld and the voucher already saved, add an image and save, which replaces
 * the period's files; the company sees the voucher and no upload. Screenshots at 1440x900 and 1280x720.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  callApi,
  formItem,
  launchBrowser,
  openFromMenu,
  openPage,
  pick,
  screenshot,
  signIn,
  storedToken,
} from './support';

let browser: Browser;
let staff: { context: BrowserContext; page: Page };
let enterprise: { context: BrowserContext; page: Page };

interface Voucher {
  id: number;
  enterpriseId: number;
  enterpriseName: string;
  taxPeriod: string;
  paidTaxAmount: string;
  settlementNum: number;
  voucherImages: Array<{ address: string }>;
  taxListFile: { name: string } | null;
}

async function vouchers(page: Page): Promise<Voucher[]> {
  const token = (await storedToken(page)) as string;
  const answer = await callApi<{ records: Voucher[] }>('/api/sys/tax/voucher/list?pageSize=50', { token });
  expect(answer.success, answer.message).toBe(true);
  return answer.result.records;
}

/** A 1x1 PNG: what a phone photo of a voucher is to the server's checks. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** 发票管理 from the top bar, then 完税中心 > 完税凭证 in the side menu. */
const openVoucherList = (page: Page) =>
  openFromMenu(
    page,
    { top: '发票管理', group: '完税中心', item: '完税凭证', title: '完税凭证列表' },
    /#\/invoice\/tax\/voucherList$/,
  );

/** A row of the voucher list (the invoice list left behind may hold a row of the same id). */
const rowOf = (page: Page, id: number) =>
  page.locator('.page-card', { hasText: '完税凭证列表' }).locator(`tr.ant-table-row[data-row-key="${id}"]`);
const dialogTitled = (page: Page, title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/** Every image of the dialog has loaded and has pixels. */
async function imagesShown(page: Page, title: string) {
  const dialog = dialogTitled(page, title);
  await dialog.locator('.tax-voucher-image img').first().waitFor();
  await expect
    .poll(() =>
      dialog
        .locator('.tax-voucher-image img')
        .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
  return dialog;
}

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await openPage(browser);
  enterprise = await openPage(browser);
  await signIn(staff.page, ACCOUNTS.tenantStaff);
  await signIn(enterprise.page, ACCOUNTS.enterprise);
});
afterAll(async () => {
  await browser?.close();
});

describe('tax vouchers', () => {
  let voucher: Voucher;

  it('the staff open the list from the menus and look at a voucher’s images, settlements and tax list', async () => {
    const { page } = staff;
    [voucher] = await vouchers(page);
    expect(voucher, 'the demo voucher of the demo company').toBeTruthy();
    await openVoucherList(page);
    const row = rowOf(page, voucher.id);
    await row.getByText(voucher.taxPeriod, { exact: true }).waitFor();
    await page.locator('.ant-message-notice').waitFor({ state: 'detached' });
    await screenshot(page, 'tax-voucher-list-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'tax-voucher-list-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    await row.getByRole('button', { name: '完税凭证' }).click();
    const images = await imagesShown(page, '完税凭证（');
    await screenshot(page, 'tax-voucher-images');
    await images
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await images.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: '代征明细' }).click();
    const report = await imagesShown(page, '代征明细（');
    await report
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await report.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: '关联结算单' }).click();
    const settlements = dialogTitled(page, '关联结算单（');
    await settlements.locator('tr.ant-table-row').first().waitFor();
    expect(await settlements.locator('tr.ant-table-row').count()).toBe(voucher.settlementNum);
    await screenshot(page, 'tax-voucher-settlements');
    await settlements
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await settlements.waitFor({ state: 'hidden' });

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: '下载缴税清单' }).click();
    expect((await download).suggestedFilename()).toBe(voucher.taxListFile?.name);
  });

  it('上传完税凭证: the period’s taxes and saved files, one more image, saved in place of the old ones', async () => {
    const { page } = staff;
    await page.getByRole('button', { name: '上传完税凭证' }).click();
    await page.waitForURL(/upload=1/);
    await page.getByText('上传完税凭证', { exact: true }).waitFor();
    await pick(page, '企业', voucher.enterpriseName, voucher.enterpriseName.slice(0, 4));
    await formItem(page, '税款所属期').getByPlaceholder('请选择月份').click();
    await page.locator(`.ant-picker-dropdown:visible td[title="${voucher.taxPeriod}"]`).click();
    // the server's sum of the month's withheld taxes (an earlier browser test may have paid out more since the
    // demo's save), and the voucher the save replaces
    const period = await callApi<{ paidTaxAmount: string }>(
      `/api/sys/tax/voucher/period?enterpriseId=${voucher.enterpriseId}&taxPeriod=${voucher.taxPeriod}`,
      { token: (await storedToken(page)) as string },
    );
    expect(period.success, period.message).toBe(true);
    const amount = Number(period.result.paidTaxAmount).toLocaleString('en', { minimumFractionDigits: 2 });
    await formItem(page, '已缴税额').getByText(`¥${amount}`).waitFor();
    await page.getByText('保存后将替换').waitFor();
    await formItem(page, '缴税清单（电子版）')
      .getByText(voucher.taxListFile?.name ?? '')
      .waitFor();
    await formItem(page, '完税凭证（图）').locator('input[type="file"]').setInputFiles({
      name: '完税证明-补充.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await formItem(page, '完税凭证（图）').locator('.image-tile[title="完税证明-补充.png"]:not([aria-busy])').waitFor();
    await screenshot(page, 'tax-voucher-upload');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-message').getByText('完税凭证已保存').waitFor();
    await rowOf(page, voucher.id).waitFor();
    const [saved] = (await vouchers(page)).filter((row) => row.id === voucher.id);
    expect(saved.voucherImages.length).toBe(voucher.voucherImages.length + 1);
  });

  it('the company sees its voucher and no upload', async () => {
    const { page } = enterprise;
    const [own] = await vouchers(page);
    expect(own, 'the demo company’s voucher').toBeTruthy();
    await openVoucherList(page);
    await rowOf(page, own.id).getByText(own.taxPeriod, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: '上传完税凭证' }).count()).toBe(0);
    await page.locator('.ant-message-notice').waitFor({ state: 'detached' });
    await screenshot(page, 'tax-voucher-list-enterprise-1440');
  });
});
