import type { UploadedFile } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonByText, LONG, renderWithQuery } from '../../components/list/testing';
import { fileOf, HEADS, pick } from '../../components/upload/upload-test-utils';
import { invoiceDetail, invoiceRow } from './invoice-fixtures';
import { InvoiceStatusDialog } from './InvoiceStatusDialog';

const api = await vi.hoisted(async () => (await import('./invoice-fixtures')).mockInvoiceCalls());
vi.mock('./invoice-calls', () => api);
const system = vi.hoisted(() => ({ configValue: vi.fn(), configValueKey: (key: string) => ['config', key] }));
vi.mock('../../app/shell-calls', () => system);
const files = vi.hoisted(() => ({ uploadForm: vi.fn(), fileLink: vi.fn() }));
vi.mock('../../components/upload/file-calls', () => files);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

/** invoice.number configured as `numberMax`, the upload size as 10 MB. */
function configure(numberMax: string | null) {
  system.configValue.mockImplementation(async (key: string) =>
    key === 'invoice.number'
      ? numberMax === null
        ? null
        : { configKey: key, content: numberMax }
      : { configKey: key, content: '10' },
  );
}

/** The dialog's 确定 (the picker has one of its own). */
const submit = () => fireEvent.click(document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement);
const inputs = (label: string) =>
  Array.from(document.querySelectorAll<HTMLInputElement>(`input[aria-label^="${label}"]`));

const uploaded = (name: string): UploadedFile => ({
  id: 88,
  name,
  address: '/api/resource/file/3/INVOICE000000000009',
  fileName: name,
  fileAddress: '/api/resource/file/3/INVOICE000000000009',
  fileType: 'pdf',
  fileSize: 1024,
  createTime: 0,
  delFlag: 0,
  url: '/signed',
});

beforeEach(() => {
  vi.resetAllMocks();
  configure('2');
});

