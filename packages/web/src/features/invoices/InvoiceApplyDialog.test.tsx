import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonByText, LONG, pickOption, renderWithQuery } from '../../components/list/testing';
import { invoiceInfo, invoiceSettlement } from './invoice-fixtures';
import { InvoiceApplyDialog } from './InvoiceApplyDialog';

const api = await vi.hoisted(async () => (await import('./invoice-fixtures')).mockInvoiceCalls());
vi.mock('./invoice-calls', () => api);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

/** The apply dialog's 提交申请 (the info dialog, once open, has its own footer). */
const submit = () => fireEvent.click(buttonByText(/提交申请/));
const type = async (placeholder: string, value: string) =>
  fireEvent.change(await screen.findByPlaceholderText(placeholder), { target: { value } });
/** A field's message under it (the select's placeholder reads like one). */
const error = (text: string) => screen.findByText(text, { selector: '.ant-form-item-explain-error' });
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const tick = (sn: string) => fireEvent.click(within(rowOf(sn)).getByRole('checkbox'));

beforeEach(() => {
  vi.resetAllMocks();
  api.fetchInvoiceInfo.mockResolvedValue(invoiceInfo());
  api.fetchInvoiceableSettlements.mockResolvedValue({
    records: [invoiceSettlement(1), invoiceSettlement(2, { amount: '1200.50' }), invoiceSettlement(3)],
    total: 3,
  });
});

