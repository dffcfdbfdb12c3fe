/** Test helpers of the list pieces: the app's locale and a fresh query client per render, the session of a side. */
import type { LoginUserInfo, Side } from '@fieldpay/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { Dayjs } from 'dayjs';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { expect } from 'vitest';
import { useSession } from '../../app/session-store';

/** `at`: the address the router starts at (a page that reads its search). */
export function renderWithQuery(ui: ReactElement, { at = '/' }: { at?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <MemoryRouter initialEntries={[at]}>
      <ConfigProvider locale={zhCN}>
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </ConfigProvider>
    </MemoryRouter>,
  );
  return { ...view, queryClient };
}

/** Where the router is: the path and search of the address (test id `where`), for a test to read after a move. */
export function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

/** A page at its route `path`, the router starting at `at`; any other address shows `Where`. */
export const renderPageAt = (path: string, page: ReactElement, at: string) =>
  renderWithQuery(
    <Routes>
      <Route path={path} element={page} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { at },
  );

export function signedInAs(side: Side, userIdentity: 1 | 2): void {
  const userInfo: LoginUserInfo = {
    token: 'token',
    tenant: { id: userIdentity === 1 ? 0 : 3, tenantName: '华东众包服务平台' },
    userIdentity,
    realname: '测试员',
    username: '13800000001',
    account: '13800000001',
    enterprise: side === 'enterprise' ? { id: 9, enterpriseName: '杭州星联医药科技有限公司' } : null,
    avatar: null,
    orgCodeTxt: null,
    phoneVerifyStatus: 1,
    tenantList: [],
  };
  useSession.setState({ token: 'token', side, userInfo, menuList: [], permList: [] });
}

/**
 * A button by its text. A role query with a name computes the accessible name of every element of
 * an antd page on every retry: seconds per query on a loaded machine.
 */
export const buttonByText = (text: string | RegExp): HTMLElement =>
  screen.getByText(text, { selector: 'button, button *' }).closest('button') as HTMLElement;

/** How long a test waits for a state: jsdom and antd are slow on a loaded machine (CI runs two cores busy). */
export const LONG = { timeout: 15_000 };

/**
 * The options of this select's own dropdown, once it shows some: a dropdown closed a moment ago stays in
 * the page, not yet hidden, while its closing animation runs, so options are not looked up page-wide.
 */
export async function openOptions(combobox: HTMLElement, what: string): Promise<HTMLElement[]> {
  fireEvent.mouseDown(combobox);
  return waitFor(() => {
    const listId = combobox.getAttribute('aria-controls');
    const dropdown = listId ? document.getElementById(listId)?.closest('.ant-select-dropdown') : null;
    const options = Array.from(dropdown?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? []);
    if (options.length === 0) throw new Error(`no options under ${what}`);
    return options;
  }, LONG);
}

/** The select of the form item labelled `label`. */
export async function selectOf(label: string): Promise<HTMLElement> {
  const item = (await screen.findByText(label, { selector: 'label' }, LONG)).closest('.ant-form-item') as HTMLElement;
  return within(item).getByRole('combobox');
}

/** Opens the select of the form item labelled `label` and picks the option with exactly this text. */
export async function pickOption(label: string, text: string): Promise<void> {
  const options = await openOptions(await selectOf(label), label);
  const option = options.find((node) => node.textContent === text);
  if (!option) throw new Error(`no option ${text} under ${label}: ${options.map((node) => node.textContent)}`);
  fireEvent.click(option);
}

/**
 * Picks `first` and `last` (days of the month shown first or the next) in the range picker whose start
 * input is `start`, each confirmed with the picker's OK; answers the times a range of whole days sends.
 */
export async function pickDateRange(
  start: HTMLElement,
  first: Dayjs,
  last: Dayjs,
): Promise<{ startTime: string; endTime: string }> {
  fireEvent.mouseDown(start);
  fireEvent.click(start);
  const cell = (day: Dayjs) => document.querySelector(`td[title="${day.format('YYYY-MM-DD')}"]`) as HTMLElement;
  await waitFor(() => expect(cell(first)).toBeTruthy(), LONG);
  const ok = () => fireEvent.click(document.querySelector('.ant-picker-ok button') as HTMLElement);
  fireEvent.click(cell(first));
  ok();
  fireEvent.click(cell(last));
  ok();
  return { startTime: `${first.format('YYYY-MM-DD')} 00:00:00`, endTime: `${last.format('YYYY-MM-DD')} 23:59:59` };
}
