import type { Envelope, Page } from '@fieldpay/domain';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../api/http';
import { REMOTE_SELECT_DEBOUNCE_MS, RemoteSelect } from './RemoteSelect';

/** The fake http client: every GET is recorded and answered by `answer` (or left pending). */
const client = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../app/api-client', async () => {
  // the typed calls of the app, over the fake client
  const { createCalls } = await import('../api/call');
  const notifier = { warning: () => undefined, error: () => undefined };
  return { http: client, ...createCalls(client as unknown as HttpClient, () => notifier) };
});

interface Call {
  url: string;
  params: Record<string, unknown>;
  resolve(page: Page<Record<string, unknown>>): void;
  reject(error: Error): void;
}
let calls: Call[];

const envelope = <T,>(result: T): Envelope<T> => ({
  success: true,
  code: 200,
  message: '操作成功',
  result,
  timestamp: 1,
});

beforeEach(() => {
  calls = [];
  client.get.mockReset();
  client.get.mockImplementation(
    (url: string, params: Record<string, unknown>) =>
      new Promise((resolve, reject) => {
        calls.push({
          url,
          params,
          resolve: (page) => resolve(envelope(page)),
          reject,
        });
      }),
  );
});
afterEach(() => {
  vi.useRealTimers();
});

const tenantRow = (id: number, name: string, status = 1) => ({
  value: id,
  label: name,
  description: `${name}运营公司`,
  id,
  name,
  company: `${name}运营公司`,
  contracts: '',
  status,
});
const tenantPage = (from: number, count: number, total: number): Page<Record<string, unknown>> => ({
  records: Array.from({ length: count }, (_, i) => tenantRow(from + i, `平台${from + i}`)),
  total,
});

const combobox = () => screen.getByRole('combobox');
const open = () => fireEvent.mouseDown(combobox());
const type = (text: string) => fireEvent.change(combobox(), { target: { value: text } });
const shownOptions = () =>
  Array.from(document.querySelectorAll('.ant-select-item-option')).map((node) => ({
    text: node.querySelector('.remote-select-option-label')?.textContent,
    disabled: node.classList.contains('ant-select-item-option-disabled'),
  }));
const answer = async (call: Call | undefined, page: Page<Record<string, unknown>>) => {
  if (!call) throw new Error('no request was made');
  await act(async () => call.resolve(page));
};

/** Makes the list look scrolled to its bottom and fires the scroll. */
function scrollToBottom() {
  const holder = document.querySelector('.ant-select-dropdown-list-holder') as HTMLElement;
  Object.defineProperty(holder, 'scrollHeight', { configurable: true, value: 800 });
  Object.defineProperty(holder, 'clientHeight', { configurable: true, value: 256 });
  // the list also writes scrollTop while it lays out; the test keeps it at the bottom
  Object.defineProperty(holder, 'scrollTop', { configurable: true, get: () => 544, set: () => undefined });
  fireEvent.scroll(holder);
}

