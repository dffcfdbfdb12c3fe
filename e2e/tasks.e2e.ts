/**
 * Issue 11, tasks: the enterprise publishes a task on its live project (发布任务), a natural person does it
 * through the worker API (sign in, take, check in, submit: the automatic audit passes it), and the
 * platform's staff approve it on the task list in the browser. Screenshots of the list at 1440x900
 * and 1280x720.
 */
import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  callApi,
  formItem,
  launchBrowser,
  openPage,
  pick,
  route,
  screenshot,
  signIn,
  storedToken,
  url,
  workerLogin,
} from './support';

const HOUR = 3_600_000;
const title = `药店陈列复查${Date.now() % 100000}`;

let browser: Browser;
let enterprise: { context: BrowserContext; page: Page };
let staff: { context: BrowserContext; page: Page };
let workerToken: string;
let taskId: number;
let projectId: number;

const chinaTime = (epoch: number) => new Date(epoch + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');

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

describe('a task from publishing to 审核通过', () => {
  it('the enterprise publishes it on 发布任务 and the person does it through the worker API', async () => {
    const { page } = enterprise;
    const token = (await storedToken(page)) as string;
    const projects = await callApi<{ records: { id: number; tenantId: number; tenantName: string }[] }>(
      '/api/sys/project/queryList?projectName=全渠道终端服务示范项目&projectStatus=4',
      { token },
    );
    const project = projects.result.records[0];
    expect(project?.tenantName).toBe('华东众包服务平台');
    const detail = await callApi<{ visitTypeList: { visitId: string; serviceTypeName: string }[] }>(
      `/api/sys/project/queryById?projectId=${project.id}`,
      { token },
    );
    const other = detail.result.visitTypeList.find((type) => type.visitId === 'other');
    expect(other, 'the demo project offers the other service type').toBeTruthy();

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(url('/projectManage/task/list'));
    await page.getByRole('button', { name: /发布任务/ }).click();
    await page.waitForURL(/#\/projectManage\/task\/publish$/);
    await page.locator('.ant-card-head').getByText('发布任务').waitFor();
    // nothing filled: the form says what is missing and sends nothing
    await page
      .locator('.task-publish-actions')
      .getByRole('button', { name: /发布任务/ })
      .click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: '请选择项目' }).waitFor();

    await pick(page, '项目', '全渠道终端服务示范项目', '全渠道终端服务示范项目');
    await pick(page, '服务类型', other?.serviceTypeName ?? '');
    await page.getByPlaceholder('请输入任务标题').fill(title);
    await page.getByPlaceholder('请输入任务内容').fill('复查门店陈列并记录');
    const time = formItem(page, '任务时间');
    await time.getByPlaceholder('开始时间').click();
    await time.getByPlaceholder('开始时间').fill(chinaTime(Date.now() - HOUR));
    await page.keyboard.press('Enter');
    await time.getByPlaceholder('结束时间').fill(chinaTime(Date.now() + 48 * HOUR));
    await page.keyboard.press('Enter');
    await page.getByPlaceholder('请输入任务报酬').fill('60');
    await page.getByPlaceholder('请输入详细地址').fill('解放路848号');
    // every open list has closed (its fade-out) before the picture
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('.ant-select-dropdown, .ant-picker-dropdown')).every(
        (node) =>
          (node.classList.contains('ant-select-dropdown-hidden') ||
            node.classList.contains('ant-picker-dropdown-hidden')) &&
          node.getAnimations().length === 0,
      ),
    );
    await screenshot(page, 'task-publish-1440');
    // Enter confirmed the dates and published nothing: still on the form
    expect(route(page)).toBe('/projectManage/task/publish');
    expect(await page.locator('.ant-message-notice').filter({ hasText: '任务已发布' }).count()).toBe(0);
    const published = page.waitForResponse((response) => response.url().includes('/api/sys/task/publish'));
    await page
      .locator('.task-publish-actions')
      .getByRole('button', { name: /发布任务/ })
      .click();
    const answer = (await (await published).json()) as { success: boolean; message: string; result: { id: number } };
    expect(answer.success, answer.message).toBe(true);
    taskId = answer.result.id;
    projectId = project.id;
    await page.waitForURL(new RegExp(`#/projectManage/task/detail\\?id=${taskId}$`));
    await page.getByText(title).first().waitFor();

    workerToken = await workerLogin(enterprise.page, project.tenantId);
    const open = await callApi<{ records: { id: number }[] }>('/api/worker/task/openList?pageSize=50', {
      token: workerToken,
    });
    expect(open.result.records.map((record) => record.id)).toContain(taskId);
    const taken = await callApi<{ status: number }>('/api/worker/task/take', {
      method: 'POST',
      token: workerToken,
      body: { taskId },
    });
    expect(taken.result.status).toBe(1);
    const submitted = await callApi<{ status: number; auditStatus: number; remarks: string }>(
      '/api/worker/task/submit',
      { method: 'POST', token: workerToken, body: { taskId, requestId: crypto.randomUUID(), sumUp: '陈列复查完成' } },
    );
    expect(submitted.result).toMatchObject({ status: 2, auditStatus: 4, remarks: '' });
    // the worker token opens no console route
    const consoleCall = await callApi('/api/sys/task/queryList', { token: workerToken });
    expect(consoleCall.success).toBe(false);
  });

  it('the platform staff approve it on the task list of the project, opened from its summary', async () => {
    const { page } = staff;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(url(`/projectManage/project/summary?id=${projectId}`));
    await page.getByRole('button', { name: '查看任务' }).click();
    await page.waitForURL(new RegExp(`#/projectManage/task/list\\?projectId=${projectId}$`));
    const row = page.locator('tr').filter({ hasText: title });
    await row.waitFor();
    await row.getByText('AI审核通过', { exact: true }).waitFor();
    await screenshot(page, 'task-list-1440');
    await row.getByRole('button', { name: /通\s*过/ }).click();
    await page.locator('.ant-message').getByText('已审核1个任务').waitFor();
    await row.getByText('审核通过', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /通\s*过/ }).count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'task-list-1280');
  });

  it('the enterprise sees the result on its task list, without review actions', async () => {
    const { page } = enterprise;
    await page.goto(url('/projectManage/task/list'));
    const row = page.locator('tr').filter({ hasText: title });
    await row.getByText('审核通过', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: '批量通过' }).count()).toBe(0);
  });
});

