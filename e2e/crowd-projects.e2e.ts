/**
 * Issue 11's crowdsourcing project list (spec 1 §2; decision 0027): the tenant's staff open 众包项目列表
 * from the menu, the demo company's name opens its 企业信息 (basic info, authentication, paying banks,
 * service fee, risk shown masked), its project count opens the list embedded for that enterprise (comeForm
 * 2, a back button), and a row's 项目汇总 opens the summary. The enterprise opens its own info from its
 * project list and its own 众包项目列表 (its projects, the platform column, no client column). The
 * tenant's staff open 客户审核 (decision 0030) from the menu, view a customer, pass a pending one in the
 * verification dialog and see its status change. Screenshots at 1440x900 and 1280x720.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, clickUntilAt, launchBrowser, openPage, screenshot, signIn, url } from './support';

const COMPANY = '杭州星联医药科技有限公司';

let browser: Browser;
let staff: { context: BrowserContext; page: Page };
let enterprise: { context: BrowserContext; page: Page };

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

describe('the crowdsourcing project list and the enterprise info', () => {
  it('opens from the menu as the search page; the company name opens its info', async () => {
    const { page } = staff;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator('.console-header').getByText('项目管理', { exact: true }).click();
    await clickUntilAt(
      page,
      page.getByRole('menuitem', { name: '众包项目列表' }),
      /#\/projectManage\/project\/crowdList$/,
    );
    const card = page.locator('.page-card').filter({ hasText: '众包项目列表' });
    const row = card.locator('tr').filter({ hasText: '全渠道终端服务示范项目' }).first();
    await row.waitFor();
    expect(await card.getByRole('button', { name: /返\s*回/ }).count()).toBe(0);
    expect(await row.getByRole('button', { name: /详\s*情/ }).count()).toBe(1);
    expect(await row.getByRole('button', { name: /项目汇总/ }).count()).toBe(1);
    await screenshot(page, 'crowd-project-list-1440');

    await row.getByRole('button', { name: COMPANY }).click();
    await page.waitForURL(/#\/projectManage\/project\/enterpriseInfo\?id=\d+&tenantId=\d+$/);
    const info = page.locator('.enterprise-info');
    await info.locator('.enterprise-name').getByText(COMPANY).waitFor();
    await info.getByText('统一社会信用代码').waitFor();
    await info.getByText('结算账户').waitFor();
    // the demo company pays through funded banks on its platform
    expect(await info.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    expect(await info.getByText('服务费', { exact: true }).isVisible()).toBe(true);
    // shown read-only: its edits open on demand (编辑开票信息, 服务费变更, 修改联系电话, 企业风险's 编辑)
    expect(await page.getByRole('button', { name: /保\s*存/ }).count()).toBe(0);
    expect(
      await info.locator('.enterprise-block').filter({ hasText: '企业风险' }).getByText('**', { exact: true }).count(),
    ).toBe(3);
    await screenshot(page, 'enterprise-info-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'enterprise-info-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('the project count opens the list embedded for the enterprise, with a back button', async () => {
    const { page } = staff;
    const info = page.locator('.enterprise-info');
    await info.locator('.enterprise-inline-link').click();
    await page.waitForURL(/#\/projectManage\/project\/crowdList\?enterpriseId=\d+&tenantId=\d+$/);
    // the search page stays open in its own tab: the embedded list is the visible one
    const card = page.locator('.page-card:visible').filter({ hasText: '众包项目列表' });
    await card.locator('tr.ant-table-row').first().waitFor();
    // one enterprise: no client filter, every row its own
    expect(await card.getByLabel('客户', { exact: true }).count()).toBe(0);
    const clients = await card
      .locator('tr.ant-table-row')
      .evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
    expect(clients.every((text) => text.includes(COMPANY))).toBe(true);
    // the embedded query has answered (the search page's rows are not shown faded while it loads)
    await expect.poll(() => card.locator('.ant-spin-spinning').count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'crowd-project-list-embedded-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
    await card.getByRole('button', { name: /返\s*回/ }).click();
    await page.waitForURL(/#\/projectManage\/project\/enterpriseInfo\?/);
    await page.goBack();
    await page.waitForURL(/#\/projectManage\/project\/crowdList$/);
    await page
      .locator('tr')
      .filter({ hasText: '全渠道终端服务示范项目' })
      .first()
      .getByRole('button', { name: /项目汇总/ })
      .click();
    await page.waitForURL(/#\/projectManage\/project\/summary\?id=\d+$/);
  });

  it('the enterprise sees its own info and not another enterprise', async () => {
    const { page } = enterprise;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(url('/projectManage/project/enterpriseInfo?id=999999'));
    await page.locator('.ant-result-title').getByText('企业不存在').waitFor();
  });
});

describe('众包项目列表 on the enterprise side', () => {
  it('opens from the enterprise menu with its own projects, the platform column and no client column', async () => {
    const { page } = enterprise;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(url('/dashboard/analysis'));
    await page.locator('.console-header').getByText('项目管理', { exact: true }).click();
    await clickUntilAt(
      page,
      page.getByRole('menuitem', { name: '众包项目列表' }),
      /#\/projectManage\/project\/crowdList$/,
    );
    const card = page.locator('.page-card:visible').filter({ hasText: '众包项目列表' });
    await card.locator('tr').filter({ hasText: '全渠道终端服务示范项目' }).first().waitFor();
    await card.getByRole('columnheader', { name: '所属平台' }).waitFor();
    expect(await card.getByRole('columnheader', { name: '客户', exact: true }).count()).toBe(0);
    expect(await card.getByLabel('客户', { exact: true }).count()).toBe(0);
    expect(await card.getByRole('button', { name: /新建项目/ }).count()).toBe(0);
    await screenshot(page, 'crowd-project-list-enterprise-1440');
  });
});

describe('客户审核', () => {
  // the demo company's review-list customers (tasks/demo-customers.ts), at the demo terminals
  const PENDING = { name: '马俊', terminal: '老百姓大药房（莫干山路店）' };
  const card = () => staff.page.locator('.page-card:visible').filter({ hasText: '客户审核' });
  const rowOf = (name: string, terminal: string) =>
    card().locator('tr.ant-table-row').filter({ hasText: name }).filter({ hasText: terminal }).first();
  const search = async (name: string) => {
    await card().getByLabel('客户名称').fill(name);
    await card()
      .getByRole('button', { name: /查\s*询/ })
      .click();
  };

  it('opens from the menu; the demo states show; 查看 shows a certified customer', async () => {
    const { page } = staff;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator('.console-header').getByText('客户管理', { exact: true }).click();
    await page.getByRole('menuitem', { name: '客户审核' }).click();
    await page.waitForURL(/#\/customerManage\/customer\/verify$/);
    await card().locator('tr.ant-table-row').first().waitFor();
    await screenshot(page, 'customer-review-list-1440');
    for (const [name, terminal, status] of [
      ['黄丽', '杭州西湖区文新社区卫生服务中心', '审核驳回'],
      ['郑国强', '南京鼓楼医院', '认证驳回'],
      ['孙晓燕', '上海浦东新区人民医院', '待审核'],
    ]) {
      await search(name);
      await rowOf(name, terminal).locator('.status-tag').filter({ hasText: status }).waitFor();
    }
    // the pending doctor can be reviewed; the certified one only viewed
    expect(
      await rowOf('孙晓燕', '上海浦东新区人民医院')
        .getByRole('button', { name: /审\s*核/ })
        .count(),
    ).toBe(1);
    await search('张建华');
    const certified = rowOf('张建华', '上海浦东新区人民医院');
    await certified.locator('.customer-certified').waitFor();
    expect(await certified.getByRole('button', { name: /审\s*核/ }).count()).toBe(0);
    await certified.getByRole('button', { name: /查\s*看/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '客户详情' });
    await dialog.getByText('审核信息').waitFor();
    expect(await dialog.getByRole('button', { name: /通\s*过/ }).count()).toBe(0);
    await dialog.getByRole('button', { name: '关 闭' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('passes a pending customer in the dialog and the list shows its new status', async () => {
    const { page } = staff;
    await search(PENDING.name);
    const row = rowOf(PENDING.name, PENDING.terminal);
    await row.locator('.status-tag').filter({ hasText: '待审核' }).waitFor();
    await row.getByRole('button', { name: /审\s*核/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '客户详情' });
    await dialog.getByLabel('驳回原因').waitFor();
    // the opening animation has ended before the screenshot
    await expect.poll(() => dialog.getAttribute('class')).not.toMatch(/zoom/);
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'customer-review-dialog-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: /通\s*过/ }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '操作成功' }).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row.locator('.status-tag').filter({ hasText: '审核通过' }).waitFor();
    expect(await row.getByRole('button', { name: /审\s*核/ }).count()).toBe(0);
  });
});
