/**
 * 自然人账户 in a real browser on the demo data (decision 0033): the tenant's staff open 人员管理 >
 * 人员中心 > 自然人账户 from the menus, search a person, transfer it out to the demo company and read
 * the transfer record, ban and enable it again, and open its detail's tabs; the operator unmasks a
 * person's account after the desensitization check. Screenshots at 1440x900 and 1280x720.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  BASE_URL,
  callApi,
  closeDialog,
  confirmIn,
  launchBrowser,
  openFromMenu,
  openPage,
  pick,
  screenshot,
  signIn,
  storedToken,
  unmaskView,
  url,
} from './support';

/** how long a state may take to arrive (messages fade after 3 s; a slow machine is slower) */
const POLL = { timeout: 15_000 };

let browser: Browser;
let staff: { context: BrowserContext; page: Page };
let admin: { context: BrowserContext; page: Page };

interface PersonRow {
  id: number;
  name: string;
  loginName: string;
  loginFlag: number;
  transferred: boolean;
}

async function api<T>(page: Page, path: string): Promise<T> {
  const answer = await callApi<T>(path, { token: (await storedToken(page)) as string });
  expect(answer.success, answer.message).toBe(true);
  return answer.result;
}

/** 人员管理 from the top bar, then 人员中心 > 自然人账户 in the side menu. */
const openPersonList = (page: Page) =>
  openFromMenu(page, { top: '人员管理', group: '人员中心', item: '自然人账户' }, /#\/personManage\/person\/list$/);

const rowOf = (page: Page, id: number) => page.locator(`tr.ant-table-row[data-row-key="${id}"]`);
const dialogTitled = (page: Page, title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await openPage(browser);
  admin = await openPage(browser);
  await signIn(staff.page, ACCOUNTS.tenantStaff);
  await signIn(admin.page, ACCOUNTS.admin);
});
afterAll(async () => {
  await browser?.close();
});

