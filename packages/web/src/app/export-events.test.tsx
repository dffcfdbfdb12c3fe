import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyExportSubmitted, useExportInProgress } from './export-events';
import { setMessageApi } from './notify';

function Indicator() {
  return <span>{useExportInProgress() ? '进行中' : '空闲'}</span>;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  setMessageApi(null);
});

describe('export submitted', () => {
  it('shows the in-progress state for 3 s and the submitted message', () => {
    const success = vi.fn();
    setMessageApi({ success, warning: vi.fn(), error: vi.fn() } as never);
    render(<Indicator />);
    expect(screen.getByText('空闲')).toBeTruthy();
    act(() => notifyExportSubmitted());
    expect(screen.getByText('进行中')).toBeTruthy();
    expect(success).toHaveBeenCalledWith(
      expect.objectContaining({ content: '下载任务已提交，您可点击右上角下载按钮下载所需文件' }),
    );
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('进行中')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('空闲')).toBeTruthy();
  });

  it('a second export restarts the 3 s', () => {
    setMessageApi({ success: vi.fn() } as never);
    render(<Indicator />);
    act(() => notifyExportSubmitted(null));
    act(() => vi.advanceTimersByTime(2000));
    act(() => notifyExportSubmitted(null));
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText('进行中')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('空闲')).toBeTruthy();
  });
});
