/**
 * The settlement report (spec 2 §2.5, decision 0026) in a real browser on the demo data: the
 * enterprise opens 生成报告 on its paid-out statement, sees the numbered sections built from the
 * settled tasks (with the report file of 其他构成 as a PDF) and a task number's 任务详情 dialog over the
 * report, opens the survey statement's report
 * with the questionnaire's analysis, and downloads the report PDF from the order-generation cache
 * after 下载. Screenshots at 1440x900 and 1280x720.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, callApi, launchBrowser, openPage, route, screenshot, signIn, storedToken, url } from './support';

let browser: Browser;
let enterprise: { context: BrowserContext; page: Page };

interface Row {
  id: number;
  settlementSn: string;
  visitTypeId: string;
  payStatus: number;
  voucherStatus: number;
}

async function paidOut(page: Page): Promise<Row[]> {
  const token = (await storedToken(page)) as string;
  const answer = await callApi<{ records: Row[] }>('/api/sys/order/getSettlementPage?pageSize=50&payStatus=2', {
    token,
  });
  expect(answer.success, answer.message).toBe(true);
  return answer.result.records.filter((row) => row.voucherStatus === 2);
}

const rowOf = (page: Page, settlementSn: string) => page.locator('tr.ant-table-row', { hasText: settlementSn });

/** Opens 报告预览 from the row (a link, or under 更多). */
async function openReport(page: Page, settlementSn: string) {
  await page.goto(url('/settlement/order/list'));
  await page.getByPlaceholder('请输入结算单号').fill(settlementSn);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = rowOf(page, settlementSn);
  await row.waitFor();
  if ((await row.getByRole('button', { name: '生成报告', exact: true }).count()) > 0) {
    await row.getByRole('button', { name: '生成报告', exact: true }).click();
  } else {
    await row.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '生成报告', exact: true }).click();
  }
  const dialog = page.getByRole('dialog', { name: '报告预览' });
  await dialog.getByRole('heading', { name: '一、整体总览' }).waitFor({ timeout: 30_000 });
  return dialog;
}

/** No dialog is still zooming in or out (antd's motion classes are gone). */
const dialogsSettled = (page: Page) =>
  page.waitForFunction(() => document.querySelector('.ant-modal[class*="ant-zoom-"]') === null);

/**
 * 任务编号 opens the 任务详情 dialog (1200) over the report: the task's detail with its map drawn
 * inside the dialog, the list dialog above it; 关闭 returns to the report.
 */
async function taskDetailFromReport(page: Page, report: Locator) {
  const link = report.getByRole('region', { name: '推广任务明细构成' }).locator('.report-task-link').first();
  await link.scrollIntoViewIfNeeded();
  const taskSn = (await link.textContent())?.trim() ?? '';
  expect(taskSn).toMatch(/^RW\d+/);
  await link.click();
  const detail = page.getByRole('dialog', { name: '任务详情' });
  await detail.getByText(`任务编号：${taskSn}`).waitFor();
  await detail.getByText('人员信息').waitFor();
  // measured once the opening zoom has ended (mid-animation the box is scaled down)
  await dialogsSettled(page);
  expect((await detail.boundingBox())?.width).toBe(1200);
  // the map fills its box and its points lie inside it (Leaflet measured the opened dialog)
  const map = detail.getByTestId('task-map');
  const point = map.locator('path.leaflet-interactive').first();
  await point.waitFor();
  await map.scrollIntoViewIfNeeded();
  await dialogsSettled(page);
  const [mapBox, pointBox] = [await map.boundingBox(), await point.boundingBox()];
  expect(mapBox && pointBox).toBeTruthy();
  if (mapBox && pointBox) {
    expect(mapBox.width).toBeGreaterThan(1000);
    expect(pointBox.x).toBeGreaterThanOrEqual(mapBox.x);
    expect(pointBox.x + pointBox.width).toBeLessThanOrEqual(mapBox.x + mapBox.width);
    expect(pointBox.y).toBeGreaterThanOrEqual(mapBox.y);
    expect(pointBox.y + pointBox.height).toBeLessThanOrEqual(mapBox.y + mapBox.height);
  }
  await screenshot(page, 'settlement-report-task-detail-map-1440');
  await detail.getByText('人员信息').scrollIntoViewIfNeeded();
  await screenshot(page, 'settlement-report-task-detail-1440');
  await page.setViewportSize({ width: 1280, height: 720 });
  await detail.getByText('人员信息').scrollIntoViewIfNeeded();
  await screenshot(page, 'settlement-report-task-detail-1280');
  await page.setViewportSize({ width: 1440, height: 900 });
  // the list dialog (730) opens above the task detail
  await detail.getByRole('button', { name: /^(已打开资料|通话记录) \d+ (份|条)$/ }).click();
  const records = page.getByRole('dialog', { name: /^(资料打开记录|通话记录)$/ });
  await records.getByRole('table').waitFor();
  await dialogsSettled(page);
  await screenshot(page, 'settlement-report-task-records-1440');
  await records.getByRole('button', { name: '关 闭' }).click();
  await records.waitFor({ state: 'hidden' });
  await detail.getByRole('button', { name: '关 闭' }).click();
  await detail.waitFor({ state: 'hidden' });
  await report.getByRole('heading', { name: /推广任务明细构成/ }).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  enterprise = await openPage(browser);
  await signIn(enterprise.page, ACCOUNTS.enterprise);
});
afterAll(async () => {
  await browser?.close();
});