describe('natural-person accounts', () => {
  let person: PersonRow;

  it('the staff find a person, transfer it out to the demo company and read the record', async () => {
    const { page } = staff;
    const { records } = await api<{ records: PersonRow[] }>(page, '/api/sys/person/list?pageSize=100&loginFlag=0');
    // one the other browser tests do not sign in as (the README's worker)
    const found = records.find((row) => !row.transferred && !row.loginName.endsWith('0001'));
    expect(found, 'a normal person never transferred').toBeTruthy();
    person = found as PersonRow;
    const { records: companies } = await api<{ records: Array<{ name: string; status: number }> }>(
      page,
      '/api/sys/lookup/enterprise?pageSize=20&status=1',
    );
    const company = companies[0].name;

    await openPersonList(page);
    await page.locator('tr.ant-table-row').first().waitFor();
    await expect.poll(() => page.locator('.ant-message-notice').count(), POLL).toBe(0);
    await screenshot(page, 'person-list-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'person-list-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByPlaceholder('请输入姓名').fill(person.name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = rowOf(page, person.id);
    await row.waitFor();
    expect(await row.getByRole('button', { name: '转出记录' }).isDisabled()).toBe(true);

    await row.getByRole('button', { name: '转出', exact: true }).click();
    const transfer = dialogTitled(page, '转出');
    await transfer.waitFor();
    await transfer.getByRole('button', { name: /确\s*定/ }).click();
    await transfer.getByText('请选择转入企业', { exact: true }).last().waitFor();
    await pick(page, '转入企业', company, company.slice(0, 4));
    // the choice clears the message
    await transfer.getByText('请选择转入企业', { exact: true }).last().waitFor({ state: 'detached' });
    await screenshot(page, 'person-transfer');
    await transfer.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message').getByText('操作成功').waitFor();
    await transfer.waitFor({ state: 'hidden' });

    await expect.poll(() => row.getByRole('button', { name: '转出记录' }).isEnabled(), POLL).toBe(true);
    await row.getByRole('button', { name: '转出记录' }).click();
    const records2 = dialogTitled(page, '转出记录');
    await records2.locator('tr.ant-table-row').getByText(company).waitFor();
    await screenshot(page, 'person-transfer-records');
    await closeDialog(records2);
    await records2.waitFor({ state: 'hidden' });
  });

  it('the staff ban the person and enable it again', async () => {
    const { page } = staff;
    const row = rowOf(page, person.id);
    await row.getByRole('button', { name: '禁用' }).click();
    await confirmIn(page, `确定禁用自然人“${person.name}”吗？`);
    await row.getByText('已禁用').waitFor();
    await row.getByRole('button', { name: '启用' }).click();
    await confirmIn(page, `确定启用自然人“${person.name}”吗？`);
    await row.getByText('正常', { exact: true }).waitFor();
  });

  it('the staff open the detail: the account masked and the record tabs', async () => {
    const { page } = staff;
    await rowOf(page, person.id).getByRole('button', { name: '详情' }).click();
    await page.waitForURL(/#\/personManage\/person\/detail\?id=/);
    await page.getByText(`自然人详情 - ${person.name}`).waitFor();
    for (const block of ['登录信息', '认证信息', '银行卡信息', '其他信息']) {
      await page.locator('.person-block .ant-card-head-title', { hasText: block }).waitFor();
    }
    const idCard = page
      .locator('.ant-descriptions-item', { hasText: '身份证号' })
      .locator('.ant-descriptions-item-content');
    expect(await idCard.textContent()).toMatch(/\*/);
    await expect.poll(() => page.locator('.ant-message-notice').count(), POLL).toBe(0);
    await screenshot(page, 'person-detail-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'person-detail-1280');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.locator('.ant-tabs-tab', { hasText: '协议记录' }).click();
    await page.waitForURL(/tab=agreements/);
    // the demo's persons have signed the platform's agreements
    await page.locator('[role=tabpanel] tr.ant-table-row').first().waitFor();
    await screenshot(page, 'person-agreements');
    // each record tab shows its own table (a column only it has)
    for (const [tab, column] of [
      ['众包任务记录', '任务编号'],
      ['结算记录', '子结算单号'],
      ['完税凭证记录', '税款所属期'],
    ]) {
      await page.locator('.ant-tabs-tab', { hasText: tab }).click();
      await page.locator('[role=tabpanel] th', { hasText: column }).first().waitFor();
    }
  });

  it('导出附件 of a paid line downloads 子结算单附件.zip with the photos of the person’s tasks', async () => {
    const { page } = staff;
    const token = (await storedToken(page)) as string;
    // a paid line of the demo whose tasks have photos: the server answers its zip
    const settlements = await api<{ records: Array<{ id: number; auditStatus: number }> }>(
      page,
      '/api/sys/order/getSettlementPage?pageNo=1&pageSize=50&auditStatus=2',
    );
    let found: { userId: number; subOrderNum: string } | undefined;
    for (const settlement of settlements.records) {
      const lines = await api<Array<{ id: number; userId: number; subOrderNum: string; payStatus: number }>>(
        page,
        `/api/sys/order/confirmSettlementDetailList?settlementId=${settlement.id}`,
      );
      for (const line of lines.filter((row) => row.payStatus === 1)) {
        const zip = await fetch(`${BASE_URL}/api/sys/order/exportAttachmentZip?subOrderId=${line.id}`, {
          headers: { 'X-Access-Token': token },
        });
        await zip.arrayBuffer();
        if (zip.status === 200) found = line;
        if (found) break;
      }
      if (found) break;
    }
    expect(found, 'a demo paid line with task photos').toBeTruthy();
    await page.goto(url(`/personManage/person/detail?id=${found?.userId}`));
    await page.locator('.ant-tabs-tab', { hasText: '结算记录' }).click();
    const row = page.locator('[role=tabpanel] tr.ant-table-row', { hasText: found?.subOrderNum ?? '' });
    await row.waitFor();
    await screenshot(page, 'person-settlement-records');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: '导出附件' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('子结算单附件.zip');
    const bytes = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    });
    // a zip: its local file header
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  });

  it('a task of a person opens its 阅读记录 from 众包任务记录', async () => {
    const { page } = staff;
    // a person who read a material on a task (the demo's 品牌宣传 tasks record their openings)
    const tasks = await api<{
      records: Array<{ id: number; taskSn: string; userId: number | null; visitType: string }>;
    }>(page, '/api/sys/task/queryList?pageNo=1&pageSize=100');
    const task =
      tasks.records.find((row) => row.userId !== null && row.visitType.startsWith('品牌宣传')) ??
      tasks.records.find((row) => row.userId !== null);
    expect(task, 'a demo task done by a person').toBeTruthy();
    await page.goto(url(`/personManage/person/detail?id=${task?.userId}`));
    await page.locator('.ant-tabs-tab', { hasText: '众包任务记录' }).click();
    const row = page.locator('[role=tabpanel] tr.ant-table-row', { hasText: task?.taskSn ?? '' });
    await row.getByRole('button', { name: '阅读记录' }).click();
    const reading = page.locator('.ant-modal').filter({ hasText: '阅读记录' });
    await reading.locator('th', { hasText: '阅读时长' }).waitFor();
    await reading.locator('.ant-table-row, .ant-empty').first().waitFor();
    await screenshot(page, 'person-reading-records');
    await reading
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await reading.waitFor({ state: 'hidden' });

    // 详情 opens the task in place; its 服务人员 opens the person nested, with 返回 back to the task
    await row.getByRole('button', { name: '详情' }).click();
    const personBlock = page.locator('.task-block', { hasText: '人员信息' });
    await personBlock.waitFor();
    await personBlock.locator('button.task-inline-link').click();
    const nested = page.locator('.page-card:visible .ant-card-head');
    await nested.getByRole('button', { name: /返\s*回/ }).waitFor();
    await screenshot(page, 'person-nested-view');
    await nested.getByRole('button', { name: /返\s*回/ }).click();
    await personBlock.waitFor();
    await page
      .locator('.task-header')
      .getByRole('button', { name: /返\s*回/ })
      .click();
    await page.locator('[role=tabpanel] tr.ant-table-row', { hasText: task?.taskSn ?? '' }).waitFor();
  });

  it('the operator reads a person’s account in the clear after the desensitization check', async () => {
    const { page } = admin;
    await page.goto(url(`/personManage/person/detail?id=${person.id}`));
    await page.getByText(`自然人详情 - ${person.name}`).waitFor();
    await unmaskView(page, ACCOUNTS.admin);
    const idCard = page
      .locator('.ant-descriptions-item', { hasText: '身份证号' })
      .locator('.ant-descriptions-item-content');
    await expect.poll(() => idCard.textContent(), POLL).toMatch(/^\d{17}[\dX]$/);
    await screenshot(page, 'person-detail-unmasked');

    // 编辑 in the clear: a new login phone for the person
    const phone = `139${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    await page
      .locator('.person-actions')
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    const edit = dialogTitled(page, '编辑自然人');
    await edit.getByPlaceholder('请输入手机号').fill(phone);
    await screenshot(page, 'person-edit');
    await edit.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message-notice', { hasText: '保存成功' }).waitFor();
    await edit.waitFor({ state: 'hidden' });
    const login = page
      .locator('.ant-descriptions-item', { hasText: '登录账号' })
      .locator('.ant-descriptions-item-content');
    await expect.poll(() => login.textContent(), POLL).toBe(phone);
  });

  it('the operator sees the README worker’s materials: the ID sides in the clear, a certificate’s files', async () => {
    const { page } = admin;
    const found = await api<{ records: PersonRow[] }>(
      page,
      '/api/sys/person/list?pageNo=1&pageSize=10&phone=13700000001',
    );
    const worker = found.records[0];
    expect(worker, 'the README worker').toBeTruthy();
    await page.goto(url(`/personManage/person/detail?id=${worker.id}`));
    await page.getByText(`自然人详情 - ${worker.name}`).waitFor();
    // in the clear from the check above while its token lasts; otherwise checked again here
    if (await page.getByRole('button', { name: '脱敏查看' }).isVisible()) await unmaskView(page, ACCOUNTS.admin);
    await page.getByText('明文显示中').waitFor();
    const front = page.getByRole('img', { name: '身份证人像面' });
    await front.waitFor();
    await expect.poll(() => front.evaluate((img) => (img as HTMLImageElement).naturalWidth), POLL).toBeGreaterThan(0);
    await page.getByRole('button', { name: '执业药师资格证书' }).click();
    const files = page.locator('.ant-modal').filter({ hasText: '执业药师资格证书.png' });
    await files.waitFor();
    await screenshot(page, 'person-materials-1440');
    await closeDialog(files);
  });
});
