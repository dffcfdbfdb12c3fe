/**
 * Exports and the download cache in a real browser (issue 4): an enterprise user exports the
 * persons of its projects from the project list, sees the download indicator, opens the
 * order-generation cache from the top bar and downloads the finished xlsx (personal data masked);
 * the operator passes the desensitization check and downloads the same export in the clear from
 * the download log.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, launchBrowser, openPage, route, screenshot, signIn, url } from './support';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE_COLUMN = 8;

async function sheetRows(path: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((value) => (value === null ? '' : String(value))));
  });
  return rows;
}

async function openProjectList(page: Page) {
  await page.goto(url('/projectManage/project/list'));
  await page.locator('.list-page tbody tr.ant-table-row').first().waitFor();
}

/** Waits on a cache list until the newest record is ready, then downloads it through the browser. */
async function downloadNewest(page: Page): Promise<{ fileName: string; path: string }> {
  const firstRow = page.locator('.list-page tbody tr.ant-table-row').first();
  await firstRow.getByText('可下载').waitFor({ timeout: 30_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    firstRow.getByRole('button', { name: '下载' }).click(),
  ]);
  const path = await download.path();
  return { fileName: download.suggestedFilename(), path };
}

describe('exports and the download cache', () => {
  it('exports masked persons from the project list and downloads them from the cache page', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, ACCOUNTS.enterprise);
    await openProjectList(page);
    await screenshot(page, 'project-list-enterprise');

    await page.getByRole('button', { name: /导出人员/ }).click();
    await page.getByText('下载任务已提交，您可点击右上角下载按钮下载所需文件').waitFor();
    // the top bar shows the in-progress download icon for 3 s
    await page.locator('.top-bar-download-active').waitFor();

    await page.getByRole('button', { name: '下载列表' }).click();
    await page.waitForURL(/#\/company\/catchSystem\/orderGenerateCache$/);
    expect(route(page)).toBe('/company/catchSystem/orderGenerateCache');
    const { fileName, path } = await downloadNewest(page);
    await screenshot(page, 'order-generate-cache');
    expect(fileName).toMatch(/^项目人员_\d{14}\.xlsx$/);

    const rows = await sheetRows(path);
    expect(rows[0][PHONE_COLUMN - 1]).toBe('手机号');
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((row) => /^1\d{2}\*{4}\d{4}$/.test(row[PHONE_COLUMN - 1]))).toBe(true);
    expect(rows.slice(1).every((row) => row[0].length > 0 && row[8].length > 0)).toBe(true);
    await context.close();
  });

  it('lets the operator unmask after the desensitization check and download from the download log', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, ACCOUNTS.admin);
    await openProjectList(page);

    await page.getByRole('button', { name: /脱敏查看/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '脱敏验证' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入密码').waitFor();
    await dialog.getByPlaceholder('请输入登录密码').fill('Wrong@123456');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('密码错误').waitFor();
    await dialog.getByPlaceholder('请输入登录密码').fill(ACCOUNTS.admin.password);
    await screenshot(page, 'desensitization-dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText(/明文导出有效至/).waitFor();

    await page.getByRole('button', { name: /导出人员（明文）/ }).click();
    await page.getByText('下载任务已提交，您可点击右上角下载按钮下载所需文件').waitFor();
    await page.goto(url('/dataManagement/logManagement/downloadLog'));
    const { path } = await downloadNewest(page);
    await screenshot(page, 'download-log');
    const rows = await sheetRows(path);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((row) => /^1\d{10}$/.test(row[PHONE_COLUMN - 1]))).toBe(true);
    await context.close();
  });
});
