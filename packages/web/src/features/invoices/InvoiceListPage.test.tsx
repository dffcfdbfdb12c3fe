import { defaultColumns } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { buttonByText, LONG, renderWithQuery, signedInAs, Where } from '../../components/list/testing';
import InvoiceListPage from './InvoiceListPage';
import { invoiceRow } from './invoice-fixtures';

const layouts = vi.hoisted(() => ({ fetchColumnLayout: vi.fn(), saveColumnLayout: vi.fn() }));
vi.mock('../../components/list/column-layout-calls', () => layouts);
const api = await vi.hoisted(async () => (await import('./invoice-fixtures')).mockInvoiceCalls());
vi.mock('./invoice-calls', () => api);
// the detail and the dialogs are their own tests' subjects; here only what the list hands them
vi.mock('./InvoiceDetailView', () => ({
  InvoiceDetailView: ({ invoiceId, onBack }: { invoiceId: number; onBack(): void }) => (
    <button type="button" data-testid="invoice-detail" onClick={onBack}>{`发票详情 ${invoiceId}`}</button>
  ),
}));
vi.mock('./InvoiceStatusDialog', () => ({
  InvoiceStatusDialog: ({ invoiceId, mode }: { invoiceId: number | null; mode: string }) =>
    invoiceId === null ? null : <div data-testid="status-dialog">{`${mode} ${invoiceId}`}</div>,
}));
vi.mock('./InvoiceApplyDialog', () => ({
  InvoiceApplyDialog: ({ open }: { open: boolean }) => (open ? <div data-testid="apply-dialog" /> : null),
}));
vi.mock('./InvoiceInfoDialog', () => ({
  InvoiceInfoDialog: ({ open }: { open: boolean }) => (open ? <div data-testid="info-dialog" /> : null),
}));
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

