import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http';
import { useSession } from '../../app/session-store';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { buttonByText, LONG, renderWithQuery, signedInAs, Where } from '../../components/list/testing';
import { InvoiceDetailView } from './InvoiceDetailView';
import { invoiceDetail, invoiceSettlement } from './invoice-fixtures';

const api = await vi.hoisted(async () => (await import('./invoice-fixtures')).mockInvoiceCalls());
vi.mock('./invoice-calls', () => api);
const files = vi.hoisted(() => ({ fileLink: vi.fn(), uploadForm: vi.fn() }));
vi.mock('../../components/upload/file-calls', () => files);
const opening = vi.hoisted(() => ({ openStoredFile: vi.fn(), opensInline: vi.fn() }));
vi.mock('../../components/upload/open-file', () => opening);
vi.mock('./InvoiceStatusDialog', () => ({
  InvoiceStatusDialog: ({ invoiceId, mode }: { invoiceId: number | null; mode: string }) =>
    invoiceId === null ? null : <div data-testid="status-dialog">{`${mode} ${invoiceId}`}</div>,
}));
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const onBack = vi.fn();

function renderDetail(id = 5) {
  return renderWithQuery(
    <ConfirmProvider>
      <Routes>
        <Route path="/invoice/invoiceList" element={<InvoiceDetailView invoiceId={id} onBack={onBack} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </ConfirmProvider>,
    { at: '/invoice/invoiceList' },
  );
}

/** The card section headed `title`. */
const block = (title: string) => screen.getByText(title).closest('section, .ant-card') as HTMLElement;
const itemOf = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label).closest('.ant-descriptions-item') as HTMLElement;

beforeEach(() => {
  vi.resetAllMocks();
  files.fileLink.mockImplementation(async (address: string) => ({ url: `https://files.test${address}` }));
  api.fetchInvoiceSettlements.mockResolvedValue({
    records: [invoiceSettlement(11), invoiceSettlement(12, { projectName: '心血管学术推广' })],
    total: 2,
  });
});