describe('RemoteSelect', () => {
  it('loads page 1 of 20 from the lookup path when opened', async () => {
    render(<RemoteSelect kind="tenant" />);
    expect(calls).toHaveLength(0);
    open();
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/sys/lookup/tenant');
    expect(calls[0].params).toEqual({ pageNo: 1, pageSize: 20 });
    await answer(calls[0], tenantPage(1, 3, 3));
    expect(shownOptions().map((o) => o.text)).toEqual(['平台1', '平台2', '平台3']);
    expect(screen.getByText('平台1运营公司')).toBeTruthy();
  });

  it('loads the next page on scrolling to the bottom until the total is reached', async () => {
    render(<RemoteSelect kind="tenant" />);
    open();
    await answer(calls[0], tenantPage(1, 20, 25));
    scrollToBottom();
    expect(calls).toHaveLength(2);
    expect(calls[1].params).toMatchObject({ pageNo: 2, pageSize: 20 });
    expect(screen.getByText('加载中…')).toBeTruthy();
    // a second scroll while page 2 is on its way asks for nothing more
    scrollToBottom();
    expect(calls).toHaveLength(2);
    await answer(calls[1], tenantPage(21, 5, 25));
    // the list is virtual; stepping up from the first row reaches the last one, from page 2
    fireEvent.keyDown(combobox(), { key: 'ArrowUp', keyCode: 38, which: 38 });
    await waitFor(() => expect(combobox().getAttribute('aria-activedescendant')).toMatch(/_list_24$/));
    expect(screen.getByRole('option', { name: '平台25' })).toBeTruthy();
    expect(screen.queryByText('加载中…')).toBeNull();
    // all 25 are shown: the bottom asks for nothing more
    scrollToBottom();
    expect(calls).toHaveLength(2);
  });

  it('searches by the kind’s name filter 300 ms after the last keystroke', async () => {
    vi.useFakeTimers();
    render(<RemoteSelect kind="tax" filters={{ tenantId: 3 }} />);
    open();
    expect(calls[0].params).toEqual({ tenantId: 3, pageNo: 1, pageSize: 20 });
    type('江');
    type('江西');
    await act(async () => vi.advanceTimersByTime(REMOTE_SELECT_DEBOUNCE_MS - 1));
    expect(calls).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(calls).toHaveLength(2);
    expect(calls[1].params).toEqual({ tenantId: 3, taxName: '江西', pageNo: 1, pageSize: 20 });
  });

  it('keeps the search to 30 characters', async () => {
    vi.useFakeTimers();
    render(<RemoteSelect kind="enterprise" />);
    open();
    type('杭'.repeat(40));
    expect((combobox() as HTMLInputElement).value).toBe('杭'.repeat(30));
    await act(async () => vi.advanceTimersByTime(REMOTE_SELECT_DEBOUNCE_MS));
    expect(calls[1].params.name).toBe('杭'.repeat(30));
  });

  it('ignores an answer that arrives after a newer request', async () => {
    vi.useFakeTimers();
    render(<RemoteSelect kind="tenant" />);
    open();
    type('华东');
    await act(async () => vi.advanceTimersByTime(REMOTE_SELECT_DEBOUNCE_MS));
    expect(calls).toHaveLength(2);
    await answer(calls[1], { records: [tenantRow(7, '华东众包服务平台')], total: 1 });
    await answer(calls[0], tenantPage(1, 3, 3));
    expect(shownOptions().map((o) => o.text)).toEqual(['华东众包服务平台']);
  });

  it('says 暂无数据 when nothing matches', async () => {
    render(<RemoteSelect kind="label" />);
    open();
    await answer(calls[0], { records: [], total: 0 });
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });

  it('shows 暂无数据 after a failed request (the request layer has shown the message)', async () => {
    render(<RemoteSelect kind="label" />);
    open();
    await act(async () => calls[0].reject(new Error('服务器开小差了，请稍后重试')));
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });

  it('shows a loading state while a page is on its way', async () => {
    render(<RemoteSelect kind="bankBranch" />);
    open();
    await waitFor(() => expect(document.querySelector('.remote-select-loading .ant-spin')).toBeTruthy());
    expect(document.querySelector('.ant-select-arrow-loading, .ant-select-suffix .anticon-loading')).toBeTruthy();
    await answer(calls[0], { records: [], total: 0 });
    expect(document.querySelector('.remote-select-loading')).toBeNull();
  });

  it('prefixes disabled tenants with 【已禁用】 and does not let them be picked', async () => {
    const onChange = vi.fn();
    render(<RemoteSelect kind="tenant" onChange={onChange} />);
    open();
    await answer(calls[0], {
      records: [tenantRow(1, '华东众包服务平台'), tenantRow(2, '西南灵活用工平台', 0)],
      total: 2,
    });
    expect(shownOptions()).toEqual([
      { text: '华东众包服务平台', disabled: false },
      { text: '【已禁用】西南灵活用工平台', disabled: true },
    ]);
    fireEvent.click(screen.getByText('【已禁用】西南灵活用工平台'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('prefixes disabled enterprises (status 2) the same way', async () => {
    render(<RemoteSelect kind="enterprise" />);
    open();
    await answer(calls[0], {
      records: [
        {
          value: 9,
          label: '杭州星联医药科技有限公司',
          id: 9,
          name: '杭州星联医药科技有限公司',
          enterpriseSn: 'E0009',
          tenantId: 1,
          tenantName: '华东灵活用工平台',
          contactPhone: '139****5678',
          status: 2,
        },
      ],
      total: 1,
    });
    expect(shownOptions()).toEqual([{ text: '【已禁用】杭州星联医药科技有限公司', disabled: true }]);
  });

  it('shows disabled rows plainly when a status filter asks for them', async () => {
    render(<RemoteSelect kind="tenant" filters={{ status: 0 }} />);
    open();
    expect(calls[0].params).toMatchObject({ status: 0 });
    await answer(calls[0], { records: [tenantRow(2, '西南灵活用工平台', 0)], total: 1 });
    expect(shownOptions()).toEqual([{ text: '西南灵活用工平台', disabled: false }]);
  });

  it('hands the value and its record to onChange, and keeps the label after the list changes', async () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    const { rerender } = render(<RemoteSelect kind="tenant" onChange={onChange} />);
    open();
    await answer(calls[0], { records: [tenantRow(1, '华东众包服务平台'), tenantRow(2, '华北医药推广平台')], total: 2 });
    fireEvent.click(screen.getByText('华北医药推广平台'));
    expect(onChange).toHaveBeenCalledWith(2, expect.objectContaining({ id: 2, company: '华北医药推广平台运营公司' }));
    rerender(<RemoteSelect kind="tenant" value={2} onChange={onChange} />);
    open();
    type('华东');
    await act(async () => vi.advanceTimersByTime(REMOTE_SELECT_DEBOUNCE_MS));
    await answer(calls.at(-1), { records: [tenantRow(1, '华东众包服务平台')], total: 1 });
    expect(document.querySelector('.ant-select-content')?.getAttribute('title')).toBe('华北医药推广平台');
  });

  it('shows the label of a value the form already holds before anything is loaded', () => {
    render(<RemoteSelect kind="project" value={12} initialLabel="心血管学术推广项目" />);
    expect(screen.getByText('心血管学术推广项目')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('reloads from page 1 when its filters change', async () => {
    const { rerender } = render(<RemoteSelect kind="virtualAccount" filters={{ platformId: 1 }} />);
    open();
    await answer(calls[0], { records: [{ value: 5, label: '杭州星联医药科技有限公司', platformId: 1 }], total: 1 });
    rerender(<RemoteSelect kind="virtualAccount" filters={{ platformId: 2 }} />);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].params).toEqual({ platformId: 2, pageNo: 1, pageSize: 20 });
    // an equal filter object is not a change
    rerender(<RemoteSelect kind="virtualAccount" filters={{ platformId: 2 }} />);
    expect(calls).toHaveLength(2);
  });

  it('says what it picks in its placeholder', () => {
    render(<RemoteSelect kind="tax" />);
    expect(screen.getByText('请选择税源地')).toBeTruthy();
  });
});