describe('the settlement report', () => {
  it('shows the sections of a paid-out statement, with its report file', async () => {
    const { page } = enterprise;
    const target = (await paidOut(page)).find((row) => row.visitTypeId !== 'wjdy');
    expect(target, 'a paid-out statement with its reconciliation statement').toBeTruthy();
    if (!target) return;
    await page.setViewportSize({ width: 1440, height: 900 });
    const dialog = await openReport(page, target.settlementSn);
    for (const title of ['二、任务场景明细', '推广人员构成', '推广任务明细构成', '其他构成']) {
      await dialog.getByRole('heading', { name: new RegExp(title) }).waitFor();
    }
    await dialog.getByText(/^BG\d{16}$/).waitFor();
    await dialog.getByRole('button', { name: '重新生成报告单' }).waitFor();
    // the report file the demo's clerk added, as a PDF page
    await dialog.locator('.report-pdf canvas').first().waitFor({ timeout: 30_000 });
    await dialog.getByText('随时随地，接单赚钱').waitFor();
    await screenshot(page, 'settlement-report-1440');
    await dialog.getByRole('heading', { name: /推广任务明细构成/ }).scrollIntoViewIfNeeded();
    await screenshot(page, 'settlement-report-tasks-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'settlement-report-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
    await taskDetailFromReport(page, dialog);
    // the report's own PDF, made by the job, opens inside the overview
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('heading', { name: '一、整体总览' }).scrollIntoViewIfNeeded();
    await dialog.getByRole('button', { name: '查看报告PDF' }).click();
    await dialog.locator('.report-overview + .report-pdf canvas').first().waitFor({ timeout: 30_000 });
    await dialog.locator('.report-overview + .report-pdf').scrollIntoViewIfNeeded();
    await screenshot(page, 'settlement-report-pdf-1440');
    await dialog.getByRole('button', { name: '关 闭' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }, 120_000);

  it('shows the questionnaire analysis of the survey statement', async () => {
    const { page } = enterprise;
    const target = (await paidOut(page)).find((row) => row.visitTypeId === 'wjdy');
    expect(target, 'the survey tasks paid out after the withdrawal').toBeTruthy();
    if (!target) return;
    await page.setViewportSize({ width: 1440, height: 900 });
    const dialog = await openReport(page, target.settlementSn);
    await dialog.getByRole('heading', { name: /第1题/ }).waitFor();
    expect(await dialog.getByRole('heading', { name: /其他构成/ }).count()).toBe(0);
    await dialog.getByText('本题有效填写次数').first().waitFor();
    await dialog.getByRole('heading', { name: /第1题/ }).scrollIntoViewIfNeeded();
    await screenshot(page, 'settlement-report-questionnaire-1440');
    await dialog.getByRole('button', { name: '关 闭' }).click();
  }, 120_000);

  it('downloads the report PDF from the order-generation cache after 下载', async () => {
    const { page } = enterprise;
    const target = (await paidOut(page)).find((row) => row.visitTypeId !== 'wjdy');
    if (!target) throw new Error('no paid-out statement');
    const dialog = await openReport(page, target.settlementSn);
    await dialog.getByRole('button', { name: '下 载' }).click();
    await page.waitForURL(/#\/company\/catchSystem\/orderGenerateCache$/);
    expect(route(page)).toBe('/company/catchSystem/orderGenerateCache');
    const firstRow = page.locator('.list-page tbody tr.ant-table-row').first();
    await firstRow.getByText('结算报告').waitFor();
    await firstRow.getByText('可下载').waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      firstRow.getByRole('button', { name: '下载' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^结算报告_\d{14}\.pdf$/);
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }, 120_000);
});