describe('工作地点: the terminals of the ordinary service', () => {
  /** The demo project on the staff's platform and its ordinary service (cgfw), asked as `page`'s user. */
  async function ordinaryService(page: Page) {
    const token = (await storedToken(page)) as string;
    const projects = await callApi<{ records: { id: number }[] }>(
      '/api/sys/project/queryList?projectName=全渠道终端服务示范项目&projectStatus=4',
      { token },
    );
    const id = projects.result.records[0].id;
    const detail = await callApi<{ visitTypeList: { visitId: string; serviceTypeName: string }[] }>(
      `/api/sys/project/queryById?projectId=${id}`,
      { token },
    );
    const cgfw = detail.result.visitTypeList.find((type) => type.visitId === 'cgfw');
    expect(cgfw, 'the demo project offers the ordinary service').toBeTruthy();
    return { id, serviceTypeName: cgfw?.serviceTypeName ?? '' };
  }

  it('the project detail lists them with their addresses', async () => {
    const { page } = staff;
    const project = await ordinaryService(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(url(`/projectManage/project/detail?id=${project.id}`));
    await page.getByRole('button', { name: '查看工作地点' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '工作地点' });
    const row = dialog.locator('tr').filter({ hasText: '南京鼓楼医院' });
    await row.getByText('江苏省 / 南京市 / 鼓楼区').waitFor();
    await row.getByText('中山北路 321 号').waitFor();
    await row.getByText('审核通过').waitFor();
    expect(await dialog.locator('tbody tr.ant-table-row').count()).toBe(5);
    await screenshot(page, 'work-locations-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'work-locations-1280');
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('the enterprise takes a task’s place from one on 发布任务', async () => {
    const { page } = enterprise;
    const project = await ordinaryService(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(url('/projectManage/task/publish'));
    await pick(page, '项目', '全渠道终端服务示范项目', '全渠道终端服务示范项目');
    await pick(page, '服务类型', project.serviceTypeName);
    await page.getByRole('button', { name: '从工作地点选择' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '工作地点' });
    await dialog.locator('tr').filter({ hasText: '南京鼓楼医院' }).getByRole('button', { name: '选择' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await formItem(page, '终端名称').getByRole('combobox').inputValue()).toBe('南京鼓楼医院');
    expect(await page.getByPlaceholder('请输入详细地址').inputValue()).toBe('中山北路 321 号');
    await formItem(page, '所在地区').getByText('江苏省 / 南京市 / 鼓楼区').waitFor();
  });
});
