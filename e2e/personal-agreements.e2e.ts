/**
 * 个人协议 in a real browser on the demo data (decision 0034): the tenant's staff open 人员管理 >
 * 人员中心 > 个人协议 from the menus, narrow it to platform agreements, download a signed contract
 * (a PDF named after the agreement) and view it in a new window; an unsigned one answers 无签署合同.
 * The enterprise opens 企业中心 > 协议管理 > 个人协议 and sees its own project agreements only.
 * Screenshots at 1440x900 and 1280x720.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, callApi, launchBrowser, openFromMenu, openPage, screenshot, signIn, storedToken } from './support';

let browser: Browser;
let staff: { context: BrowserContext; page: Page };
let enterprise: { context: BrowserContext; page: Page };

interface AgreementRow {
  id: number;
  contractSn: string;
  contractName: string;
  agreementType: number;
  signStatus: number;
  enterpriseName: string;
}

async function agreements(page: Page, query: string): Promise<AgreementRow[]> {
  const answer = await callApi<{ records: AgreementRow[] }>(`/api/sys/personalAgreement/list?${query}`, {
    token: (await storedToken(page)) as string,
  });
  expect(answer.success, answer.message).toBe(true);
  return answer.result.records;
}

const rowOf = (page: Page, id: number) => page.locator(`tr.ant-table-row[data-row-key="${id}"]`);

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

describe('personal agreements', () => {
  it('the staff narrow the list to platform agreements and download and view a signed contract', async () => {
    const { page } = staff;
    const [signed] = await agreements(page, 'agreementType=1&pageSize=100').then((rows) =>
      rows.filter((row) => row.signStatus === 1),
    );
    expect(signed, 'a signed demo platform agreement').toBeTruthy();

    await openFromMenu(
      page,
      { top: '人员管理', group: '人员中心', item: '个人协议' },
      /#\/personManage\/person\/agreement$/,
    );
    await page.locator('tr.ant-table-row').first().waitFor();
    await screenshot(page, 'personal-agreements-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'personal-agreements-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByPlaceholder('请输入协议编号').fill(signed.contractSn);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = rowOf(page, signed.id);
    await row.waitFor();
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(1);
    await row.getByText('履约中').waitFor();

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: /下\s*载/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${signed.contractName}.pdf`);
    expect(
      readFileSync(await file.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const popup = page.waitForEvent('popup');
    await row.getByRole('button', { name: /查\s*看/ }).click();
    const view = await popup;
    await view.waitForURL(/^blob:/);
    await view.close();
  });

  it('an unsigned agreement answers 无签署合同', async () => {
    const { page } = staff;
    const [unsigned] = await agreements(page, 'pageSize=100').then((rows) =>
      rows.filter((row) => row.signStatus === 0),
    );
    expect(unsigned, 'an unsigned demo agreement').toBeTruthy();
    await page.getByPlaceholder('请输入协议编号').fill(unsigned.contractSn);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = rowOf(page, unsigned.id);
    await row.getByText('待签署').waitFor();
    await row.getByRole('button', { name: /下\s*载/ }).click();
    await page.locator('.ant-message').getByText('无签署合同').waitFor();
  });

  it('the enterprise sees its own project agreements under 企业中心', async () => {
    const { page } = enterprise;
    await openFromMenu(
      page,
      { top: '企业中心', group: '协议管理', item: '个人协议' },
      /#\/company\/agreement\/personal$/,
    );
    await page.locator('tr.ant-table-row').first().waitFor();
    // no platform or enterprise to pick: the enterprise's own rows only
    expect(await page.locator('.list-search').getByText('企业名称').count()).toBe(0);
    const rows = await agreements(page, 'pageSize=100');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.agreementType === 2)).toBe(true);
    expect(new Set(rows.map((row) => row.enterpriseName)).size).toBe(1);
    await screenshot(page, 'personal-agreements-enterprise');
  });
});
