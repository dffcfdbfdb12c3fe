/**
 * Issue 11, tasks: the enterprise publishes a task on its live project, a natural person does it
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
  launchBrowser,
  openPage,
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
  it('the enterprise publishes it and the person does it through the worker API', async () => {
    const token = (await storedToken(enterprise.page)) as string;
    const projects = await callApi<{ records: { id: number; tenantId: number; tenantName: string }[] }>(
      '/api/sys/project/queryList?projectName=全渠道终端服务示范项目&projectStatus=4',
      { token },
    );
    const project = projects.result.records[0];
    expect(project?.tenantName).toBe('华东众包服务平台');
    const published = await callApi<{ id: number }>('/api/sys/task/publish', {
      method: 'POST',
      token,
      body: {
        requestId: crypto.randomUUID(),
        projectId: project.id,
        visitTypeId: 'other',
        title,
        content: '复查门店陈列并记录',
        startTime: chinaTime(Date.now() - HOUR),
        endTime: chinaTime(Date.now() + 48 * HOUR),
      },
    });
    expect(published.success, published.message).toBe(true);
    taskId = published.result.id;
    projectId = project.id;

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
