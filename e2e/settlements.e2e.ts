/**
 * Issue 12, the settlement screens in a real browser on the demo data: the tenant's staff open
 * 结算管理 > 结算单列表 from the menu, see the amount total, approve a pending statement through
 * 审核, open a paid-out statement's detail (progress, records, a line's 结算过程) and re-issue the
 * failed line of the statement whose payout failed; the enterprise withdraws a pending statement
 * after the spec's warning, opens a settlement from the notice's link, and downloads a paid-out
 * statement's reconciliation PDF (made by a job after 生成对账单). Screenshots at 1440x900 and
 * 1280x720.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  callApi,
  closeDialog,
  confirmIn,
  launchBrowser,
  openPage,
  screenshot,
  signIn,
  storedToken,
  url,
} from './support';

let browser: Browser;
let enterprise: { context: BrowserContext; page: Page };
let staff: { context: BrowserContext; page: Page };

interface Row {
  id: number;
  projectId: number;
  settlementSn: string;
  auditStatus: number;
  payStatus: number;
  enterprisePayStatus: number;
  voucherStatus: number;
}

async function settlements(page: Page, query: string): Promise<Row[]> {
  const token = (await storedToken(page)) as string;
  const answer = await callApi<{ records: Row[] }>(`/api/sys/order/getSettlementPage?pageSize=50&${query}`, { token });
  expect(answer.success, answer.message).toBe(true);
  return answer.result.records;
}

const rowOf = (page: Page, settlementSn: string) => page.locator('tr.ant-table-row', { hasText: settlementSn });

/** Runs a row action: a link of the row, or under 更多 when the row has more than three. */
async function rowAction(page: Page, settlementSn: string, name: string): Promise<void> {
  const row = rowOf(page, settlementSn);
  await row.waitFor();
  if ((await row.getByRole('button', { name, exact: true }).count()) > 0) {
    await row.getByRole('button', { name, exact: true }).click();
  } else {
    await row.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name, exact: true }).click();
  }
}

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

