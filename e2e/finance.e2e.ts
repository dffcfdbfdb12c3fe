import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, callApi, launchBrowser, openPage, pick, screenshot, signIn, storedToken, url } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const yuanOf = (text: string | null) => Number((text ?? '').replace(/[¥,\s]/g, ''));

describe('财务账户管理', () => {
  it('the demo enterprise tops up a paying bank through the bank and sees the balance and the flow', async () => {
    const { page } = await openPage(browser);
    await signIn(page, ACCOUNTS.enterprise);
    await page.goto(url('/company/financialSystem/financialAccountManage'));
    await page.locator('.ant-card-head').getByText('财务账户管理').waitFor();
    await page.getByText('交易密码：已设置').waitFor();
    const row = page.locator('.ant-table-row').first();
    await row.waitFor();
    const headers = await page.locator('.ant-table-thead th').allTextContents();
    const balanceCell = row.locator('td').nth(headers.indexOf('账户余额'));
    const before = yuanOf(await balanceCell.textContent());
    expect(before).toBeGreaterThan(0);
    await page.locator('.ant-message-notice').waitFor({ state: 'detached' });
    await screenshot(page, 'finance-accounts');

    await row.getByRole('button', { name: /充\s*值/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '充值金额' });
    await dialog.getByPlaceholder('请输入充值金额').fill('0.001');
    await dialog.getByRole('button', { name: '确认充值' }).click();
    await dialog.getByText('请输入正确的充值金额（大于0，最多两位小数）').waitFor();
    await dialog.getByPlaceholder('请输入充值金额').fill('100.50');
    // the bank credits a deposit to the enterprise by its sub-account's code
    expect(await dialog.getByLabel('记账子单元编号').inputValue()).toMatch(/^\d{10}$/);
    await dialog.getByText('请输入正确的充值金额（大于0，最多两位小数）').waitFor({ state: 'hidden' });
    await screenshot(page, 'finance-top-up');
    await dialog.getByRole('button', { name: '确认充值' }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '充值成功' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => yuanOf(await balanceCell.textContent())).toBeCloseTo(before + 100.5, 2);

    await row.getByRole('button', { name: /流\s*水/ }).click();
    const flows = page.locator('.ant-modal').filter({ hasText: '账户流水' });
    const newest = flows.locator('.ant-table-row').first();
    await newest.waitFor();
    expect(await newest.textContent()).toContain('+¥100.50');
    expect(await newest.textContent()).toContain('充值');
    // the dialog has finished opening (its zoom-in animation) before the picture
    await page.waitForFunction(() => {
      const modal = document.querySelector('.ant-modal');
      return modal !== null && getComputedStyle(modal).opacity === '1' && modal.getAnimations().length === 0;
    });
    await screenshot(page, 'finance-flows');

    // the flow's electronic receipt: a PDF named after its receipt number
    const download = page.waitForEvent('download');
    await newest.getByRole('button', { name: '下载回单' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^电子回单-HD\d{12}\.pdf$/);
    const bytes = readFileSync(await file.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // the button stops spinning once the download has run
    await newest.locator('.ant-btn-loading').waitFor({ state: 'detached' });
  });

  it('the demo enterprise withdraws to its own card and the bank pays it: 提现成功 in 提现记录', async () => {
    const { page } = await openPage(browser);
    await signIn(page, ACCOUNTS.enterprise);
    await page.goto(url('/company/financialSystem/financialAccountManage'));
    const row = page.locator('.ant-table-row').first();
    await row.waitFor();
    const token = (await storedToken(page)) as string;
    const banks = await callApi<Array<{ id: number }>>('/api/sys2/enterprise/bank/getEnterprisePayBankInfo', { token });
    const cards = await callApi<Array<{ bankDeposit: string; bankAccount: string; bankUserName: string }>>(
      `/api/sys/finance/account/withdrawCards?id=${banks.result[0].id}`,
      { token },
    );
    const card = cards.result[0];
    expect(card, 'a bank card of the demo company').toBeTruthy();

    await row.getByRole('button', { name: /^提\s*现$/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '提现金额' });
    await dialog.getByPlaceholder('请输入提现金额').fill('12.345');
    await dialog.getByText('请输入大于0且小于1000000、最多两位小数的金额').waitFor();
    await dialog.getByPlaceholder('请输入提现金额').fill('88.80');
    await pick(page, '收款银行卡', `${card.bankDeposit}（尾号${card.bankAccount.slice(-4)}） ${card.bankUserName}`);
    await dialog.getByPlaceholder('请输入交易密码').fill('135790');
    const sent = page.waitForResponse((response) => response.url().includes('/api/sys/password/sendPhone'));
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    expect(((await (await sent).json()) as { success: boolean }).success).toBe(true);
    const outbox = await callApi<Array<{ content: string }>>('/api/dev/sms-outbox?phone=13900000001');
    const code = /(\d{6})/.exec(outbox.result.find((sms) => sms.content.includes('提现'))?.content ?? '')?.[1];
    expect(code, 'the withdrawal code in the dev outbox').toBeTruthy();
    await dialog.getByPlaceholder('请输入验证码').fill(code as string);
    await screenshot(page, 'finance-withdraw');
    await dialog.getByRole('button', { name: '确认提现' }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '提现申请已提交，银行处理中' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // the bank finishes in the background; the records ask again while one is processing
    await row.getByRole('button', { name: '提现记录' }).click();
    const records = page.locator('.ant-modal').filter({ hasText: '提现记录' });
    const newest = records.locator('.ant-table-row').first();
    await newest.filter({ hasText: '¥88.80' }).waitFor();
    await newest.filter({ hasText: '提现成功' }).waitFor({ timeout: 45_000 });
    await screenshot(page, 'finance-withdrawals');
  });
});
