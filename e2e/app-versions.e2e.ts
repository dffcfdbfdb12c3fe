import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apkOf } from '../packages/server/test/file-fixtures';
import { ACCOUNTS, BASE_URL, callApi, launchBrowser, openPage, screenshot, signIn, url } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Starts recording, in the page, every percentage the in-flight upload shows as it changes (a
 * MutationObserver: no change is missed and nothing is sampled on a timer); `seen` reads them.
 */
async function recordProgress(page: Page): Promise<{ seen: () => Promise<number[]> }> {
  await page.locator('.file-upload-item-busy .ant-progress-indicator').waitFor();
  await page.evaluate(() => {
    const seen: number[] = [];
    Object.assign(window, { e2eUploadProgress: seen });
    const read = () => {
      const text = document.querySelector('.file-upload-item-busy .ant-progress-indicator')?.textContent;
      const percent = Number.parseInt(text ?? '', 10);
      if (Number.isFinite(percent) && seen.at(-1) !== percent) seen.push(percent);
    };
    read();
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return {
    seen: () => page.evaluate(() => (window as unknown as { e2eUploadProgress: number[] }).e2eUploadProgress),
  };
}

describe('APP版本管理 and the public download page', () => {
  const apk = apkOf(6 * 1024 * 1024);

  it('uploads an Android package with progress, publishes a version and lists it', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, ACCOUNTS.admin);
    // 系统管理 opens its first page (内容安全); the version page is opened by its address
    await page.locator('.top-bar-menu').getByText('系统管理').click();
    await page.goto(url('/system/app/versions'));
    await page.waitForURL(/#\/system\/app\/versions$/);
    await page.locator('.ant-card-head').getByText('APP版本管理').waitFor();
    await page.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
    await page.getByText('/#/appUpload', { exact: false }).first().waitFor();

    await page.getByRole('button', { name: /发布新版本/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '发布新版本' });
    await dialog.getByText('尚未发布过版本').waitFor();

    // a renamed file is refused on the spot, with the spec-style message
    await dialog.locator('input[type="file"]').setInputFiles({
      name: '安装包.apk',
      mimeType: 'application/vnd.android.package-archive',
      buffer: Buffer.from('%PDF-1.4 not an app'),
    });
    await page.locator('.ant-message-notice').filter({ hasText: '请上传apk格式的安卓安装包' }).waitFor();

    // slow the upload down so its progress can be watched: 1.5 MB/s for a 6 MB package
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1.5 * 1024 * 1024,
    });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: '灵活用工-1.0.0.apk',
      mimeType: 'application/vnd.android.package-archive',
      buffer: apk,
    });
    const progress = await recordProgress(page);
    // part of the way: the state the screenshot shows
    await page.waitForFunction(() =>
      (window as unknown as { e2eUploadProgress: number[] }).e2eUploadProgress.some((p) => p > 0 && p < 100),
    );
    await screenshot(page, 'app-versions-uploading');
    await page.locator('.file-upload-item-busy').waitFor({ state: 'detached' });
    const seen = await progress.seen();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(seen.some((percent) => percent > 0 && percent < 100)).toBe(true);
    expect(Math.max(...seen)).toBeLessThanOrEqual(100);
    // never backwards
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    await dialog.getByRole('button', { name: '灵活用工-1.0.0.apk', exact: true }).waitFor();

    await dialog.getByPlaceholder('例如 2.3.1').fill('1.0.0');
    await dialog
      .getByPlaceholder('https://apps.apple.com/cn/app/...')
      .fill('https://apps.apple.com/cn/app/id1234567890');
    await dialog.getByPlaceholder('请输入更新说明').fill('首个正式版本：任务接单、签到打卡、结算查询。');
    await screenshot(page, 'app-versions-publish-dialog');
    await dialog.getByRole('button', { name: '发 布' }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '发布成功' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.locator('.ant-table-row').filter({ hasText: '1.0.0' });
    await row.getByText('灵活用工-1.0.0.apk（6M）').waitFor();
    await row.getByText('最新').waitFor();
    await screenshot(page, 'app-versions-list');

    // the top bar's APP download QR code now leads to the landing page
    await page.getByRole('button', { name: 'APP下载' }).hover();
    await page.getByText('扫码下载 APP', { exact: true }).waitFor();
    await page.locator('.download-app-qr svg').waitFor();
    await screenshot(page, 'app-download-popover');
    await context.close();
  });

  it('the public /appUpload page offers the version to a visitor without a session', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(url('/appUpload'));
    await page.getByText('v1.0.0').waitFor();
    await page.getByText('首个正式版本：任务接单、签到打卡、结算查询。').waitFor();
    await page.getByText('手机扫码打开本页').waitFor();
    const android = page.getByRole('link', { name: /下载安卓版（6M）/ });
    const href = (await android.getAttribute('href')) as string;
    expect(href).toContain('sign=');
    const download = await fetch(`${BASE_URL}${href}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(apk)).toBe(true);
    expect(await page.getByRole('link', { name: /前往 App Store 下载/ }).getAttribute('href')).toBe(
      'https://apps.apple.com/cn/app/id1234567890',
    );
    await screenshot(page, 'app-download-page');

    // the QR address the console shows points here
    const latest = await callApi<{ versionName: string }>('/api/sys2/app/version/latest');
    expect(latest.result.versionName).toBe('1.0.0');
    await context.close();
  });
});