function renderPage(at = '/invoice/invoiceList', page = <InvoiceListPage />) {
  return renderWithQuery(
    <ConfirmProvider>
      <Routes>
        <Route path="/invoice/invoiceList" element={page} />
        <Route path="/projectManage/project/summary" element={page} />
        <Route path="*" element={<Where />} />
      </Routes>
    </ConfirmProvider>,
    { at },
  );
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const rowButtons = (sn: string) =>
  Array.from(rowOf(sn).querySelectorAll('.list-actions button')).map((button) => button.textContent);
const headers = () => Array.from(document.querySelectorAll('thead th')).map((cell) => cell.textContent);

/** Three invoices: applied, sent, received; told apart by their invoice numbers. */
const threeStates = () => ({
  records: [
    invoiceRow(1, { invoiceNum: 'N-APPLIED' }),
    invoiceRow(2, {
      invoiceSendStatus: 2,
      invoiceRecipientStatus: 1,
      invoiceNum: 'N-SENT',
      invoiceTime: new Date('2026-11-21T10:00:00+08:00').getTime(),
    }),
    invoiceRow(3, { invoiceSendStatus: 2, invoiceRecipientStatus: 2, invoiceNum: 'N-RECEIVED' }),
  ],
  total: 3,
});

beforeEach(() => {
  vi.resetAllMocks();
  layouts.fetchColumnLayout.mockImplementation(async (serviceName: 'invoiceList') => {
    const { side, userInfo } = useSession.getState();
    const audience = side === 'enterprise' ? 'enterprise' : userInfo?.userIdentity === 1 ? 'admin' : 'platform';
    return { serviceName, type: 0, contentJson: defaultColumns(serviceName, audience), custom: false };
  });
});

describe('InvoiceListPage', { timeout: 60_000 }, () => {
  it('offers the platform 状态更新 while pending and 编辑状态信息 while sent, in the spec’s columns', async () => {
    signedInAs('platform', 2);
    useSession.setState({
      permList: ['invoice:list:view', 'invoice:list:update', 'enterpriseAccountManage:info:view'],
    });
    api.fetchInvoices.mockResolvedValue(threeStates());
    renderPage();
    await screen.findByText('N-APPLIED', {}, LONG);
    expect(api.fetchInvoices).toHaveBeenCalledWith(expect.objectContaining({ pageNo: 1, pageSize: 10 }));
    // a tenant's staff see their one platform and the send status only when they add them (字段设置)
    expect(headers()).toEqual(['发票抬头', '开票金额(元)', '收件状态', '申请时间', '开票时间', '发票号码', '操作']);
    expect(rowButtons('N-APPLIED')).toEqual(['详情', '状态更新']);
    expect(rowButtons('N-SENT')).toEqual(['详情', '编辑状态信息']);
    // received: final, nothing to change
    expect(rowButtons('N-RECEIVED')).toEqual(['详情']);
    // recipient status 0 main, 1 warn, 2 success
    const tags = (sn: string) =>
      Array.from(rowOf(sn).querySelectorAll('.status-tag')).map(
        (tag) => `${tag.textContent}:${tag.getAttribute('data-style')}`,
      );
    expect(tags('N-APPLIED')).toEqual(['待开票:main']);
    expect(tags('N-SENT')).toEqual(['待查收:warn']);
    expect(tags('N-RECEIVED')).toEqual(['已查收:success']);
    expect(within(rowOf('N-SENT')).getByText('2026-11-21 10:00:00')).toBeTruthy();
    expect(within(rowOf('N-SENT')).getByText('¥1,060.00')).toBeTruthy();
    // the enterprise's buttons are not the platform's
    expect(screen.queryByText('申请开票')).toBeNull();

    fireEvent.click(within(rowOf('N-APPLIED')).getByText('状态更新'));
    expect((await screen.findByTestId('status-dialog')).textContent).toBe('update 1');
    fireEvent.click(within(rowOf('N-SENT')).getByText('编辑状态信息'));
    await waitFor(() => expect(screen.getByTestId('status-dialog').textContent).toBe('edit 2'));
  });

  it('hides 状态更新 from platform staff without invoice:list:update', async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: ['invoice:list:view'] });
    api.fetchInvoices.mockResolvedValue(threeStates());
    renderPage();
    await screen.findByText('N-APPLIED', {}, LONG);
    expect(rowButtons('N-APPLIED')).toEqual(['详情']);
    expect(rowButtons('N-SENT')).toEqual(['详情']);
  });

  it('offers the enterprise 查收 of a pending invoice after the exact confirmation, then reloads', async () => {
    signedInAs('enterprise', 2);
    useSession.setState({
      permList: ['invoice:list:view', 'invoice:list:apply', 'invoice:list:receive', 'invoice:info:edit'],
    });
    api.fetchInvoices.mockResolvedValue(threeStates());
    api.confirmInvoiceReceipt.mockResolvedValue('已查收');
    renderPage();
    await screen.findByText('N-APPLIED', {}, LONG);
    expect(headers()).not.toContain('发送状态');
    expect(headers()).not.toContain('所属平台');
    expect(rowButtons('N-APPLIED')).toEqual(['详情']);
    expect(rowButtons('N-SENT')).toEqual(['详情', '查收']);
    expect(rowButtons('N-RECEIVED')).toEqual(['详情']);

    fireEvent.click(within(rowOf('N-SENT')).getByText('查收'));
    expect(await screen.findByText('确认已收到纸质（电子）发票')).toBeTruthy();
    fireEvent.click(buttonByText(/取\s*消/));
    await waitFor(() => expect(screen.queryByText('确认已收到纸质（电子）发票')).toBeNull());
    expect(api.confirmInvoiceReceipt).not.toHaveBeenCalled();

    const calls = api.fetchInvoices.mock.calls.length;
    fireEvent.click(within(rowOf('N-SENT')).getByText('查收'));
    await screen.findByText('确认已收到纸质（电子）发票');
    fireEvent.click(buttonByText(/确\s*定/));
    await waitFor(() => expect(api.confirmInvoiceReceipt).toHaveBeenCalledWith([2]));
    expect(toasts.success).toHaveBeenCalledWith('已查收');
    await waitFor(() => expect(api.fetchInvoices.mock.calls.length).toBeGreaterThan(calls));
  });

  it('gives the enterprise 申请开票 and 开票信息, each by its permission', async () => {
    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['invoice:list:view', 'invoice:list:apply', 'invoice:info:edit'] });
    api.fetchInvoices.mockResolvedValue({ records: [], total: 0 });
    const first = renderPage();
    fireEvent.click(await screen.findByText('申请开票', {}, LONG));
    expect(await screen.findByTestId('apply-dialog')).toBeTruthy();
    fireEvent.click(buttonByText('开票信息'));
    expect(await screen.findByTestId('info-dialog')).toBeTruthy();
    first.unmount();

    useSession.setState({ permList: ['invoice:list:view'] });
    renderPage();
    await screen.findAllByText('暂无数据', {}, LONG);
    expect(screen.queryByText('申请开票')).toBeNull();
    expect(screen.queryByText('开票信息')).toBeNull();
  });

  it('says 暂无数据 when empty and searches by number within 50 characters', async () => {
    signedInAs('platform', 1);
    useSession.setState({ permList: ['invoice:list:view'] });
    api.fetchInvoices.mockResolvedValue({ records: [], total: 0 });
    renderPage();
    expect((await screen.findAllByText('暂无数据', {}, LONG)).length).toBeGreaterThan(0);
    // the operator sees the platform column
    expect(headers()).toContain('所属平台');
    const number = screen.getByPlaceholderText('请输入发票号码') as HTMLInputElement;
    expect(number.maxLength).toBe(50);
    fireEvent.change(number, { target: { value: ' 0440 ' } });
    fireEvent.click(buttonByText(/^查\s*询$/));
    await waitFor(() =>
      expect(api.fetchInvoices).toHaveBeenLastCalledWith(expect.objectContaining({ number: '0440', pageNo: 1 })),
    );
  });

  it("opens the enterprise's info from the invoice header", async () => {
    signedInAs('platform', 2);
    useSession.setState({ permList: ['invoice:list:view', 'enterpriseAccountManage:info:view'] });
    api.fetchInvoices.mockResolvedValue({ records: [invoiceRow(1, { invoiceNum: 'N-1' })], total: 1 });
    renderPage();
    await screen.findByText('N-1', {}, LONG);
    fireEvent.click(within(rowOf('N-1')).getByText('杭州星联医药科技有限公司'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/projectManage/project/enterpriseInfo?id=9&tenantId=3',
    );
  });

  it('opens the detail from ?id= and from 详情, and goes back to the list', async () => {
    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['invoice:list:view'] });
    api.fetchInvoices.mockResolvedValue({ records: [invoiceRow(4, { invoiceNum: 'N-4' })], total: 1 });
    const first = renderPage('/invoice/invoiceList?id=7');
    expect((await screen.findByTestId('invoice-detail')).textContent).toBe('发票详情 7');
    first.unmount();

    renderPage();
    await screen.findByText('N-4', {}, LONG);
    fireEvent.click(within(rowOf('N-4')).getByText('详情'));
    fireEvent.click(await screen.findByTestId('invoice-detail'));
    expect(await screen.findByText('N-4', {}, LONG)).toBeTruthy();
  });

  it("embedded in the project summary: the project's invoices, no toolbar, the detail in place", async () => {
    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['invoice:list:view', 'invoice:list:apply', 'invoice:info:edit'] });
    api.fetchInvoices.mockResolvedValue({ records: [invoiceRow(4, { invoiceNum: 'N-4' })], total: 1 });
    renderPage(
      '/projectManage/project/summary?id=7&pageType=5',
      <>
        <InvoiceListPage fixedProjectId={7} />
        <Where />
      </>,
    );
    await screen.findByText('N-4', {}, LONG);
    expect(api.fetchInvoices).toHaveBeenCalledWith(expect.objectContaining({ projectId: 7 }));
    expect(screen.queryByText('申请开票')).toBeNull();
    expect(screen.queryByText('开票信息')).toBeNull();
    fireEvent.click(within(rowOf('N-4')).getByText('详情'));
    expect((await screen.findByTestId('invoice-detail')).textContent).toBe('发票详情 4');
    // the address stays the summary's: its id is the project's
    expect(screen.getByTestId('where').textContent).toBe('/projectManage/project/summary?id=7&pageType=5');
  });
});
