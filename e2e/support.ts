/** Helpers of the browser tests: accounts, Chromium, signing in, screenshots, direct API calls. */
import crypto from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';
export const SCREENSHOTS = resolve(import.meta.dirname, '../screenshots');

export type Side = 'platform' | 'enterprise';

export interface Account {
  side: Side;
  username: string;
  password: string;
}

/** Demo accounts of the seed (README). */
export const ACCOUNTS = {
  admin: { side: 'platform', username: 'admin', password: 'Admin@123456' },
  tenantStaff: { side: 'platform', username: '13800000001', password: 'Tenant@123456' },
  /** member of two tenants */
  enterprise: { side: 'enterprise', username: '13900000001', password: 'Enterprise@123' },
} as const satisfies Record<string, Account>;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

export async function openPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  return { context, page };
}

export const url = (hash: string): string => `${BASE_URL}/#${hash}`;

/** The part of the address after `#`, without the query. */
export const route = (page: Page): string => new URL(page.url()).hash.replace(/^#/, '').split('?')[0];

export async function fillLogin(page: Page, account: Account): Promise<void> {
  await page.goto(url(`/login?side=${account.side}`));
  await page.getByPlaceholder('请输入登录账号').fill(account.username);
  await page.getByPlaceholder('请输入密码').fill(account.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Signs in through the login page and waits for the dashboard. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await fillLogin(page, account);
  await page.waitForURL(/#\/dashboard\/analysis$/);
  await page.locator('.console-header').waitFor();
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('fieldpay-session');
    return raw ? (JSON.parse(raw).state?.token ?? null) : null;
  });
}

/** The page as a person sees it once it has settled: running transitions (a tab turning active) are finished first. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: false, animations: 'disabled' });
  return path;
}

export interface Envelope<T = unknown> {
  success: boolean;
  code: number;
  message: string;
  result: T;
}

/** A call straight to the server, outside the browser. */
export async function callApi<T = unknown>(
  path: string,
  options: { method?: 'GET' | 'POST'; token?: string; body?: unknown } = {},
): Promise<Envelope<T>> {
  const response = await fetch(`${BASE_URL}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      ...(options.token ? { 'X-Access-Token': options.token } : {}),
      ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return (await response.json()) as Envelope<T>;
}

/** The README's worker account (decision 0017). */
export const DEMO_WORKER = { phone: '13700000001', password: 'Worker@123456' } as const;

/** The worker app's login: a signed getKey, the password RSA-OAEP encrypted, as the console's. */
export async function workerLogin(page: Page, tenantId: number): Promise<string> {
  const secret = await page.evaluate(
    () => (window as unknown as { __APP_CONFIG__: { signSecret: string } }).__APP_CONFIG__.signSecret,
  );
  const key = crypto.randomBytes(8).toString('hex');
  const timestamp = String(Date.now());
  const sign = crypto.createHmac('sha256', secret).update(`${key}${timestamp}`).digest('hex');
  const response = await fetch(`${BASE_URL}/api/sys2/getKey?key=${key}&timestamp=${timestamp}&sign=${sign}`, {
    headers: { 'X-Sign': sign, 'X-TIMESTAMP': timestamp },
  });
  const { result } = (await response.json()) as { result: { keyId: string; publicKey: string } };
  const password = crypto
    .publicEncrypt(
      { key: result.publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(DEMO_WORKER.password),
    )
    .toString('base64');
  const login = await callApi<{ token: string; tenant: { id: number } }>('/api/worker/login', {
    method: 'POST',
    body: { username: DEMO_WORKER.phone, password, keyId: result.keyId, tenantId },
  });
  if (!login.success || login.result.tenant.id !== tenantId) throw new Error(`worker login: ${login.message}`);
  return login.result.token;
}

/** The form item labelled `label`. */
export const formItem = (page: Page, label: string) =>
  page.locator('.ant-form-item').filter({ has: page.locator(`label:text-is("${label}")`) });

/**
 * Picks in the select of the form item labelled `label`, typing `search` first when given, and
 * waits for the select to show the choice. A pick that did not land (under load a click can reach
 * a list still opening or closing) is made again, at most three times.
 */
export async function pick(page: Page, label: string, option: string, search?: string): Promise<void> {
  const item = formItem(page, label);
  const combobox = item.getByRole('combobox');
  // the select shows its value as text (a search typed in is an input's value, not text)
  const chosen = item.locator('.ant-select').filter({ hasText: option });
  for (let attempt = 1; ; attempt += 1) {
    await combobox.click();
    if (search) await combobox.fill(search);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: option })
      .first()
      .click();
    try {
      await chosen.first().waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Clicks a menu entry until the address is `address`. The top item's own move to its first page can
 * land after the click on the entry on a loaded machine and take the address back; a click that did not
 * stay is made again, at most three times.
 */
export async function clickUntilAt(page: Page, entry: Locator, address: RegExp): Promise<void> {
  await clickUntil(entry, () => page.waitForURL(address, { timeout: 5_000 }));
}

/** Clicks `target` until `landed` resolves within its own timeout, at most three times. */
async function clickUntil(target: Locator, landed: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await target.click();
    try {
      await landed();
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * A page from the menus: the top item, then the group and its page in the side menu (opening the
 * group if it is closed), until the address is the page's and its card shows the page's title.
 */
export async function openFromMenu(
  page: Page,
  path: { top: string; group: string; item: string; title?: string },
  address: RegExp,
): Promise<void> {
  await page.locator('.top-bar-menu').getByText(path.top).click();
  const side = page.locator('.side-menu');
  await side.getByText(path.group, { exact: true }).waitFor();
  const entry = side.getByText(path.item, { exact: true });
  if (!(await entry.isVisible())) await side.getByText(path.group, { exact: true }).click();
  await clickUntilAt(page, entry, address);
  await page
    .locator('.ant-card-head')
    .getByText(path.title ?? path.item, { exact: true })
    .waitFor();
}

/**
 * Waits until no animation runs in an element and its subtree (a dialog opening). One replaced by another
 * (its `finished` rejects with AbortError) is simply over; one started meanwhile is waited for too.
 */
export async function animationsDone(element: Locator): Promise<void> {
  await element.evaluate(async (root) => {
    // a spinner turns forever: not an animation that ends
    const running = () =>
      root
        .getAnimations({ subtree: true })
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
        );
    for (let now = running(); now.length > 0; now = running()) {
      await Promise.allSettled(now.map((animation) => animation.finished));
    }
  });
}

/**
 * Answers 确定 in the open confirmation that says `question`, never another dialog's button, and
 * waits for it to close (the app closes it as it takes the answer). The button is clicked once its
 * opening animation has finished; a click that did not land (the dialog still open a while later)
 * is repeated, which is safe: the dialog answers only its first 确定.
 */
export async function confirmIn(page: Page, question: string): Promise<void> {
  await answerIn(page, question, /确\s*定/);
}

/** As confirmIn, with another of the dialog's buttons (取消, 否…). */
export async function answerIn(page: Page, question: string, button: RegExp): Promise<void> {
  const confirmation = page.locator('.ant-modal').filter({ hasText: question });
  await confirmation.waitFor();
  await animationsDone(confirmation);
  const answer = confirmation.getByRole('button', { name: button });
  for (let attempt = 1; ; attempt += 1) {
    await answer.click();
    try {
      await confirmation.waitFor({ state: 'hidden', timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Closes a dialog by its ✕ once its opening animation is over, and waits for it to go; a click that did
 * not land (a dialog still opening on a loaded machine) is made again, at most three times.
 */
export async function closeDialog(dialog: Locator): Promise<void> {
  await animationsDone(dialog);
  await clickUntil(dialog.locator('.ant-modal-close'), () => dialog.waitFor({ state: 'hidden', timeout: 5_000 }));
}

/** The demo company registered on the first two platforms (README). */
export const DEMO_COMPANY = '杭州星联医药科技有限公司';

/**
 * The demo company's 企业信息 as the tenant's staff reach it: 众包项目列表 from the menu, then the company's
 * name in a row. Answers the page's info block once it shows the company.
 */
export async function openDemoCompanyInfo(page: Page): Promise<Locator> {
  await openFromMenu(
    page,
    { top: '项目管理', group: '项目中心', item: '众包项目列表' },
    /#\/projectManage\/project\/crowdList$/,
  );
  const row = page.locator('.page-card tr.ant-table-row').filter({ hasText: DEMO_COMPANY }).first();
  await row.getByRole('button', { name: DEMO_COMPANY }).click();
  await page.waitForURL(/#\/projectManage\/project\/enterpriseInfo\?id=\d+&tenantId=\d+$/);
  const info = page.locator('.enterprise-info');
  await info.locator('.enterprise-name').getByText(DEMO_COMPANY).waitFor();
  return info;
}

/**
 * 脱敏查看 on the page: the desensitization check with the account's password and, where the dialog asks
 * for one (tenant-level users, userIdentity 2), an SMS code from the dev outbox; then waits for the page
 * in the clear.
 */
export async function unmaskView(page: Page, account: Account): Promise<void> {
  await page.getByRole('button', { name: '脱敏查看' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '脱敏验证' });
  await dialog.getByPlaceholder('请输入登录密码').fill(account.password);
  // the code field renders with the password's: absent now, it is not asked for
  if ((await dialog.getByPlaceholder('请输入短信验证码').count()) > 0) await fillSmsCode(page, dialog, account);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByText('明文显示中').waitFor();
}

/** 获取验证码, then the code the dev outbox holds for the account's phone. */
async function fillSmsCode(page: Page, dialog: Locator, account: Account): Promise<void> {
  const sent = page.waitForResponse((response) => response.url().includes('/api/sys2/sendVerifyCode'));
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  if (!((await (await sent).json()) as { success: boolean }).success) throw new Error('获取验证码 failed');
  const outbox = await callApi<Array<{ content: string }>>(`/api/dev/sms-outbox?phone=${account.username}`);
  const code = /(\d{6})/.exec(outbox.result[0]?.content ?? '')?.[1];
  if (!code) throw new Error(`no SMS code in the dev outbox for ${account.username}`);
  await dialog.getByPlaceholder('请输入短信验证码').fill(code);
}
