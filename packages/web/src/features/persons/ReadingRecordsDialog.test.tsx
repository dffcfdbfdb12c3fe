import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG, renderWithQuery } from '../../components/list/testing';
import { ReadingRecordsDialog } from './ReadingRecordsDialog';

const calls = vi.hoisted(() => ({ fetchReadingRecords: vi.fn() }));
vi.mock('./person-calls', () => calls);

const record = (id: number, duration: number) => ({
  id,
  title: `产品说明书${id}`,
  duration,
  openTime: new Date('2026-11-20T10:00:00+08:00').getTime(),
  taskId: 41,
  userId: 7,
});

beforeEach(() => vi.resetAllMocks());

describe('阅读记录', () => {
  it('lists the titles with the reading time, 00:00:00 for none, without a pager for one page', async () => {
    calls.fetchReadingRecords.mockResolvedValue({ total: 2, records: [record(1, 95), record(2, 0)] });
    renderWithQuery(<ReadingRecordsDialog taskId={41} userId={7} onClose={() => undefined} />);
    expect(await screen.findByText('产品说明书1', {}, LONG)).toBeTruthy();
    expect(screen.getByText('00:01:35')).toBeTruthy();
    expect(screen.getByText('00:00:00')).toBeTruthy();
    expect(screen.getAllByText('2026-11-20 10:00:00')).toHaveLength(2);
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(calls.fetchReadingRecords).toHaveBeenCalledWith(41, 7, 1);
  });

  it('pages 10 at a time, and says 暂无数据 when there is none', async () => {
    calls.fetchReadingRecords.mockResolvedValue({
      total: 12,
      records: Array.from({ length: 10 }, (_, index) => record(index + 1, 60)),
    });
    const many = renderWithQuery(<ReadingRecordsDialog taskId={41} userId={7} onClose={() => undefined} />);
    await screen.findByText('产品说明书10', {}, LONG);
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls.fetchReadingRecords).toHaveBeenCalledWith(41, 7, 2));
    many.unmount();
    calls.fetchReadingRecords.mockResolvedValue({ total: 0, records: [] });
    renderWithQuery(<ReadingRecordsDialog taskId={41} userId={7} onClose={() => undefined} />);
    expect(await screen.findByText('暂无数据', {}, LONG)).toBeTruthy();
  });
});
