import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG, renderWithQuery } from '../../components/list/testing';
import { at, invoiceInfo } from './invoice-fixtures';
import { InvoiceInfoDialog } from './InvoiceInfoDialog';

const api = await vi.hoisted(async () => (await import('./invoice-fixtures')).mockInvoiceCalls());
vi.mock('./invoice-calls', () => api);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const submit = () => fireEvent.click(document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement);
const field = (placeholder: string) => screen.getByPlaceholderText(placeholder) as HTMLInputElement;
const type = (placeholder: string, value: string) => fireEvent.change(field(placeholder), { target: { value } });

beforeEach(() => {
  vi.resetAllMocks();
});

describe('InvoiceInfoDialog', { timeout: 60_000 }, () => {
  it('shows who saved it last, and 修改记录 lists every save, newest first', async () => {
    api.fetchInvoiceInfo.mockResolvedValue(invoiceInfo());
    api.fetchInvoiceInfoRecords.mockResolvedValue({
      records: [
        {
          id: 2,
          companyAddress: '杭州市西湖区文三路 100 号',
          companyPhone: '0571-88880000',
          bankDeposit: '中国工商银行杭州分行',
          bankAccount: '6222020000000001234',
          createName: '周敏',
          createTime: at('2026-11-01T09:00:00'),
        },
        {
          id: 1,
          companyAddress: '杭州市西湖区文二路 8 号',
          companyPhone: '0571-88881111',
          bankDeposit: '中国工商银行杭州分行',
          bankAccount: '6222020000000001234',
          createName: '李静怡',
          createTime: at('2026-10-12T15:30:00'),
        },
      ],
      total: 2,
    });
    renderWithQuery(<InvoiceInfoDialog open onClose={() => undefined} />);
    expect(await screen.findByText('周敏 2026-11-01 09:00:00', {}, LONG)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '修改记录' }));
    expect(await screen.findByText('杭州市西湖区文二路 8 号', {}, LONG)).toBeTruthy();
    expect(screen.getByText('2026-10-12 15:30:00')).toBeTruthy();
    expect(api.fetchInvoiceInfoRecords).toHaveBeenCalledWith({ companyId: undefined, pageNo: 1, pageSize: 10 });
  });

  it('has no records to show before the first save', async () => {
    api.fetchInvoiceInfo.mockResolvedValue(invoiceInfo({ createName: '', createTime: null }));
    renderWithQuery(<InvoiceInfoDialog open onClose={() => undefined} />);
    await screen.findByDisplayValue('杭州星联医药科技有限公司', {}, LONG);
    expect(screen.queryByRole('button', { name: '修改记录' })).toBeNull();
  });

  it('shows the header and tax number read-only and the saved info to edit', async () => {
    api.fetchInvoiceInfo.mockResolvedValue(invoiceInfo());
    renderWithQuery(<InvoiceInfoDialog open onClose={() => undefined} />);
    expect(await screen.findByText('编辑开票信息', { selector: '.ant-modal-title' }, LONG)).toBeTruthy();
    const header = (await screen.findByDisplayValue('杭州星联医药科技有限公司', {}, LONG)) as HTMLInputElement;
    expect(header.disabled).toBe(true);
    expect((screen.getByDisplayValue('91330100MA2XXXXX1K') as HTMLInputElement).disabled).toBe(true);
    await waitFor(() => expect(field('请输入公司注册地址').value).toBe('杭州市西湖区文三路 100 号'));
    expect(field('请输入银行账号').value).toBe('6222020000000001234');
    expect(api.fetchInvoiceInfo).toHaveBeenCalledWith(undefined);
    expect([
      field('请输入公司注册地址').maxLength,
      field('请输入公司电话').maxLength,
      field('请输入开户银行').maxLength,
      field('请输入银行账号').maxLength,
    ]).toEqual([100, 13, 100, 30]);
  });

  it('names each empty field with the spec message', async () => {
    api.fetchInvoiceInfo.mockResolvedValue(
      invoiceInfo({ companyAddress: '', companyPhone: '', bankDeposit: '', bankAccount: '', createTime: null }),
    );
    renderWithQuery(<InvoiceInfoDialog open onClose={() => undefined} />);
    await screen.findByPlaceholderText('请输入公司注册地址', {}, LONG);
    submit();
    expect(await screen.findByText('请输入公司注册地址')).toBeTruthy();
    expect(screen.getByText('请输入公司电话')).toBeTruthy();
    expect(screen.getByText('请输入开户银行')).toBeTruthy();
    expect(screen.getByText('请输入银行账号')).toBeTruthy();
    expect(api.saveInvoiceInfo).not.toHaveBeenCalled();
  });

  it('refuses a wrong phone, a bank name that is not Chinese and a short account', async () => {
    api.fetchInvoiceInfo.mockResolvedValue(invoiceInfo());
    renderWithQuery(<InvoiceInfoDialog open onClose={() => undefined} />);
    await waitFor(() => expect(field('请输入公司注册地址').value).not.toBe(''), LONG);
    type('请输入公司电话', '12345');
    type('请输入开户银行', 'ICBC');
    type('请输入银行账号', '12345');
    submit();
    expect(await screen.findByText('请输入正确的电话号码')).toBeTruthy();
    expect(screen.getByText('只能输入中文')).toBeTruthy();
    expect(screen.getByText('请输入正确的银行卡号')).toBeTruthy();
    expect(api.saveInvoiceInfo).not.toHaveBeenCalled();
  });

  it('keeps the account to digits: e . + - are refused and pasted text loses its non-digits', async () => {
    api.fetchInvoiceInfo.mockResolvedValue(invoiceInfo());
    renderWithQuery(<InvoiceInfoDialog open onClose={() => undefined} />);
    await waitFor(() => expect(field('请输入银行账号').value).not.toBe(''), LONG);
    const account = field('请输入银行账号');
    for (const key of ['e', 'E', '.', '+', '-']) {
      expect(fireEvent.keyDown(account, { key }), key).toBe(false);
    }
    expect(fireEvent.keyDown(account, { key: '7' })).toBe(true);
    type('请输入银行账号', '6222-0200 0000.0001e');
    await waitFor(() => expect(field('请输入银行账号').value).toBe('6222020000000001'));
  });

  it('saves the four fields, says the server words and closes', async () => {
    api.fetchInvoiceInfo.mockResolvedValue(invoiceInfo());
    api.saveInvoiceInfo.mockResolvedValue('保存成功');
    const onClose = vi.fn();
    renderWithQuery(<InvoiceInfoDialog open onClose={onClose} />);
    await waitFor(() => expect(field('请输入公司注册地址').value).not.toBe(''), LONG);
    type('请输入公司电话', '13800000003');
    type('请输入公司注册地址', ' 杭州市上城区解放路 1 号 ');
    submit();
    await waitFor(() =>
      expect(api.saveInvoiceInfo).toHaveBeenCalledWith({
        companyAddress: '杭州市上城区解放路 1 号',
        companyPhone: '13800000003',
        bankDeposit: '中国工商银行杭州分行',
        bankAccount: '6222020000000001234',
      }),
    );
    expect(toasts.success).toHaveBeenCalledWith('保存成功');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
