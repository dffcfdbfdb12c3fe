import { defaultColumns, type NoticeRecord } from '@fieldpay/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery, signedInAs } from '../../components/list/testing';
import NoticeListPage from './NoticeListPage';

const layouts = vi.hoisted(() => ({ fetchColumnLayout: vi.fn(), saveColumnLayout: vi.fn() }));
vi.mock('../../components/list/column-layout-calls', () => layouts);
const api = vi.hoisted(() => ({
  fetchNotices: vi.fn(),
  markNoticesRead: vi.fn(),
  markAllNoticesRead: vi.fn(),
  NOTICE_LIST_KEY: ['notice', 'list'],
}));
vi.mock('./notice-calls', () => api);
const shell = vi.hoisted(() => ({ UNREAD_NOTICE_COUNT_KEY: ['notice', 'unreadCount'] }));
vi.mock('../../app/shell-calls', () => shell);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const notice = (id: number, extra: Partial<NoticeRecord> = {}): NoticeRecord => ({
  id,
  type: 'settlement',
  title: `结算单审核通过${id}`,
  content: `结算单JS${id}已审核通过，请及时完成付款。`,
  bizId: null,
  link: null,
  readFlag: 0,
  createTime: new Date('2026-11-20T10:00:00+08:00').getTime(),
  readTime: null,
  ...extra,
});

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderPage() {
  return renderWithQuery(
    <>
      <Routes>
        <Route path="*" element={<NoticeListPage />} />
      </Routes>
      <Where />
    </>,
  );
}

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('enterprise', 2);
  layouts.fetchColumnLayout.mockResolvedValue({
    serviceName: 'noticeList',
    type: 0,
    contentJson: defaultColumns('noticeList', 'enterprise'),
    custom: false,
  });
  api.markNoticesRead.mockResolvedValue({ updated: 1, message: '已将1条通知标记为已读' });
  api.markAllNoticesRead.mockResolvedValue({ updated: 2, message: '已将2条通知标记为已读' });
});

describe('NoticeListPage', { timeout: 60_000 }, () => {
  it('opens on the unread tab and asks for unread notices; the read tab asks for read ones', async () => {
    api.fetchNotices.mockImplementation(async ({ readFlag }: { readFlag?: number }) =>
      readFlag === 0
        ? { records: [notice(1)], total: 1 }
        : { records: [notice(2, { readFlag: 1, title: '平台服务协议更新', type: 'system' })], total: 1 },
    );
    renderPage();
    expect(await screen.findByText('结算单审核通过1')).toBeTruthy();
    expect(api.fetchNotices).toHaveBeenCalledWith({ pageNo: 1, pageSize: 20, readFlag: 0 });
    expect(screen.getByText('结算通知')).toBeTruthy();
    expect(screen.getByText('未读')).toBeTruthy();
    expect(screen.getByText('2026-11-20 10:00:00')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '已读通知' }));
    expect(await screen.findByText('平台服务协议更新')).toBeTruthy();
    expect(api.fetchNotices).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 20, readFlag: 1 });
    expect(screen.getByText('系统通知')).toBeTruthy();
    // nothing to mark on the read tab
    expect(screen.queryByRole('button', { name: '全部已读' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '全部通知' }));
    await waitFor(() =>
      expect(api.fetchNotices).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 20, readFlag: undefined }),
    );
  });

  it('says 暂无数据 without notices', async () => {
    api.fetchNotices.mockResolvedValue({ records: [], total: 0 });
    renderPage();
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeTruthy();
  });

  it('marks one notice read and refreshes the list and the red dot', async () => {
    api.fetchNotices.mockResolvedValue({ records: [notice(1), notice(2)], total: 2 });
    const { queryClient } = renderPage();
    queryClient.setQueryData(['notice', 'unreadCount'], 2);
    await screen.findByText('结算单审核通过1');
    const calls = api.fetchNotices.mock.calls.length;
    fireEvent.click(screen.getAllByRole('button', { name: '标记已读' }).at(-1) as HTMLElement);
    await waitFor(() => expect(api.markNoticesRead).toHaveBeenCalledWith([2]));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('已将1条通知标记为已读'));
    await waitFor(() => expect(api.fetchNotices.mock.calls.length).toBeGreaterThan(calls));
    expect(queryClient.getQueryState(['notice', 'unreadCount'])?.isInvalidated).toBe(true);
  });

  it('marks the chosen notices read, and all of them with 全部已读', async () => {
    api.fetchNotices.mockResolvedValue({ records: [notice(1), notice(2)], total: 2 });
    renderPage();
    await screen.findByText('结算单审核通过1');
    const bulk = () =>
      screen
        .getAllByRole('button', { name: /标记已读/ })
        .find((button) => button.className.includes('ant-btn-primary'));
    expect((bulk() as HTMLButtonElement).disabled).toBe(true);
    const box = (index: number) => document.querySelectorAll('tbody tr.ant-table-row .ant-checkbox-input')[index];
    fireEvent.click(box(0));
    await waitFor(() => expect((box(0) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(box(1));
    await waitFor(() => expect((box(1) as HTMLInputElement).checked).toBe(true));
    await waitFor(() => expect((bulk() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(bulk() as HTMLElement);
    await waitFor(() => expect(api.markNoticesRead).toHaveBeenCalledWith([1, 2]));
    // the buttons show a spinner (and another accessible name) until the list has reloaded
    fireEvent.click(await screen.findByRole('button', { name: '全部已读' }, { timeout: 10_000 }));
    await waitFor(() => expect(api.markAllNoticesRead).toHaveBeenCalled());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('已将2条通知标记为已读'));
  });

  it('查看 marks the notice read and opens its page', async () => {
    api.fetchNotices.mockResolvedValue({
      records: [notice(5, { type: 'download', link: '/company/catchSystem/orderGenerateCache' })],
      total: 1,
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '查看' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/company/catchSystem/orderGenerateCache'),
    );
    expect(api.markNoticesRead).toHaveBeenCalledWith([5]);
  });
});
