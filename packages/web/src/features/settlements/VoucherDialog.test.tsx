import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VoucherDialog } from './VoucherDialog';

const calls = vi.hoisted(() => ({ downloadVoucher: vi.fn() }));
vi.mock('./settlement-documents-calls', () => calls);

const settlement = { id: 12, settlementSn: 'JS26112200000012' };

beforeEach(() => {
  vi.resetAllMocks();
  calls.downloadVoucher.mockResolvedValue(undefined);
});

describe('VoucherDialog', () => {
  it('offers the summary sheet (type 1) and the per-person sheet (type 3), and downloads the chosen one', async () => {
    const onClose = vi.fn();
    render(<VoucherDialog open settlement={settlement} onClose={onClose} />);
    await screen.findByText('结算凭证');
    const summary = screen.getByRole('radio', { name: '付款金额汇总单' }) as HTMLInputElement;
    expect(summary.checked).toBe(true);
    expect(screen.getByRole('radio', { name: '个人付款明细单' })).toBeTruthy();
    expect(screen.getByText('结算单号：JS26112200000012')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '下 载' }));
    await waitFor(() =>
      expect(calls.downloadVoucher).toHaveBeenCalledWith({
        id: 12,
        type: 1,
        lineId: undefined,
        name: '付款金额汇总单_JS26112200000012',
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    fireEvent.click(screen.getByRole('radio', { name: '个人付款明细单' }));
    fireEvent.click(screen.getByRole('button', { name: '下 载' }));
    await waitFor(() =>
      expect(calls.downloadVoucher).toHaveBeenLastCalledWith({
        id: 12,
        type: 3,
        lineId: undefined,
        name: '个人付款明细单_JS26112200000012',
      }),
    );
  });

  it("starts at one person's sheet when opened from a line, and stays open when the download is refused", async () => {
    calls.downloadVoucher.mockRejectedValue(new Error('该笔发放尚未成功，暂无个人付款明细单'));
    const onClose = vi.fn();
    render(<VoucherDialog open settlement={settlement} line={{ id: 88, userName: '张伟' }} onClose={onClose} />);
    const single = (await screen.findByRole('radio', { name: '个人付款明细单（张伟）' })) as HTMLInputElement;
    expect(single.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '下 载' }));
    await waitFor(() =>
      expect(calls.downloadVoucher).toHaveBeenCalledWith({
        id: 12,
        type: 3,
        lineId: 88,
        name: '个人付款明细单_JS26112200000012_张伟',
      }),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
