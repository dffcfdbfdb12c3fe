/**
 * Issue 11 items 5 and 6, the task detail: the enterprise publishes a procurement task with a
 * planned point, the README's worker does it through the worker API (photos, check-in about 100 m
 * off, check-out, a photo group), and the platform's staff open its detail from the row of the task
 * list: the map draws the three points with their distances and names the district of a click; the
 * photos load through their signed links. Then the demo's phone visit opens the 730-wide call
 * records dialog, the demo's survey the 640-wide submission detail (no 打印 on a survey), the demo's
 * department meeting its attendee table; a certified customer's verified badge the 780-wide
 * customer verification info; the enterprise opens the detail from its own list.
 * Screenshots at 1440x900 and 1280x720.
 */
import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  BASE_URL,
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
const PLANNED = { lat: 30.2776, lng: 120.1253 };
/** A 4x4 PNG, the worker's photos. */
const PHOTO = 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGPQ6w6HIwbiOAC3sxEBvcZG2wAAAABJRU5ErkJggg==';
const title = `终端陈列核查${Date.now() % 100000}`;

let browser: Browser;
let enterprise: { context: BrowserContext; page: Page };
let staff: { context: BrowserContext; page: Page };
let projectId: number;
let taskId: number;

const chinaTime = (epoch: number) => new Date(epoch + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');

interface ListRow {
  id: number;
  visitTypeId: string;
  auditStatus: number;
}

/** A demo task of the type on the staff's platform, reviewed (so it was submitted with its records). */
async function demoTask(visitTypeId: string): Promise<number> {
  const token = (await storedToken(staff.page)) as string;
  const answer = await callApi<{ records: ListRow[] }>(
    `/api/sys/task/queryList?projectId=${projectId}&visitTypeId=${visitTypeId}&auditStatus=2&pageSize=5`,
    { token },
  );
  expect(answer.result.records.length, `a reviewed demo ${visitTypeId} task`).toBeGreaterThan(0);
  return answer.result.records[0].id;
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

describe('the task detail', () => {
  it('a procurement task is published and done through the worker API', async () => {
    const token = (await storedToken(enterprise.page)) as string;
    const projects = await callApi<{ records: { id: number; tenantId: number; tenantName: string }[] }>(
      '/api/sys/project/queryList?projectName=全渠道终端服务示范项目&projectStatus=4',
      { token },
    );
    const project = projects.result.records[0];
    expect(project?.tenantName).toBe('华东众包服务平台');
    projectId = project.id;
    const published = await callApi<{ id: number }>('/api/sys/task/publish', {
      method: 'POST',
      token,
      body: {
        requestId: crypto.randomUUID(),
        projectId,
        visitTypeId: 'cgfw',
        title,
        content: '核查门店陈列与价签，拍摄货架照片',
        cusName: '王建国',
        department: '采购部',
        orgName: '杭州西湖区文新社区卫生服务中心',
        productName: '阿莫西林胶囊',
        province: '浙江省',
        city: '杭州市',
        area: '西湖区',
        address: '文三路 478 号华星时代广场',
        lat: PLANNED.lat,
        lng: PLANNED.lng,
        startTime: chinaTime(Date.now() - HOUR),
        endTime: chinaTime(Date.now() + 48 * HOUR),
      },
    });
    expect(published.success, published.message).toBe(true);
    taskId = published.result.id;

    const worker = await workerLogin(enterprise.page, project.tenantId);
    const post = async <T>(path: string, body: object) => {
      const answer = await callApi<T>(path, { method: 'POST', token: worker, body });
      expect(answer.success, `${path}: ${answer.message}`).toBe(true);
      return answer.result;
    };
    await post('/api/worker/task/take', { taskId });
    const sign = await post<{ id: number }>('/api/worker/task/photo', {
      taskId,
      kind: 'sign',
      fileName: 'sign.png',
      content: PHOTO,
    });
    await post('/api/worker/task/checkIn', {
      taskId,
      lat: PLANNED.lat + 0.0009,
      lng: PLANNED.lng + 0.0004,
      address: '文三路 508 号',
      photoIds: [sign.id],
    });
    // the app reports two positions on the way (the track)
    for (const [north, east] of [
      [0.0004, 0.0007],
      [-0.0001, 0.001],
    ]) {
      await post('/api/worker/task/position', {
        taskId,
        requestId: crypto.randomUUID(),
        lat: PLANNED.lat + north,
        lng: PLANNED.lng + east,
        address: '文三路',
      });
    }
    await post('/api/worker/task/checkOut', {
      taskId,
      lat: PLANNED.lat - 0.0006,
      lng: PLANNED.lng + 0.0012,
      address: '文三路 452 号',
    });
    const shelf = await post<{ id: number }>('/api/worker/task/photo', {
      taskId,
      kind: 'other',
      fileName: 'shelf.png',
      content: PHOTO,
    });
    const submitted = await post<{ status: number; auditStatus: number }>('/api/worker/task/submit', {
      taskId,
      requestId: crypto.randomUUID(),
      sumUp: '陈列核查完成，价签齐全',
      content: '货架第二层缺货两个品规，已告知店长补货',
      photoGroups: [{ name: '货架照片', photoIds: [shelf.id] }],
    });
    expect(submitted.status).toBe(2);
  });

  it('the staff open it from the task list row: the map, the distances, an address for a click', async () => {
    const { page } = staff;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(url(`/projectManage/task/list?projectId=${projectId}`));
    const row = page.locator('tr').filter({ hasText: title });
    await row.waitFor();
    await row.getByRole('button', { name: /详\s*情/ }).click();
    await page.waitForURL(new RegExp(`#/projectManage/task/detail\\?id=${taskId}$`));
    await page.getByText(title).first().waitFor();
    // planned, check-in and check-out as markers, two dashed lines to the planned point, and the
    // two reported positions on the track between check-in and check-out
    const map = page.getByTestId('task-map');
    await map.waitFor();
    await expect.poll(() => map.locator('path.leaflet-interactive').count()).toBe(5);
    expect(await map.locator('path.task-map-track-point').count()).toBe(2);
    await page.locator('.task-map-legend').getByText('轨迹点（2个）').waitFor();
    await map.getByText(/签到地点 · 距计划地点\d+ 米/).waitFor();
    await map.getByText(/签退地点 · 距计划地点\d+ 米/).waitFor();
    await page.getByText('开始记录').waitFor();
    await page.getByText('结束记录').waitFor();
    // the check-in photo loads through its signed link
    const photo = page.locator('.task-sign-record img').first();
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(4);
    // a click beside the points: the offline geocoder names the district
    await map.scrollIntoViewIfNeeded();
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has no box');
    await page.mouse.click(box.x + 220, box.y + box.height - 60);
    await page.locator('.leaflet-popup-content').getByText('浙江省杭州市西湖区').waitFor();
    await screenshot(page, 'task-detail-map-1440');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('.console-page').evaluate((element) => element.scrollTo?.(0, 0));
    await screenshot(page, 'task-detail-1440');
    // the photos as one zip, named by the task's number
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /下载照片及附件/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^RW\d+-附件-\d{4}-\d{2}-\d{2}\.zip$/);
    // the records below the map: start and end records with their photos, the photo group
    await page.getByText('反馈与记录').scrollIntoViewIfNeeded();
    await page.getByText('货架照片', { exact: true }).waitFor();
    await screenshot(page, 'task-detail-records-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByText('人员信息').scrollIntoViewIfNeeded();
    await screenshot(page, 'task-detail-1280');
    // 打印 is there for a procurement task; printed, the page drops the console's chrome and buttons
    expect(await page.getByRole('button', { name: /打\s*印/ }).count()).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.console-header').isVisible()).toBe(false);
    expect(await page.locator('.console-sider').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: /打\s*印/ }).isVisible()).toBe(false);
    expect(await page.getByText('人员信息').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
  });

  it('a phone visit opens the 730-wide call records dialog', async () => {
    const { page } = staff;
    await page.setViewportSize({ width: 1440, height: 900 });
    const id = await demoTask('dhbf');
    await page.goto(url(`/projectManage/task/detail?id=${id}`));
    await page.getByRole('button', { name: /^通话记录 \d+ 条$/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '通话记录' });
    await dialog.getByText('057188001234').waitFor();
    await dialog.getByText('呼出').waitFor();
    // once the opening animation has ended
    await expect.poll(() => dialog.evaluate((element) => Math.round(element.getBoundingClientRect().width))).toBe(730);
    await expect.poll(() => dialog.evaluate((element) => element.getAnimations({ subtree: true }).length)).toBe(0);
    await screenshot(page, 'task-records-dialog-1440');
    await dialog
      .getByRole('button', { name: /关\s*闭/ })
      .last()
      .click();
    // a phone visit has no photos: the download says so
    await page.getByRole('button', { name: /下载照片及附件/ }).click();
    await page.locator('.ant-message').getByText('暂无附件数据').waitFor();
  });

  it('a survey opens its 640-wide submission detail and has no print button', async () => {
    const { page } = staff;
    const id = await demoTask('wjdy');
    await page.goto(url(`/projectManage/task/detail?id=${id}`));
    await page.getByText('使用资料').waitFor();
    expect(await page.getByRole('button', { name: /打\s*印/ }).count()).toBe(0);
    await page
      .getByRole('button', { name: /提交详情/ })
      .first()
      .click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '提交详情' });
    await dialog.locator('.survey-question-name').first().waitFor();
    expect(await dialog.locator('.survey-question-name').first().textContent()).toMatch(/^1\. /);
    await expect.poll(() => dialog.evaluate((element) => Math.round(element.getBoundingClientRect().width))).toBe(640);
    await dialog.getByRole('button', { name: /打\s*印/ }).waitFor();
    await expect.poll(() => dialog.evaluate((element) => element.getAnimations({ subtree: true }).length)).toBe(0);
    await screenshot(page, 'task-survey-dialog-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'task-survey-dialog-1280');
    // printed through its 打印 (printOnly marks the body): the dialog alone, without its buttons
    await page.evaluate(() => document.body.classList.add('printing-dialog'));
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('#root').isVisible()).toBe(false);
    expect(await dialog.locator('.survey-question-name').first().isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: /打\s*印/ }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => document.body.classList.remove('printing-dialog'));
  });

  it('a survey answered in the app with a picture and a file shows them in its submission detail', async () => {
    const token = (await storedToken(enterprise.page)) as string;
    const added = await callApi<{ id: number }>('/api/sys/resource/add', {
      method: 'POST',
      token,
      body: {
        type: 2,
        title: `门店资质调研${Date.now() % 100000}`,
        questionList: [
          { subjectType: 17, subjectName: '请上传门店陈列照片', required: 1 },
          { subjectType: 16, subjectName: '请上传药品经营许可证', required: 1 },
        ],
      },
    });
    expect(added.success, added.message).toBe(true);
    const content = await callApi<{ questionList: { id: number }[] }>(
      `/api/sys/resource/queryById?id=${added.result.id}`,
      { token },
    );
    const [pictureQ, fileQ] = content.result.questionList.map((question) => question.id);
    const published = await callApi<{ id: number }>('/api/sys/task/publish', {
      method: 'POST',
      token,
      body: {
        requestId: crypto.randomUUID(),
        projectId,
        visitTypeId: 'wjdy',
        title: '门店资质问卷',
        resourceId: added.result.id,
        startTime: chinaTime(Date.now() - HOUR),
        endTime: chinaTime(Date.now() + 48 * HOUR),
      },
    });
    expect(published.success, published.message).toBe(true);
    const surveyTask = published.result.id;
    const projects = await callApi<{ records: { id: number; tenantId: number }[] }>(
      '/api/sys/project/queryList?projectName=全渠道终端服务示范项目&projectStatus=4',
      { token },
    );
    const tenantId = projects.result.records.find((row) => row.id === projectId)?.tenantId as number;
    const worker = await workerLogin(enterprise.page, tenantId);
    const post = async <T>(path: string, body: object) => {
      const answer = await callApi<T>(path, { method: 'POST', token: worker, body });
      expect(answer.success, `${path}: ${answer.message}`).toBe(true);
      return answer.result;
    };
    await post('/api/worker/task/take', { taskId: surveyTask });
    const picture = await post<{ id: number }>('/api/worker/task/surveyFile', {
      taskId: surveyTask,
      questionId: pictureQ,
      fileName: '门店陈列.png',
      content: PHOTO,
    });
    const licence = await post<{ id: number }>('/api/worker/task/surveyFile', {
      taskId: surveyTask,
      questionId: fileQ,
      fileName: '药品经营许可证.pdf',
      content: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64'),
    });
    await post('/api/worker/task/submit', {
      taskId: surveyTask,
      requestId: crypto.randomUUID(),
      answers: [
        { questionId: pictureQ, fileIds: [picture.id] },
        { questionId: fileQ, fileIds: [licence.id] },
      ],
    });

    const { page } = staff;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(url(`/projectManage/task/detail?id=${surveyTask}`));
    await page
      .getByRole('button', { name: /提交详情/ })
      .first()
      .click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '提交详情' });
    const image = dialog.getByAltText('门店陈列.png');
    await image.waitFor();
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const link = dialog.getByRole('link', { name: '药品经营许可证.pdf' });
    const href = (await link.getAttribute('href')) as string;
    const file = await fetch(`${BASE_URL}${href}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    await expect.poll(() => dialog.evaluate((element) => element.getAnimations({ subtree: true }).length)).toBe(0);
    await screenshot(page, 'task-survey-files-1440');
    await dialog
      .getByRole('button', { name: /关\s*闭/ })
      .last()
      .click();
  });

  it('the verified badge of a certified customer opens the 780-wide verification info', async () => {
    const { page } = staff;
    await page.setViewportSize({ width: 1440, height: 900 });
    const token = (await storedToken(page)) as string;
    const list = await callApi<{ records: ListRow[] }>(`/api/sys/task/queryList?projectId=${projectId}&pageSize=50`, {
      token,
    });
    let certified: number | null = null;
    for (const row of list.result.records) {
      const detail = await callApi<{ cusIsAuth: number; cusId: number | null }>(
        `/api/sys/task/queryById?id=${row.id}`,
        {
          token,
        },
      );
      if (detail.result.cusIsAuth === 1 && detail.result.cusId !== null) {
        certified = row.id;
        break;
      }
    }
    expect(certified, 'a demo task serving a certified customer').not.toBeNull();
    await page.goto(url(`/projectManage/task/detail?id=${certified}`));
    await page.locator('.customer-verified-badge').first().click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '客户详情' });
    await dialog.getByText('执业证书编号').waitFor();
    await dialog.getByText('审核信息').waitFor();
    await dialog.getByText('医院', { exact: true }).waitFor();
    // the certificate photo loads through its signed link
    await expect
      .poll(() =>
        dialog.locator('img.customer-cert-image').evaluate((image) => (image as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await expect.poll(() => dialog.evaluate((element) => Math.round(element.getBoundingClientRect().width))).toBe(780);
    await expect.poll(() => dialog.evaluate((element) => element.getAnimations({ subtree: true }).length)).toBe(0);
    await screenshot(page, 'customer-verification-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'customer-verification-1280');
    // a click outside does not close it; 关闭 does
    await page.mouse.click(20, 700);
    expect(await dialog.isVisible()).toBe(true);
    await dialog
      .getByRole('button', { name: /关\s*闭/ })
      .last()
      .click();
    await dialog.waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('a department meeting shows its attendee table', async () => {
    const { page } = staff;
    await page.setViewportSize({ width: 1440, height: 900 });
    const id = await demoTask('xueShu_keShi');
    await page.goto(url(`/projectManage/task/detail?id=${id}`));
    const attendees = page.locator('.ant-card').filter({ hasText: '参会人员' });
    await attendees.getByText('周明').waitFor();
    await attendees.getByText('110330100012345').waitFor();
    await page.getByText('会议信息').waitFor();
    await screenshot(page, 'task-meeting-1440');
  });

  it('the enterprise opens the detail from its own task list', async () => {
    const { page } = enterprise;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(url('/projectManage/task/list'));
    const row = page.locator('tr').filter({ hasText: title });
    await row.getByRole('button', { name: /详\s*情/ }).click();
    await page.getByText('客户信息').waitFor();
    await page.getByTestId('task-map').waitFor();
    await screenshot(page, 'task-detail-enterprise-1280');
  });
});