describe('the settlement list', () => {
  it('opens from the menu with the total, and the platform approves a pending statement', async () => {
    const { page } = staff;
    const [pending] = await settlements(page, 'auditStatus=1');
    expect(pending, 'a pending demo statement').toBeTruthy();
    await page.locator('.top-bar-menu').getByText('结算管理').click();
    await page.waitForURL(/#\/settlement\/order\/list$/);
    await page.locator('.ant-card-head').getByText('结算单列表').waitFor();
    await page.getByText('合计金额：').waitFor();
    await rowOf(page, pending.settlementSn).waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'settlement-list-platform-1440');

    await rowOf(page, pending.settlementSn).getByRole('button', { name: '审核' }).click();
    const dialog = page.getByRole('dialog', { name: '结算单审核' });
    await dialog.getByText(pending.settlementSn).waitFor();
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await page.locator('.ant-message').getByText('审核通过').waitFor();
    await rowOf(page, pending.settlementSn).getByText('审核通过', { exact: true }).waitFor();
    expect(await rowOf(page, pending.settlementSn).getByRole('button', { name: '审核' }).count()).toBe(0);
    const [after] = await settlements(page, `settlementSn=${pending.settlementSn}`);
    expect([after.auditStatus, after.enterprisePayStatus]).toEqual([2, 1]);

    // the enterprise-settlement variant: persons paid out and not, per statement
    await page.getByRole('tab', { name: '企业结算' }).click();
    await page.getByRole('columnheader', { name: '未结算人数' }).first().waitFor();
    await rowOf(page, pending.settlementSn).waitFor();
    await screenshot(page, 'settlement-enterprise-variant-1440');
    await page.getByRole('tab', { name: '结算单', exact: true }).click();
  });

  it('shows a paid-out statement: progress, records and a line’s bank instructions', async () => {
    const { page } = staff;
    const [paid] = await settlements(page, 'payStatus=2');
    expect(paid, 'a paid-out demo statement').toBeTruthy();
    await page.goto(url('/settlement/order/list'));
    await page.getByPlaceholder('请输入结算单号').fill(paid.settlementSn);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await rowOf(page, paid.settlementSn).getByRole('button', { name: paid.settlementSn }).click();
    await page.waitForURL(new RegExp(`isPage=notice&id=${paid.id}`));
    await page.locator('.ant-card-head').getByText('结算单详情').waitFor();
    await page.locator('.ant-steps').getByText('平台结算').waitFor();
    const line = page.locator('tr.ant-table-row', { hasText: '结算成功' }).first();
    await line.waitFor();
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'settlement-detail-platform-1280');
    await line.getByRole('button', { name: '结算过程' }).click();
    const process = page.getByRole('dialog', { name: /结算过程/ });
    await process.locator('tr.ant-table-row', { hasText: '成功' }).first().waitFor();
    await closeDialog(process);
    await page
      .getByRole('button', { name: /返\s*回/ })
      .first()
      .click();
    await page.waitForURL(/#\/settlement\/order\/list$/);
  });

  it('re-issues the failed payout of a statement once', async () => {
    const { page } = staff;
    const [failed] = await settlements(page, 'payStatus=3');
    expect(failed, 'a demo statement whose payout failed').toBeTruthy();
    await page.goto(url(`/settlement/order/list?isPage=notice&id=${failed.id}`));
    const line = page.locator('tr.ant-table-row', { hasText: '结算失败' }).first();
    await line.waitFor();
    await line.getByRole('button', { name: '重新发放' }).click();
    const dialog = page.getByRole('dialog', { name: '重新发放' });
    await dialog.getByText(/¥[\d,]+\.\d\d/).waitFor(); // the line's facts have loaded
    await dialog.getByRole('button', { name: /确认发放/ }).click();
    // this answer's own message: an earlier test's toast (审核通过) may still be on screen
    await page.locator('.ant-message-notice', { hasText: '已重新发放' }).waitFor();
    // the line is sent again: processing or already answered by the bank, never failed twice over
    const records = await callApi<{ records: { payStatus: number }[] }>(
      `/api/sys/order/getSettlementRecordPage?settlementId=${failed.id}&pageSize=50`,
      { token: (await storedToken(page)) as string },
    );
    expect(records.result.records.some((record) => record.payStatus === 4 || record.payStatus === 3)).toBe(true);
  });

  it('the enterprise withdraws a pending statement after the warning, and opens a notice’s link', async () => {
    const { page } = enterprise;
    // pending, or approved and not paid (the staff may have approved the pending one above)
    const rows = await settlements(page, '');
    const target =
      rows.find((row) => row.auditStatus === 1) ??
      rows.find((row) => row.auditStatus === 2 && row.enterprisePayStatus === 1);
    expect(target, 'a statement the enterprise may withdraw').toBeTruthy();
    if (!target) return;
    await page.goto(url('/settlement/order/list'));
    await rowOf(page, target.settlementSn).waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'settlement-list-enterprise-1440');
    await rowAction(page, target.settlementSn, '撤回');
    await confirmIn(page, '当前结算单撤回可能会影响后续结算单的结算操作，是否确认撤回');
    await page.locator('.ant-message').getByText('撤回成功').waitFor();
    await rowOf(page, target.settlementSn).getByText('已撤回').waitFor();

    await page.goto(url(`/settlement/order/list?isPage=notice&id=${target.id}`));
    await page.locator('.ant-card-head').getByText('结算单详情').waitFor();
    await page.locator('.ant-steps').getByText('已撤回').waitFor();
    await screenshot(page, 'settlement-detail-withdrawn-1440');
  });

  it("the enterprise asks for a paid-out statement's reconciliation PDF and downloads it", async () => {
    const { page } = enterprise;
    const paid = await settlements(page, 'payStatus=2');
    const target = paid.find((row) => row.voucherStatus === 0) ?? paid.find((row) => row.voucherStatus === 2);
    expect(target, 'a paid-out statement of the enterprise').toBeTruthy();
    if (!target) return;
    await page.goto(url('/settlement/order/list'));
    await page.getByPlaceholder('请输入结算单号').fill(target.settlementSn);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    if (target.voucherStatus === 0) {
      await rowAction(page, target.settlementSn, '生成对账单');
      // the 任务对账单预览 shows the statement's head first; its own 生成对账单 makes the statement
      const preview = page.getByRole('dialog').filter({ hasText: '任务对账单预览' });
      await preview.getByText('对账确认单', { exact: true }).waitFor();
      await preview.getByRole('button', { name: '生成对账单' }).click();
      await page.locator('.ant-message-notice').filter({ hasText: '正在生成确认单，请稍后进行下载' }).waitFor();
      // a job makes the PDF; the row offers the download once it is there
      await expect
        .poll(async () => (await settlements(page, `settlementSn=${target.settlementSn}`))[0].voucherStatus, {
          timeout: 90_000,
          interval: 500,
        })
        .toBe(2);
      // the list reloads itself while a statement is being generated: the download shows (under 更多)
      await rowOf(page, target.settlementSn).getByRole('button', { name: /更多/ }).waitFor();
    }
    const download = page.waitForEvent('download');
    await rowAction(page, target.settlementSn, '下载对账单');
    const file = await download;
    expect(file.suggestedFilename()).toBe(`对账确认单_${target.settlementSn}.pdf`);
    const path = await file.path();
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  }, 150_000);

  it('the project summary drills into the project’s statements under its folding header', async () => {
    const { page } = staff;
    const [statement] = await settlements(page, 'payStatus=2');
    expect(statement, 'a paid-out demo statement').toBeTruthy();
    await page.goto(url(`/projectManage/project/summary?id=${statement.projectId}`));
    const block = page.locator('.summary-block').filter({ hasText: '结算信息' });
    await block.locator('.summary-figure').filter({ hasText: '结算单数' }).getByRole('button').click();
    await page.waitForURL(/pageType=3/);
    await rowOf(page, statement.settlementSn).waitFor();
    const header = page.locator('.summary-drill-header');
    await header.getByText('项目编号').waitFor();
    await screenshot(page, 'project-summary-settlements-1440');
    await header.getByRole('button', { name: /收起/ }).click();
    await header.getByText('项目编号').waitFor({ state: 'detached' });
    // a statement's detail opens in place, and its back returns to the project's statements
    await rowOf(page, statement.settlementSn).getByRole('button', { name: statement.settlementSn }).click();
    await page.locator('.page-card').getByText('结算明细').waitFor();
    await page
      .locator('.page-card')
      .getByRole('button', { name: /返\s*回$/ })
      .first()
      .click();
    await rowOf(page, statement.settlementSn).waitFor();
    await header.getByRole('button', { name: '返回汇总' }).click();
    await block.waitFor();
    expect(new URL(page.url()).hash).toBe(`#/projectManage/project/summary?id=${statement.projectId}`);
  });
});
