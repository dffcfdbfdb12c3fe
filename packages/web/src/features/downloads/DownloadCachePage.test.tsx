import { type DownloadCacheRecord, defaultColumns } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { renderWithQuery, signedInAs } from '../../components/list/testing';
import { GENERATING_REFRESH_MS } from './DownloadCachePage';
import DownloadLogPage from './DownloadLogPage';
import OrderGenerateCachePage from './OrderGenerateCachePage';

const layouts = vi.hoisted(() => ({ fetchColumnLayout: vi.fn(), saveColumnLayout: vi.fn() }));
vi.mock('../../components/list/column-layout-calls', () => layouts);
const cacheCalls = vi.hoisted(() => ({
  DOWNLOAD_CACHE_LIST_KEY: ['downloadCache', 'list'],
  fetchDownloadCaches: vi.fn(),
  downloadCacheFile: vi.fn(),
}));
vi.mock('./download-cache-calls', () => cacheCalls);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const record = (id: number, extra: Partial<DownloadCacheRecord> = {}): DownloadCacheRecord => ({
  id,
  createTime: new Date('2026-11-20T10:00:00+08:00').getTime(),
  downloadTime: null,
  remainingDays: 6,
  projectName: `项目${id}`,
  parentVisitTypeDict: '',
  operator: '张三',
  downloadType: 8,
  downloadType_dictText: '项目人员导出',
  downloadStatus: 1,
  downloadStatus_dictText: '可下载',
  progress: 100,
  fileName: `项目人员_${id}.xlsx`,
  rowCount: 3,
  unmasked: false,
  failReason: null,
  ...extra,
});

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 2);
  useSession.setState({ permList: ['page:list:download'] });
  layouts.fetchColumnLayout.mockResolvedValue({
    serviceName: 'downloadCacheList',
    type: 0,
    contentJson: defaultColumns('downloadCacheList', 'platform'),
    custom: false,
  });
  cacheCalls.fetchDownloadCaches.mockResolvedValue({
    records: [
      record(1),
      record(4, { unmasked: true }),
      record(2, { downloadStatus: 0, downloadStatus_dictText: '生成中', progress: 40 }),
      record(3, { downloadStatus: 2, downloadStatus_dictText: '生成失败', failReason: '导出失败，请重新导出' }),
    ],
    total: 4,
  });
  cacheCalls.downloadCacheFile.mockResolvedValue(undefined);
});

const rowOf = async (projectName: string) => (await screen.findByText(projectName)).closest('tr') as HTMLElement;

describe('download cache lists', () => {
  it('reload every 3 s while a file is being generated, and no more once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithQuery(<DownloadLogPage />);
      await rowOf('项目2');
      const calls = cacheCalls.fetchDownloadCaches.mock.calls.length;
      cacheCalls.fetchDownloadCaches.mockResolvedValue({ records: [record(2)], total: 1 });
      await vi.advanceTimersByTimeAsync(GENERATING_REFRESH_MS);
      await waitFor(() => expect(cacheCalls.fetchDownloadCaches).toHaveBeenCalledTimes(calls + 1));
      await vi.advanceTimersByTimeAsync(GENERATING_REFRESH_MS * 3);
      expect(cacheCalls.fetchDownloadCaches).toHaveBeenCalledTimes(calls + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('show every spec column with remaining days, type text and status, titled per side', async () => {
    renderWithQuery(<DownloadLogPage />);
    expect(screen.getByText('下载日志')).toBeTruthy();
    const row = await rowOf('项目1');
    for (const header of ['缓存时间', '剩余有效期', '项目名称', '服务类型', '操作人', '下载类型', '缓存状态']) {
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    }
    expect(within(row).getByText('2026-11-20 10:00:00')).toBeTruthy();
    expect(within(row).getByText('6天')).toBeTruthy();
    expect(within(row).getByText('项目人员导出')).toBeTruthy();
    expect(within(row).getByText('可下载')).toBeTruthy();
    expect(within(row).queryByText('明文')).toBeNull();
    expect(within(await rowOf('项目4')).getByText('明文')).toBeTruthy();
    expect(screen.getByText('缓存类型')).toBeTruthy();
    expect(screen.getByText('缓存时间', { selector: 'label' })).toBeTruthy();
  });

  it('download only ready files, by id and name', async () => {
    renderWithQuery(<OrderGenerateCachePage />);
    expect(screen.getByText('订单生成缓存')).toBeTruthy();
    const ready = within(await rowOf('项目1')).getByRole('button', { name: '下载' });
    const generating = within(await rowOf('项目2')).getByRole('button', { name: '下载' });
    const failed = within(await rowOf('项目3')).getByRole('button', { name: '下载' });
    expect((generating as HTMLButtonElement).disabled).toBe(true);
    expect((failed as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(ready);
    await waitFor(() => expect(cacheCalls.downloadCacheFile).toHaveBeenCalledTimes(1));
    expect(cacheCalls.downloadCacheFile.mock.calls[0][0]).toMatchObject({ id: 1, fileName: '项目人员_1.xlsx' });
  });

  it('disable 下载 for users without page:list:download', async () => {
    useSession.setState({ permList: [] });
    renderWithQuery(<DownloadLogPage />);
    const button = within(await rowOf('项目1')).getByRole('button', { name: '下载' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('send the chosen cache type as a filter', async () => {
    renderWithQuery(<DownloadLogPage />);
    await rowOf('项目1');
    expect(cacheCalls.fetchDownloadCaches).toHaveBeenCalledWith(expect.objectContaining({ pageNo: 1, pageSize: 20 }));
    fireEvent.mouseDown(screen.getByText('全部类型'));
    fireEvent.click(await screen.findByTitle('项目列表导出'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(cacheCalls.fetchDownloadCaches).toHaveBeenLastCalledWith(expect.objectContaining({ downloadType: 7 })),
    );
  });

  it('say 暂无数据 when there is nothing', async () => {
    cacheCalls.fetchDownloadCaches.mockResolvedValue({ records: [], total: 0 });
    renderWithQuery(<DownloadLogPage />);
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeTruthy();
  });
});
