import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaxSource } from './tax-source-calls';
import { TAX_SEARCH_DEBOUNCE_MS, TaxSourcePickerDialog } from './TaxSourcePickerDialog';

const api = vi.hoisted(() => ({ searchTaxSources: vi.fn() }));
vi.mock('./tax-source-calls', () => api);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const source = (id: number, taxName: string): TaxSource => ({ id, taxName, tenantId: 3 });
const page = (records: TaxSource[], total = records.length) => ({ records, total });

beforeEach(() => {
  vi.resetAllMocks();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => vi.useRealTimers());

const settle = async (ms = TAX_SEARCH_DEBOUNCE_MS + 10) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

function openPicker(props: Partial<Parameters<typeof TaxSourcePickerDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(<TaxSourcePickerDialog open tenantId={3} onConfirm={onConfirm} onCancel={onCancel} {...props} />);
  return { onConfirm, onCancel };
}

describe('TaxSourcePickerDialog', () => {
  it('is 400 wide, titled 请选择税源地, with a lookup box of at most 30 characters', async () => {
    api.searchTaxSources.mockResolvedValue(page([]));
    openPicker();
    await settle();
    expect(screen.getByText('请选择税源地', { selector: '.ant-modal-title' })).toBeTruthy();
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('400px');
    expect((screen.getByLabelText('税源地名称') as HTMLInputElement).maxLength).toBe(30);
  });

  it('swallows a failed lookup: no message, 暂无数据, and the dialog stays usable', async () => {
    api.searchTaxSources.mockRejectedValueOnce(new Error('network down'));
    openPicker();
    await settle();
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(toasts.warning).not.toHaveBeenCalled();
    expect(toasts.error).not.toHaveBeenCalled();
    api.searchTaxSources.mockResolvedValue(page([source(1, '海南税源地')]));
    fireEvent.change(screen.getByLabelText('税源地名称'), { target: { value: '海南' } });
    await settle();
    expect(await screen.findByText('海南税源地')).toBeTruthy();
  });

  it('lists the first page of the tenant’s tax sources, 20 at a time; 暂无数据 when none', async () => {
    api.searchTaxSources.mockResolvedValue(page([]));
    openPicker();
    await settle();
    expect(api.searchTaxSources).toHaveBeenCalledWith({ tenantId: 3, taxName: undefined, pageNo: 1, pageSize: 20 });
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });

  it('searches by name after a pause in typing, and ignores the answer of an older search', async () => {
    let answerOld: (value: unknown) => void = () => undefined;
    api.searchTaxSources
      .mockResolvedValueOnce(page([source(1, '上海市浦东新区税务局')]))
      .mockImplementationOnce(() => new Promise((resolve) => (answerOld = resolve)))
      .mockResolvedValueOnce(page([source(3, '海南省海口市税务局')]));
    openPicker();
    await settle();
    const box = screen.getByLabelText('税源地名称');
    fireEvent.change(box, { target: { value: '上' } });
    fireEvent.change(box, { target: { value: '上海' } });
    await settle();
    expect(api.searchTaxSources).toHaveBeenCalledTimes(2);
    expect(api.searchTaxSources).toHaveBeenLastCalledWith(expect.objectContaining({ taxName: '上海', pageNo: 1 }));
    fireEvent.change(box, { target: { value: '海南' } });
    await settle();
    expect(await screen.findByText('海南省海口市税务局')).toBeTruthy();
    // the older search answers last: its rows must not replace the newer ones
    await act(async () => answerOld(page([source(2, '上海市徐汇区税务局')])));
    expect(screen.queryByText('上海市徐汇区税务局')).toBeNull();
    expect(screen.getByText('海南省海口市税务局')).toBeTruthy();
  });

  it('loads the next page when scrolled to the bottom', async () => {
    const first = Array.from({ length: 20 }, (_, i) => source(i + 1, `第${i + 1}税源地`));
    api.searchTaxSources
      .mockResolvedValueOnce(page(first, 25))
      .mockResolvedValueOnce(page([source(21, '第21税源地')], 25));
    openPicker();
    await settle();
    const results = screen.getByTestId('tax-source-results');
    Object.defineProperties(results, {
      scrollHeight: { value: 1000, configurable: true },
      clientHeight: { value: 280, configurable: true },
      scrollTop: { value: 720, configurable: true },
    });
    fireEvent.scroll(results);
    await settle(10);
    expect(api.searchTaxSources).toHaveBeenLastCalledWith(expect.objectContaining({ pageNo: 2 }));
    expect(await screen.findByText('第21税源地')).toBeTruthy();
    expect(screen.getByText('第1税源地')).toBeTruthy();
  });

  it('warns 请选择税源地 when confirming with nothing chosen', async () => {
    api.searchTaxSources.mockResolvedValue(page([source(1, '上海市浦东新区税务局')]));
    const { onConfirm } = openPicker();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(toasts.warning).toHaveBeenCalledWith('请选择税源地');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms the chosen tax source; cancel closes', async () => {
    api.searchTaxSources.mockResolvedValue(page([source(1, '上海市浦东新区税务局'), source(2, '成都市高新区税务局')]));
    const { onConfirm, onCancel } = openPicker();
    await settle();
    fireEvent.click(await screen.findByText('成都市高新区税务局'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(onConfirm).toHaveBeenCalledWith(source(2, '成都市高新区税务局'));
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('shows the earlier choice selected', async () => {
    api.searchTaxSources.mockResolvedValue(page([source(1, '上海市浦东新区税务局')]));
    const { onConfirm } = openPicker({ value: source(1, '上海市浦东新区税务局') });
    await settle();
    await waitFor(() => expect(screen.getByRole('radio').closest('label')?.className).toContain('checked'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(onConfirm).toHaveBeenCalledWith(source(1, '上海市浦东新区税务局'));
  });
});
