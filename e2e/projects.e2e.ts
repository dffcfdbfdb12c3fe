/**
 * Issue 11, projects: the enterprise creates a project on its create page, the platform's staff
 * review it on the detail page, and the detail shows 进行中. Screenshots of the detail, the summary,
 * the create page and the list at 1440x900 and 1280x720.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, callApi, launchBrowser, openPage, route, screenshot, signIn, storedToken, url } from './support';

let browser: Browser;
let enterprise: { context: BrowserContext; page: Page };
let staff: { context: BrowserContext; page: Page };
let projectId: number;
const projectName = `眼科患者教育项目${Date.now() % 100000}`;

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

const block = (page: Page, title: string) => page.locator('.project-block').filter({ hasText: title }).first();
const saveBlock = (page: Page, title: string) =>
  block(page, title)
    .getByRole('button', { name: /保\s*存/ })
    .click();

describe('a project from creation to 进行中', () => {
  it('the enterprise creates it: each block saved, then 提交审核', async () => {
    const { page } = enterprise;
    await page.goto(url('/projectManage/project/create'));
    const basic = block(page, '基础信息');
    await basic.waitFor();

    // submitting with nothing saved names the first thing missing
    await page.getByRole('button', { name: '提交审核' }).click();
    await page.locator('.ant-message').getByText('请选择税源地').waitFor();

    await basic.getByPlaceholder('请输入项目名称').fill(projectName);
    await basic.getByPlaceholder('请输入所属行业').fill('医药');
    const range = basic.locator('.ant-picker-range input');
    await range.nth(0).click();
    await range.nth(0).fill('2026-12-01');
    await range.nth(1).click();
    await range.nth(1).fill('2027-05-31');
    await range.nth(1).press('Enter');
    await basic.getByLabel('最少人数').fill('5');
    await basic.getByLabel('最多人数').fill('3000');
    await basic.getByRole('button', { name: '选择税源地' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '请选择税源地' });
    await dialog.locator('.tax-source-option').first().click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await saveBlock(page, '基础信息');
    await basic.getByText('请输入2000以下的报酬预算').waitFor();
    await basic.getByLabel('最多人数').fill('60');
    await saveBlock(page, '基础信息');
    await basic.getByText('5 ~ 60 人').waitFor();

    const types = block(page, '服务类型');
    await types.locator('.ant-select').first().click();
    await page.locator('.ant-select-dropdown').getByText('电话拜访', { exact: true }).click();
    await types.getByPlaceholder('请输入服务描述').fill('电话回访医生，了解用药反馈并记录通话要点。');
    await saveBlock(page, '服务类型');
    await types.getByText('电话回访医生，了解用药反馈并记录通话要点。').waitFor();

    await page.getByRole('button', { name: '提交审核' }).click();
    // the toast lives 3 s: a locator wait sees it appear however slow the machine is
    await page.locator('.ant-message-notice', { hasText: '请保存补充信息' }).waitFor({ timeout: 30_000 });
    const text = block(page, '补充信息');
    // the description in the rich text editor, one word made bold from its toolbar
    const editor = text.getByRole('textbox', { name: '项目描述' });
    await editor.fill('面向华东地区眼科门诊的患者教育与随访。');
    await editor.selectText();
    await text.getByRole('button', { name: '加粗' }).click();
    // a Word or PDF attachment through the upload call
    await text.locator('input[type="file"]').setInputFiles({
      name: '项目执行说明.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await text.locator('.file-upload').getByText('项目执行说明.pdf').waitFor();
    await saveBlock(page, '补充信息');
    // the browser's bold is <b> or <strong>; the allowlist keeps both
    await text
      .locator('.project-rich-text')
      .locator('b, strong')
      .getByText('面向华东地区眼科门诊的患者教育与随访。')
      .waitFor();
    await text.getByRole('link', { name: /项目执行说明\.pdf/ }).waitFor();
    await screenshot(page, 'project-create-1440');

    await page.getByRole('button', { name: '提交审核' }).click();
    await page.waitForURL(/#\/projectManage\/project\/detail\?id=\d+/);
    projectId = Number(new URL(page.url().replace('#', '')).searchParams.get('id'));
    await page.locator('.project-header').getByText('待审核').waitFor();
    expect(route(page)).toBe('/projectManage/project/detail');
    // the enterprise cannot edit or review
    expect(await page.getByRole('button', { name: /编\s*辑/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '开始审核' }).count()).toBe(0);
  });

  it('the platform reviews it and the detail shows 进行中', async () => {
    const { page } = staff;
    await page.goto(url(`/projectManage/project/detail?id=${projectId}`));
    await page.locator('.project-title').getByText(projectName).waitFor();
    await page.getByRole('button', { name: '开始审核' }).click();
    await page.locator('.project-header').getByText('审核中').waitFor();
    await page.getByRole('button', { name: /^审\s*核$/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '项目审核' });
    await dialog.getByText('通过', { exact: true }).click();
    await dialog.getByPlaceholder('审核意见（选填）').fill('资料齐全，同意开展');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.project-header').getByText('进行中').waitFor();
    await block(page, '审核记录').getByText('资料齐全，同意开展').waitFor();
    // the enterprise's attachment opens for the platform's staff through its signed link
    const attachment = block(page, '补充信息').getByRole('link', { name: /项目执行说明\.pdf/ });
    const opened = await page.request.get(new URL((await attachment.getAttribute('href')) ?? '', page.url()).href);
    expect(opened.headers()['content-type']).toBe('application/pdf');

    // platform staff with projectManage:pro:modify edit a block in status 4: cancel restores, save returns to view
    const basic = block(page, '基础信息');
    await basic.getByRole('button', { name: /编\s*辑/ }).click();
    await basic.getByPlaceholder('请输入项目名称').fill('临时改名');
    await basic.getByRole('button', { name: /取\s*消/ }).click();
    await basic.getByText(projectName).waitFor();
    await screenshot(page, 'project-detail-1440');

    await enterprise.page.reload();
    await enterprise.page.locator('.project-header').getByText('进行中').waitFor();
  });

  it('the list opens the detail and the summary; screenshots at both sizes', async () => {
    const { page } = staff;
    await page.goto(url('/projectManage/project/list'));
    const row = page.locator('.list-page tbody tr.ant-table-row').filter({ hasText: projectName });
    await row.getByRole('button', { name: '项目汇总' }).click();
    await page.waitForURL(/#\/projectManage\/project\/summary\?id=\d+/);
    await page.locator('.summary-block').first().waitFor();
    await page.getByText('协议信息').waitFor();
    await screenshot(page, 'project-summary-1440');
    await page.goto(url('/projectManage/project/list'));
    await page.locator('.list-page tbody tr.ant-table-row').filter({ hasText: projectName }).waitFor();
    await screenshot(page, 'project-list-1440');

    await page.setViewportSize({ width: 1280, height: 720 });
    await page
      .locator('.list-page tbody tr.ant-table-row')
      .filter({ hasText: projectName })
      .getByRole('button', { name: projectName })
      .click();
    await page.locator('.project-title').getByText(projectName).waitFor();
    await screenshot(page, 'project-detail-1280');
    await page.goto(url(`/projectManage/project/summary?id=${projectId}`));
    await page.locator('.summary-block').first().waitFor();
    await screenshot(page, 'project-summary-1280');
    await page.goto(url('/projectManage/project/list'));
    await page.locator('.list-page tbody tr.ant-table-row').first().waitFor();
    await screenshot(page, 'project-list-1280');
    await enterprise.page.setViewportSize({ width: 1280, height: 720 });
    await enterprise.page.goto(url('/projectManage/project/create'));
    await block(enterprise.page, '基础信息').waitFor();
    await screenshot(enterprise.page, 'project-create-1280');

    // 协议信息's 查看全部: the person agreements of a demo project that has some
    const token = (await storedToken(page)) as string;
    const projects = await callApi<{ records: Array<{ id: number }> }>(
      '/api/sys/project/queryList?pageNo=1&pageSize=50',
      {
        token,
      },
    );
    let withAgreements: number | undefined;
    for (const { id } of projects.result.records) {
      const summary = await callApi<{ agreement: { agreementTotal: number } }>(
        `/api/sys/project/summary?projectId=${id}`,
        { token },
      );
      if (summary.result.agreement.agreementTotal > 0) {
        withAgreements = id;
        break;
      }
    }
    expect(withAgreements, 'a demo project with person agreements').toBeTruthy();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(url(`/projectManage/project/summary?id=${withAgreements}`));
    await page.locator('.summary-block', { hasText: '协议信息' }).getByRole('button', { name: '查看全部' }).click();
    await page.waitForURL(/pageType=2/);
    await page.locator('.list-page tbody tr.ant-table-row').first().waitFor();
    await screenshot(page, 'project-summary-agreements');

    // an id that is not the viewer's reads 项目不存在
    await page.goto(url('/projectManage/project/detail?id=99999999'));
    await page.locator('.ant-result-title').getByText('项目不存在').waitFor();
  });
});