describe('InvoiceApplyDialog', { timeout: 60_000 }, () => {
  it('names each missing choice, then the fields of the way the invoice travels', async () => {
    renderWithQuery(<InvoiceApplyDialog open onClose={() => undefined} />);
    await screen.findByText('JS20261110001', {}, LONG);
    // the invoice info the invoice will carry
    expect(screen.getByText('91330100MA2XXXXX1K')).toBeTruthy();
    submit();
    expect(await error('请选择需要开票的结算单')).toBeTruthy();
    expect(await error('请选择发票类型')).toBeTruthy();
    expect(await error('请选择开票类目')).toBeTruthy();
    expect(await error('请选择寄送方式')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('快递（纸质发票）'));
    await screen.findByPlaceholderText('请输入收件人');
    submit();
    expect(await error('请输入收件人')).toBeTruthy();
    expect(await error('请输入收件人电话')).toBeTruthy();
    expect(await error('请输入收件地址')).toBeTruthy();
    await type('请输入收件人电话', '2345');
    expect(await error('请输入正确的手机号码')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('邮箱（电子发票）'));
    await screen.findByPlaceholderText('请输入收件邮箱');
    expect(screen.queryByPlaceholderText('请输入收件人')).toBeNull();
    submit();
    expect(await error('请输入收件邮箱')).toBeTruthy();
    await type('请输入收件邮箱', 'caiwu@');
    expect(await error('请输入正确的邮箱地址')).toBeTruthy();
    expect(api.applyInvoice).not.toHaveBeenCalled();
  });

  it('sends the chosen statements and the paper invoice’s recipient, and closes', async () => {
    api.applyInvoice.mockResolvedValue('开票申请已提交，请等待平台开票');
    const onClose = vi.fn();
    renderWithQuery(<InvoiceApplyDialog open onClose={onClose} />);
    await screen.findByText('JS20261110001', {}, LONG);
    tick('JS20261110001');
    tick('JS20261110002');
    // the amount of the chosen statements
    expect(await screen.findByText(/已选 2 个结算单（最多50个），开票金额 ¥1,730.50/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('增值税普通发票'));
    await pickOption('开票类目', '现代服务*咨询服务');
    fireEvent.click(screen.getByLabelText('快递（纸质发票）'));
    await type('请输入收件人', ' 王芳 ');
    await type('请输入收件人电话', '13800000002');
    await type('请输入收件地址', '杭州市滨江区网商路 1 号');
    await type('请输入备注', '请尽快开具');
    submit();
    await waitFor(() =>
      expect(api.applyInvoice).toHaveBeenCalledWith({
        settlementIds: [1, 2],
        invoiceType: 2,
        invoiceCategory: '现代服务*咨询服务',
        invoiceSendingType: 1,
        recipient: '王芳',
        recipientPhone: '13800000002',
        recipientAddress: '杭州市滨江区网商路 1 号',
        remarks: '请尽快开具',
      }),
    );
    expect(toasts.success).toHaveBeenCalledWith('开票申请已提交，请等待平台开票');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('sends only the e-mail address of an electronic invoice', async () => {
    api.applyInvoice.mockResolvedValue('');
    renderWithQuery(<InvoiceApplyDialog open onClose={() => undefined} />);
    await screen.findByText('JS20261110003', {}, LONG);
    tick('JS20261110003');
    fireEvent.click(screen.getByLabelText('增值税专用发票'));
    await pickOption('开票类目', '现代服务*企业管理服务');
    fireEvent.click(screen.getByLabelText('邮箱（电子发票）'));
    await type('请输入收件邮箱', 'caiwu@xinglian.com');
    submit();
    await waitFor(() =>
      expect(api.applyInvoice).toHaveBeenCalledWith({
        settlementIds: [3],
        invoiceType: 1,
        invoiceCategory: '现代服务*企业管理服务',
        invoiceSendingType: 2,
        recipientEmail: 'caiwu@xinglian.com',
        remarks: '',
      }),
    );
    expect(toasts.success).toHaveBeenCalledWith('开票申请已提交，请等待平台开票');
  });

  it('says when the invoice info was never saved, offers 编辑开票信息 and applies nothing', async () => {
    api.fetchInvoiceInfo.mockResolvedValue(
      invoiceInfo({ companyAddress: '', companyPhone: '', bankDeposit: '', bankAccount: '', createTime: null }),
    );
    api.fetchInvoiceableSettlements.mockResolvedValue({ records: [], total: 0 });
    renderWithQuery(<InvoiceApplyDialog open onClose={() => undefined} />);
    expect(await screen.findByText('请先完善开票信息', {}, LONG)).toBeTruthy();
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    submit();
    await error('请选择需要开票的结算单');
    expect(api.applyInvoice).not.toHaveBeenCalled();

    fireEvent.click(buttonByText('编辑开票信息'));
    expect(await screen.findByText('编辑开票信息', { selector: '.ant-modal-title' })).toBeTruthy();
  });

  it('warns 请先完善开票信息 when everything else is filled', async () => {
    api.fetchInvoiceInfo.mockResolvedValue(invoiceInfo({ createTime: null }));
    renderWithQuery(<InvoiceApplyDialog open onClose={() => undefined} />);
    await screen.findByText('JS20261110001', {}, LONG);
    tick('JS20261110001');
    fireEvent.click(screen.getByLabelText('增值税普通发票'));
    await pickOption('开票类目', '现代服务*咨询服务');
    fireEvent.click(screen.getByLabelText('邮箱（电子发票）'));
    await type('请输入收件邮箱', 'caiwu@xinglian.com');
    submit();
    await waitFor(() => expect(toasts.warning).toHaveBeenCalledWith('请先完善开票信息'));
    expect(api.applyInvoice).not.toHaveBeenCalled();
  });

  it('takes 50 statements at most across pages: more are refused, and at 50 no other can be ticked', async () => {
    // sixty statements, ten a page, as the server pages them
    api.fetchInvoiceableSettlements.mockImplementation(async ({ pageNo }: { pageNo: number }) => ({
      records: Array.from({ length: 10 }, (_, index) => invoiceSettlement(100 + (pageNo - 1) * 10 + index)),
      total: 60,
    }));
    renderWithQuery(<InvoiceApplyDialog open onClose={() => undefined} />);
    const page = async (pageNo: number) => {
      fireEvent.click(document.querySelector(`.ant-pagination-item-${pageNo}`) as HTMLElement);
      await screen.findByText(`JS2026111000${100 + (pageNo - 1) * 10}`, {}, LONG);
    };
    const tickPage = () => fireEvent.click(document.querySelector('thead .ant-checkbox-input') as HTMLElement);
    await screen.findByText('JS2026111000100', {}, LONG);
    tickPage();
    for (const pageNo of [2, 3, 4]) {
      await page(pageNo);
      tickPage();
    }
    await page(5);
    for (const id of [140, 141, 142, 143, 144]) tick(`JS2026111000${id}`);
    await page(6);
    tickPage();
    expect(await screen.findByText(/已选 55 个结算单/)).toBeTruthy();
    submit();
    expect(await error('一次最多选择50个结算单开票')).toBeTruthy();
    for (const id of [155, 156, 157, 158, 159]) tick(`JS2026111000${id}`);
    expect(await screen.findByText(/已选 50 个结算单/)).toBeTruthy();
    await waitFor(() =>
      expect((within(rowOf('JS2026111000159')).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true),
    );
    expect(api.applyInvoice).not.toHaveBeenCalled();
  });
});
