import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG, renderWithQuery, Where } from '../../components/list/testing';
import { SettlementInvoiceLink } from './SettlementInvoiceLink';

const api = await vi.hoisted(async () => (await import('./invoice-fixtures')).mockInvoiceCalls());
vi.mock('./invoice-calls', () => api);

beforeEach(() => {
  vi.resetAllMocks();
});

describe('SettlementInvoiceLink', { timeout: 60_000 }, () => {
  it('names the settlement’s invoice with its status and opens its detail', async () => {
    api.fetchSettlementInvoice.mockResolvedValue({
      invoice: {
        id: 7,
        invoiceSn: 'FP26112700000007',
        invoiceNum: '24310001，24310002',
        invoiceRecipientStatus: 1,
        invoiceRecipientStatus_dictText: '待查收',
      },
      list: [],
    });
    renderWithQuery(
      <>
        <SettlementInvoiceLink settlementId={12} />
        <Where />
      </>,
    );
    expect(await screen.findByText('24310001，24310002', {}, LONG)).toBeTruthy();
    expect(screen.getByText('待查收')).toBeTruthy();
    expect(api.fetchSettlementInvoice).toHaveBeenCalledWith(12);
    fireEvent.click(screen.getByRole('button', { name: '查看发票' }));
    expect(screen.getByTestId('where').textContent).toBe('/invoice/invoiceList?id=7');
  });

  it('shows the invoice number before it is issued, and 暂无相关发票信息 without an invoice', async () => {
    api.fetchSettlementInvoice.mockResolvedValueOnce({
      invoice: {
        id: 8,
        invoiceSn: 'FP26112700000008',
        invoiceNum: '',
        invoiceRecipientStatus: 0,
        invoiceRecipientStatus_dictText: '待开票',
      },
      list: [],
    });
    const first = renderWithQuery(<SettlementInvoiceLink settlementId={13} />);
    expect(await screen.findByText('FP26112700000008', {}, LONG)).toBeTruthy();
    first.unmount();
    api.fetchSettlementInvoice.mockResolvedValueOnce({ invoice: null, list: [] });
    renderWithQuery(<SettlementInvoiceLink settlementId={14} />);
    expect(await screen.findByText('暂无相关发票信息', {}, LONG)).toBeTruthy();
  });
});