describe('InvoiceStatusDialog', { timeout: 60_000 }, () => {
  it('状态更新 asks for the time, each number and each express number of a paper invoice', async () => {
    api.fetchInvoiceDetail.mockResolvedValue({ ...invoiceDetail(5), ...invoiceRow(5), bizSn: [], picAddress: [] });
    renderWithQuery(<InvoiceStatusDialog invoiceId={5} mode="update" onClose={() => undefined} />);
    expect(await screen.findByText('状态更新', { selector: '.ant-modal-title' }, LONG)).toBeTruthy();
    await screen.findByText('快递（纸质发票）', {}, LONG);
    submit();
    expect(await screen.findByText('请选择开票时间')).toBeTruthy();
    expect(screen.getByText('请输入发票号码')).toBeTruthy();
    expect(screen.getByText('请输入快递号码')).toBeTruthy();
    expect(api.updateInvoiceStatus).not.toHaveBeenCalled();

    fireEvent.change(inputs('发票号码')[0], { target: { value: 'NO-1' } });
    expect(await screen.findByText('发票号码只能包含字母和数字，且不超过50个字符')).toBeTruthy();
    fireEvent.change(inputs('快递号码')[0], { target: { value: 'SF12345678901234' } });
    expect(await screen.findByText('快递号码只能包含字母和数字，且不超过15个字符')).toBeTruthy();
    // the express input holds 15 characters at most
    expect(inputs('快递号码')[0].maxLength).toBe(15);
    expect(inputs('发票号码')[0].maxLength).toBe(50);

    // a typed issue time, confirmed in the picker, travels as China wall time
    api.updateInvoiceStatus.mockResolvedValue('状态已更新');
    const picker = document.querySelector('.ant-picker input') as HTMLInputElement;
    fireEvent.mouseDown(picker);
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: '2026-11-21 10:00:00' } });
    fireEvent.click(await waitFor(() => document.querySelector('.ant-picker-ok button') as HTMLElement));
    fireEvent.change(inputs('发票号码')[0], { target: { value: '04400001' } });
    fireEvent.change(inputs('快递号码')[0], { target: { value: 'SF1234567890' } });
    submit();
    await waitFor(() =>
      expect(api.updateInvoiceStatus).toHaveBeenCalledWith({
        invoiceId: 5,
        invoiceTime: '2026-11-21 10:00:00',
        bizSnJson: ['04400001'],
        expressJson: ['SF1234567890'],
        picListJson: [],
      }),
    );
  });

  it('stops adding invoice numbers at the configured invoice.number with 发票号码添加上限为N个', async () => {
    api.fetchInvoiceDetail.mockResolvedValue({ ...invoiceDetail(5), ...invoiceRow(5), bizSn: [], picAddress: [] });
    renderWithQuery(<InvoiceStatusDialog invoiceId={5} mode="update" onClose={() => undefined} />);
    await screen.findByText('快递（纸质发票）', {}, LONG);
    await waitFor(() => expect(system.configValue).toHaveBeenCalledWith('invoice.number'));
    fireEvent.click(buttonByText('添加发票号码'));
    await waitFor(() => expect(inputs('发票号码')).toHaveLength(2));
    fireEvent.click(buttonByText('添加发票号码'));
    expect(toasts.warning).toHaveBeenCalledWith('发票号码添加上限为2个');
    expect(inputs('发票号码')).toHaveLength(2);
    // a row can be removed again
    fireEvent.click(screen.getByLabelText('删除发票号码2'));
    await waitFor(() => expect(inputs('发票号码')).toHaveLength(1));
  });

  it('takes ten express numbers at most, and 10 invoice numbers when invoice.number is not configured', async () => {
    configure(null);
    api.fetchInvoiceDetail.mockResolvedValue({ ...invoiceDetail(5), ...invoiceRow(5), bizSn: [], picAddress: [] });
    renderWithQuery(<InvoiceStatusDialog invoiceId={5} mode="update" onClose={() => undefined} />);
    await screen.findByText('快递（纸质发票）', {}, LONG);
    for (let count = 1; count < 10; count += 1) fireEvent.click(buttonByText('添加快递号码'));
    await waitFor(() => expect(inputs('快递号码')).toHaveLength(10));
    fireEvent.click(buttonByText('添加快递号码'));
    expect(toasts.warning).toHaveBeenCalledWith('快递号码添加上限为10个');
    for (let count = 1; count < 10; count += 1) fireEvent.click(buttonByText('添加发票号码'));
    await waitFor(() => expect(inputs('发票号码')).toHaveLength(10));
    fireEvent.click(buttonByText('添加发票号码'));
    expect(toasts.warning).toHaveBeenCalledWith('发票号码添加上限为10个');
  });

  it('编辑状态信息 starts from what the invoice holds and sends numbers, express numbers and files', async () => {
    api.fetchInvoiceDetail.mockResolvedValue(invoiceDetail(5));
    api.updateInvoiceStatus.mockResolvedValue('状态已更新');
    files.uploadForm.mockImplementation(async (_target: string, form: FormData) => {
      expect(form.get('uploadPath')).toBe('invoice');
      expect(form.get('id')).toBe('5');
      expect(form.get('scene')).toBe('invoice');
      return uploaded((form.get('file') as File).name);
    });
    const onClose = vi.fn();
    renderWithQuery(<InvoiceStatusDialog invoiceId={5} mode="edit" onClose={onClose} />);
    expect(await screen.findByText('编辑状态信息', { selector: '.ant-modal-title' }, LONG)).toBeTruthy();
    await waitFor(() => expect(inputs('发票号码').map((input) => input.value)).toEqual(['04400001', '04400002']));
    expect(inputs('快递号码').map((input) => input.value)).toEqual(['SF1234567890']);
    expect((document.querySelector('.ant-picker input') as HTMLInputElement).value).toBe('2026-11-21 10:00:00');
    expect(screen.getByText('发票一.png')).toBeTruthy();
    // the invoice's file types: ofd and xml besides images and PDF
    expect(screen.getByText(/支持 jpg、jpeg、png、pdf、ofd、xml 格式/)).toBeTruthy();

    // one file removed, one uploaded under the invoice
    fireEvent.click(screen.getByLabelText('删除 发票一.png'));
    pick(document.body, fileOf('新发票.pdf', HEADS.pdf));
    await screen.findByText('新发票.pdf');
    fireEvent.change(inputs('发票号码')[1], { target: { value: ' 04400003 ' } });
    submit();
    await waitFor(() =>
      expect(api.updateInvoiceStatus).toHaveBeenCalledWith({
        invoiceId: 5,
        invoiceTime: '2026-11-21 10:00:00',
        bizSnJson: ['04400001', '04400003'],
        expressJson: ['SF1234567890'],
        picListJson: ['/api/resource/file/3/INVOICE000000000002', '/api/resource/file/3/INVOICE000000000009'],
      }),
    );
    expect(toasts.success).toHaveBeenCalledWith('状态已更新');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('asks no express numbers of an e-mailed invoice', async () => {
    api.fetchInvoiceDetail.mockResolvedValue(
      invoiceDetail(6, { invoiceSendingType: 2, bizSn: [{ type: 1, bizSn: '04400001' }], picAddress: [] }),
    );
    api.updateInvoiceStatus.mockResolvedValue('');
    renderWithQuery(<InvoiceStatusDialog invoiceId={6} mode="edit" onClose={() => undefined} />);
    await screen.findByText('邮箱（电子发票）', {}, LONG);
    expect(screen.queryByText('添加快递号码')).toBeNull();
    submit();
    await waitFor(() =>
      expect(api.updateInvoiceStatus).toHaveBeenCalledWith(
        expect.objectContaining({ invoiceId: 6, bizSnJson: ['04400001'], expressJson: [], picListJson: [] }),
      ),
    );
    // no words from the server: the screen's own
    expect(toasts.success).toHaveBeenCalledWith('状态已更新');
    expect(within(document.body).queryByText('请输入快递号码')).toBeNull();
  });
});