describe('InvoiceDetailView', { timeout: 60_000 }, () => {
  it('offers the platform 导出发票 with its code, and the enterprise never', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: ['invoice:list:view', 'invoice:list:download'] });
    api.fetchInvoiceDetail.mockResolvedValue(invoiceDetail(5));
    api.exportInvoice.mockResolvedValue(31);
    const platform = renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: /导出发票/ }, LONG));
    expect(api.exportInvoice).toHaveBeenCalledWith(5);
    platform.unmount();

    useSession.setState({ permList: ['invoice:list:view'] });
    const withoutCode = renderDetail();
    await screen.findByText('发票详情', {}, LONG);
    expect(screen.queryByRole('button', { name: /导出发票/ })).toBeNull();
    withoutCode.unmount();

    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['invoice:list:view', 'invoice:list:download'] });
    renderDetail();
    await screen.findByText('发票详情', {}, LONG);
    expect(screen.queryByRole('button', { name: /导出发票/ })).toBeNull();
  });

  it('shows the status, invoice, mailing, files, settlements and record blocks of a sent paper invoice', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: ['invoice:list:view', 'invoice:list:update', 'settlement:list:view'] });
    api.fetchInvoiceDetail.mockResolvedValue(invoiceDetail(5));
    renderDetail();
    await screen.findByText('发票详情', {}, LONG);
    expect(api.fetchInvoiceDetail).toHaveBeenCalledWith(5);

    const status = block('发票状态');
    expect(within(itemOf(status, '发送状态')).getByText('已发送')).toBeTruthy();
    expect(within(itemOf(status, '收件状态')).getByText('待查收').getAttribute('data-style')).toBe('warn');
    expect(within(itemOf(status, '开票时间')).getByText('2026-11-21 10:00:00')).toBeTruthy();
    expect(within(itemOf(status, '开票人')).getByText('李开票')).toBeTruthy();

    const info = block('发票信息');
    expect(within(itemOf(info, '税号')).getByText('91330100MA2XXXXX1K')).toBeTruthy();
    expect(within(itemOf(info, '发票类型')).getByText('增值税专用发票')).toBeTruthy();
    expect(within(itemOf(info, '开票类目')).getByText('现代服务*企业管理服务')).toBeTruthy();
    expect(within(itemOf(info, '开票金额')).getByText('¥1,060.00')).toBeTruthy();
    expect(within(itemOf(info, '发票号码')).getByText('04400001，04400002')).toBeTruthy();
    expect(within(itemOf(info, '银行账号')).getByText('6222020000000001234')).toBeTruthy();

    const mailing = block('邮寄信息');
    expect(within(itemOf(mailing, '寄送方式')).getByText('快递（纸质发票）')).toBeTruthy();
    expect(within(itemOf(mailing, '收件人')).getByText('王芳')).toBeTruthy();
    expect(within(itemOf(mailing, '快递号码')).getByText('SF1234567890')).toBeTruthy();
    expect(within(mailing).queryByText('收件邮箱')).toBeNull();

    // the image as a thumbnail of its signed link, the PDF as a download
    const filesBlock = block('发票文件');
    const image = (await within(filesBlock).findByAltText('发票一.png')) as HTMLImageElement;
    expect(image.src).toBe('https://files.test/api/resource/file/3/INVOICE000000000001');
    // a click opens the viewer
    fireEvent.click(image);
    await waitFor(() => expect(document.querySelector('.ant-image-preview')).not.toBeNull());
    fireEvent.click(within(filesBlock).getByText('发票二.pdf'));
    expect(opening.openStoredFile).toHaveBeenCalledWith('/api/resource/file/3/INVOICE000000000002', 'attachment');

    // 操作记录 in China time
    const records = block('操作记录');
    expect(within(records).getByText('状态更新')).toBeTruthy();
    expect(within(records).getByText(/2026-11-21 10:00:00 李开票/)).toBeTruthy();

    // sent, not yet received: the platform may edit the status information
    fireEvent.click(buttonByText('编辑状态信息'));
    expect((await screen.findByTestId('status-dialog')).textContent).toBe('edit 5');

    // 关联结算单, ten a page; a number opens the settlement's detail
    const settlements = block('关联结算单');
    await within(settlements).findByText('JS202611100011', {}, LONG);
    expect(api.fetchInvoiceSettlements).toHaveBeenCalledWith(5, 1, 10);
    expect(within(settlements).getByText('心血管学术推广')).toBeTruthy();
    expect(within(settlements).getAllByText('¥530.00')).toHaveLength(2);
    expect(within(settlements).getAllByText('2026-11-12 15:00:00')).toHaveLength(2);
    fireEvent.click(within(settlements).getByText('JS202611100012'));
    expect((await screen.findByTestId('where')).textContent).toBe('/settlement/order/list?isPage=notice&id=12');
  });

  it('shows an e-mailed invoice without files: its address, 无发票文件, 暂无数据 for no statements', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: ['invoice:list:view', 'invoice:list:update'] });
    api.fetchInvoiceDetail.mockResolvedValue(
      invoiceDetail(6, {
        invoiceSendingType: 2,
        invoiceSendStatus: 1,
        invoiceRecipientStatus: 0,
        invoiceTime: null,
        invoiceNum: '',
        recipientEmail: 'caiwu@xinglian.com',
        bizSn: [],
        expressNum: '',
        picAddress: [],
        records: [],
      }),
    );
    api.fetchInvoiceSettlements.mockResolvedValue({ records: [], total: 0 });
    renderDetail(6);
    await screen.findByText('发票详情', {}, LONG);
    const mailing = block('邮寄信息');
    expect(within(itemOf(mailing, '收件邮箱')).getByText('caiwu@xinglian.com')).toBeTruthy();
    expect(within(mailing).queryByText('快递号码')).toBeNull();
    expect(within(block('发票文件')).getByText('无发票文件')).toBeTruthy();
    expect(within(block('操作记录')).getByText('暂无数据')).toBeTruthy();
    expect((await within(block('关联结算单')).findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(files.fileLink).not.toHaveBeenCalled();
    // pending: 状态更新, not 编辑状态信息
    fireEvent.click(buttonByText('状态更新'));
    expect((await screen.findByTestId('status-dialog')).textContent).toBe('update 6');
    expect(screen.queryByText('编辑状态信息')).toBeNull();
  });

  it('lets the enterprise 查收 a pending invoice after the exact confirmation', async () => {
    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['invoice:list:view', 'invoice:list:receive'] });
    api.fetchInvoiceDetail.mockResolvedValue(invoiceDetail(5));
    api.confirmInvoiceReceipt.mockResolvedValue('已查收');
    renderDetail();
    await screen.findByText('发票详情', {}, LONG);
    expect(screen.queryByText('编辑状态信息')).toBeNull();
    const loads = api.fetchInvoiceDetail.mock.calls.length;
    fireEvent.click(buttonByText(/^查\s*收$/));
    expect(await screen.findByText('确认已收到纸质（电子）发票')).toBeTruthy();
    fireEvent.click(buttonByText(/确\s*定/));
    await waitFor(() => expect(api.confirmInvoiceReceipt).toHaveBeenCalledWith([5]));
    expect(toasts.success).toHaveBeenCalledWith('已查收');
    await waitFor(() => expect(api.fetchInvoiceDetail.mock.calls.length).toBeGreaterThan(loads));
  });

  it('says 发票不存在 for a missing invoice, with the way back', async () => {
    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['invoice:list:view'] });
    api.fetchInvoiceDetail.mockRejectedValue(new ApiError('发票不存在', 404, null, 404));
    renderDetail(99);
    expect(await screen.findByText('发票不存在', {}, LONG)).toBeTruthy();
    fireEvent.click(buttonByText(/返\s*回/));
    expect(onBack).toHaveBeenCalled();
  });
});
