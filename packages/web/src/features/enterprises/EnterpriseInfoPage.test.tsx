import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http';
import { useSession } from '../../app/session-store';
import { dropUnmaskToken, holdUnmaskToken } from '../../app/unmask-store';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { buttonByText, LONG, renderPageAt, signedInAs } from '../../components/list/testing';
import { invoiceInfo, invoiceRow } from '../invoices/invoice-fixtures';
import { enterpriseInfoFixture } from './enterprise-fixtures';
import EnterpriseInfoPage, { EnterpriseInfoEmbedded } from './EnterpriseInfoPage';

const calls = await vi.hoisted(async () => (await import('./enterprise-fixtures')).mockEnterpriseCalls());
vi.mock('./enterprise-calls', () => calls);
vi.mock('../../components/DesensitizationDialog', () => ({
  DesensitizationDialog: ({ open }: { open: boolean }) => (open ? <div data-testid="desensitize">脱敏验证</div> : null),
}));
const invoiceCalls = await vi.hoisted(async () => (await import('../invoices/invoice-fixtures')).mockInvoiceCalls());
vi.mock('../invoices/invoice-calls', () => invoiceCalls);

const info = enterpriseInfoFixture;

const PAGE = '/projectManage/project/enterpriseInfo';
const render = (at: string) =>
  renderPageAt(
    PAGE,
    <ConfirmProvider>
      <EnterpriseInfoPage />
    </ConfirmProvider>,
    at,
  );

beforeEach(() => {
  vi.resetAllMocks();
  calls.fetchBankCards.mockResolvedValue({ records: [], total: 0, unmasked: false });
  calls.fetchBankSystems.mockResolvedValue([]);
  signedInAs('platform', 2);
});

const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

describe('enterprise info', () => {
  it('lets the platform’s staff with the code disable an enabled enterprise after 确认禁用 and its name', async () => {
    calls.fetchEnterpriseInfo.mockResolvedValueOnce(info()).mockResolvedValue(info({ status: 2 }));
    calls.setEnterpriseStatus.mockResolvedValue({ status: 2 });
    useSession.setState({ permList: ['enterpriseAccountManage:list:disable'] });
    render(`${PAGE}?id=9&tenantId=3`);
    await screen.findByText('杭州星联医药科技有限公司', { selector: '.enterprise-name' }, LONG);
    fireEvent.click(buttonByText(/禁\s*用/));
    await screen.findByText('确认禁用杭州星联医药科技有限公司', {}, LONG);
    fireEvent.click(buttonByText(/确\s*定/));
    await waitFor(() =>
      expect(calls.setEnterpriseStatus).toHaveBeenCalledWith(expect.objectContaining({ id: 9, tenantId: 3 }), 2),
    );
    expect(toasts.success).toHaveBeenCalledWith('禁用成功');
    // reloaded: the disabled enterprise offers 启用
    await waitFor(() =>
      expect(document.querySelector('.enterprise-actions')?.textContent?.replace(/\s/g, '')).toBe('启用'),
    );
  });

  it('offers no 禁用 / 启用 without the code or on the enterprise side', async () => {
    calls.fetchEnterpriseInfo.mockResolvedValue(info());
    const first = render(`${PAGE}?id=9&tenantId=3`);
    await screen.findByText('杭州星联医药科技有限公司', { selector: '.enterprise-name' }, LONG);
    expect(document.querySelector('.enterprise-actions')).toBeNull();
    first.unmount();
    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['enterpriseAccountManage:list:disable'] });
    render(`${PAGE}?id=9`);
    await screen.findByText('杭州星联医药科技有限公司', { selector: '.enterprise-name' }, LONG);
    expect(document.querySelector('.enterprise-actions')).toBeNull();
  });

  it('shows basic info, authentication, settlement accounts and the tiered fee, read-only', async () => {
    calls.fetchEnterpriseInfo.mockResolvedValue(info());
    render(`${PAGE}?id=9&tenantId=3`);
    expect(await screen.findByText('杭州星联医药科技有限公司', { selector: '.enterprise-name' })).toBeTruthy();
    expect(calls.fetchEnterpriseInfo).toHaveBeenCalledWith(9, 3, undefined);
    expect(screen.getByText('启用')).toBeTruthy();
    expect(screen.getByText('91330106MA2KXXXX1X')).toBeTruthy();
    expect(screen.getByText('139****5678')).toBeTruthy();
    expect(screen.getByText('5719 **** 0012')).toBeTruthy();
    expect(screen.getByText('个人阶梯费率')).toBeTruthy();
    expect(screen.getByText('按个人实得收入计费')).toBeTruthy();
    expect(screen.getByText('0 ~ 30000')).toBeTruthy();
    expect(screen.getByText('30000 以上')).toBeTruthy();
    expect(screen.getByText('7.50%')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /编\s*辑|保\s*存/ })).toBeNull();
    // the project count opens the crowdsourcing list embedded for this enterprise
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(screen.getByTestId('where').textContent).toBe('/projectManage/project/crowdList?enterpriseId=9&tenantId=3');
  });

  it('opens the settlement list embedded under the enterprise, on the platform side with the list permission', async () => {
    calls.fetchEnterpriseInfo.mockResolvedValue(info());
    useSession.setState({ permList: ['settlement:list:view'] });
    const first = render(`${PAGE}?id=9&tenantId=3`);
    fireEvent.click(await screen.findByRole('button', { name: '查看结算单' }));
    expect(screen.getByTestId('where').textContent).toBe('/settlement/order/list?enterpriseId=9&tenantId=3');
    first.unmount();

    useSession.setState({ permList: [] });
    const without = render(`${PAGE}?id=9&tenantId=3`);
    await screen.findByText('杭州星联医药科技有限公司', { selector: '.enterprise-name' });
    expect(screen.queryByRole('button', { name: '查看结算单' })).toBeNull();
    without.unmount();

    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['settlement:list:view'] });
    render(`${PAGE}?id=9`);
    await screen.findByText('杭州星联医药科技有限公司', { selector: '.enterprise-name' });
    expect(screen.queryByRole('button', { name: '查看结算单' })).toBeNull();
  });

  it('a single rate, no accounts, no configuration', async () => {
    calls.fetchEnterpriseInfo.mockResolvedValue(
      info({
        payVos: [],
        fee: { feeMode: 0, chargingMode: 1, serviceRate: '6.00', feeList: [], updateTime: 0 },
      }),
    );
    render(`${PAGE}?id=9`);
    expect(await screen.findByText('单一费率')).toBeTruthy();
    expect(screen.getByText('6.00%')).toBeTruthy();
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
  });

  it('offers 服务费变更 to the platform’s own staff with the code, and shows a fee waiting for next month', async () => {
    const pendingFee = {
      feeMode: 0,
      chargingMode: 1,
      serviceRate: '5.50',
      feeList: [],
      effectiveTime: new Date('2026-12-01T00:00:00+08:00').getTime(),
    };
    calls.fetchEnterpriseInfo.mockResolvedValue(info({ pendingFee }));
    calls.fetchCurrentFee.mockResolvedValue({ ...pendingFee, executeType: 2, updateTime: 0, updateBy: '李静怡' });
    calls.fetchFeeOrdered.mockResolvedValue(false);
    useSession.setState({ permList: ['enterpriseAccountManage:info:modifyAccount'] });
    const first = render(`${PAGE}?id=9&tenantId=3`);
    const waiting = (await screen.findByText('次月生效（2026-12-01 起）', {}, LONG)).closest(
      '.enterprise-pending-fee',
    ) as HTMLElement;
    expect(within(waiting).getByText('5.50%')).toBeTruthy();
    fireEvent.click(buttonByText('服务费变更'));
    expect(await screen.findByText('次月生效（待生效）', {}, LONG)).toBeTruthy();
    expect(calls.fetchCurrentFee).toHaveBeenCalledWith({ enterpriseId: 9, tenantId: 3 });
    first.unmount();

    // the operator sees the fee read-only, and so does staff without the code
    signedInAs('platform', 1);
    useSession.setState({ permList: ['enterpriseAccountManage:info:modifyAccount'] });
    const operator = render(`${PAGE}?id=9&tenantId=3`);
    await screen.findByText('次月生效（2026-12-01 起）', {}, LONG);
    expect(screen.queryByText('服务费变更')).toBeNull();
    operator.unmount();
    signedInAs('platform', 2);
    render(`${PAGE}?id=9&tenantId=3`);
    await screen.findByText('次月生效（2026-12-01 起）', {}, LONG);
    expect(screen.queryByText('服务费变更')).toBeNull();
  });

  it('脱敏查看 reloads the info in the clear once the check holds a token', async () => {
    calls.fetchEnterpriseInfo.mockResolvedValue(info());
    useSession.setState({ permList: ['enterpriseAccountManage:info:desensitization'] });
    render(`${PAGE}?id=9&tenantId=3`);
    await screen.findByText('杭州星联医药科技有限公司', { selector: '.enterprise-name' }, LONG);
    expect(screen.getAllByText('**').length).toBe(3);
    fireEvent.click(buttonByText('脱敏查看'));
    expect(await screen.findByTestId('desensitize')).toBeTruthy();
    calls.fetchEnterpriseInfo.mockResolvedValue(
      info({
        unmasked: true,
        contactPhone: '13912345678',
        registeredCapital: '1000',
        manageStatus: '2',
        manageStatus_dictText: '在业',
        cases: '0',
        cases_dictText: '无涉诉',
      }),
    );
    holdUnmaskToken(useSession.getState().token ?? '', { token: 'T'.repeat(43), expiresAt: Date.now() + 60_000 });
    expect(await screen.findByText('13912345678', {}, LONG)).toBeTruthy();
    expect(calls.fetchEnterpriseInfo).toHaveBeenLastCalledWith(9, 3, 'T'.repeat(43));
    expect(screen.getByText('明文显示中')).toBeTruthy();
    expect(screen.getByText('在业')).toBeTruthy();
    expect(screen.queryByText('脱敏查看')).toBeNull();
    dropUnmaskToken();
  });

  it('shows the tags, with 编辑标签 for the platform’s own staff holding the code', async () => {
    calls.fetchEnterpriseInfo.mockResolvedValue(info());
    const viewer = render(`${PAGE}?id=9&tenantId=3`);
    expect(await screen.findByText('重点客户', {}, LONG)).toBeTruthy();
    expect(screen.queryByText('编辑标签')).toBeNull();
    viewer.unmount();
    useSession.setState({ permList: ['enterpriseAccountManage:info:modify'] });
    render(`${PAGE}?id=9&tenantId=3`);
    expect(await screen.findByText('编辑标签', {}, LONG)).toBeTruthy();
  });

  it('embedded in another screen it is read only: no edit, no bottom buttons (spec 3 §2, §4)', async () => {
    calls.fetchEnterpriseInfo.mockResolvedValue(info({ unmasked: true }));
    useSession.setState({
      permList: [
        'enterpriseAccountManage:info:modify',
        'enterpriseAccountManage:info:modifyAccount',
        'enterpriseAccountManage:list:disable',
      ],
    });
    renderPageAt(
      '/x',
      <ConfirmProvider>
        <EnterpriseInfoEmbedded id={9} tenantId={3} />
      </ConfirmProvider>,
      '/x',
    );
    expect(await screen.findByText('重点客户', {}, LONG)).toBeTruthy();
    expect(calls.fetchEnterpriseInfo).toHaveBeenCalledWith(9, 3, undefined);
    for (const text of ['编辑标签', '服务费变更', '修改认证信息', '修改联系电话', '禁 用', '禁用']) {
      expect(screen.queryByText(text), text).toBeNull();
    }
  });

  it('修改联系电话 in the desensitized view: the phone checked, then saved', async () => {
    calls.fetchEnterpriseInfo.mockResolvedValue(info());
    calls.saveEnterpriseContact.mockResolvedValue('编辑成功');
    useSession.setState({ permList: ['enterpriseAccountManage:info:modify'] });
    const masked = render(`${PAGE}?id=9&tenantId=3`);
    fireEvent.click(await screen.findByText('修改联系电话', {}, LONG));
    expect(toasts.warning).toHaveBeenCalledWith('请先脱敏之后再进行编辑');
    expect(screen.queryByPlaceholderText('请输入联系电话')).toBeNull();
    masked.unmount();

    calls.fetchEnterpriseInfo.mockResolvedValue(info({ unmasked: true, contactPhone: '13912345678' }));
    render(`${PAGE}?id=9&tenantId=3`);
    fireEvent.click(await screen.findByText('修改联系电话', {}, LONG));
    const phone = (await screen.findByPlaceholderText('请输入联系电话', {}, LONG)) as HTMLInputElement;
    expect(phone.value).toBe('13912345678');
    fireEvent.change(phone, { target: { value: '0571888' } });
    fireEvent.click(buttonByText(/确\s*定/));
    expect(await screen.findByText('请输入正确的手机号码', {}, LONG)).toBeTruthy();
    fireEvent.change(phone, { target: { value: '13700001111' } });
    fireEvent.click(buttonByText(/确\s*定/));
    await waitFor(() =>
      expect(calls.saveEnterpriseContact).toHaveBeenCalledWith({
        enterpriseId: 9,
        tenantId: 3,
        contactPhone: '13700001111',
      }),
    );
    expect(toasts.success).toHaveBeenCalledWith('编辑成功');
  });

  it('without a fee configuration says the platform default applies', async () => {
    calls.fetchEnterpriseInfo.mockResolvedValue(info({ fee: null }));
    render(`${PAGE}?id=9`);
    expect(await screen.findByText('未单独配置，按平台默认费率计算')).toBeTruthy();
  });

  it('a missing or foreign enterprise shows 企业不存在', async () => {
    calls.fetchEnterpriseInfo.mockRejectedValue(new ApiError('企业不存在', 404, null, 404));
    render(`${PAGE}?id=77`);
    expect(await screen.findByText('企业不存在')).toBeTruthy();
    render(`${PAGE}?id=abc`);
    expect((await screen.findAllByText('企业不存在')).length).toBe(2);
  });

  it('shows the company’s invoice info and invoices to a holder of invoice:list:view; 详情 opens the invoice', async () => {
    calls.fetchEnterpriseInfo.mockResolvedValue(info());
    invoiceCalls.fetchInvoiceInfo.mockResolvedValue(invoiceInfo());
    invoiceCalls.fetchCompanyInvoices.mockResolvedValue({
      records: [invoiceRow(31, { invoiceNum: '24310001，24310002', invoiceRecipientStatus: 2 }), invoiceRow(30)],
      total: 12,
    });
    useSession.setState({ permList: ['invoice:list:view'] });
    render(`${PAGE}?id=9&tenantId=3`);
    const block = (await screen.findByText('开票信息', {}, LONG)).closest('.enterprise-block') as HTMLElement;
    expect(await within(block).findByText('0571-88880000', {}, LONG)).toBeTruthy();
    expect(within(block).getByText('中国工商银行杭州分行')).toBeTruthy();
    expect(within(block).getByText('周敏 2026-11-01 09:00:00')).toBeTruthy();
    expect(await within(block).findByText('24310001，24310002', {}, LONG)).toBeTruthy();
    expect(within(block).getByText('共 12 条')).toBeTruthy();
    // the platform side asks by the company; ten a page
    expect(invoiceCalls.fetchInvoiceInfo).toHaveBeenCalledWith(9);
    expect(invoiceCalls.fetchCompanyInvoices).toHaveBeenCalledWith({ companyId: 9, pageNo: 1, pageSize: 10 });
    // 编辑开票信息 only with invoice:info:edit
    expect(within(block).queryByText('编辑开票信息')).toBeNull();
    fireEvent.click(within(block).getAllByText(/^详\s*情$/)[0]);
    expect(screen.getByTestId('where').textContent).toBe('/invoice/invoiceList?id=31');
  });

  it('pages the company’s invoices, and lets the platform edit the info of that company', async () => {
    calls.fetchEnterpriseInfo.mockResolvedValue(info());
    invoiceCalls.fetchInvoiceInfo.mockResolvedValue(invoiceInfo());
    invoiceCalls.fetchCompanyInvoices.mockResolvedValue({
      records: Array.from({ length: 10 }, (_, index) => invoiceRow(40 - index)),
      total: 12,
    });
    useSession.setState({ permList: ['invoice:list:view', 'invoice:info:edit'] });
    render(`${PAGE}?id=9&tenantId=3`);
    const block = (await screen.findByText('开票信息', {}, LONG)).closest('.enterprise-block') as HTMLElement;
    await within(block).findByText('共 12 条', {}, LONG);
    fireEvent.click(block.querySelector('.ant-pagination-item-2') as HTMLElement);
    await waitFor(
      () =>
        expect(invoiceCalls.fetchCompanyInvoices).toHaveBeenLastCalledWith({ companyId: 9, pageNo: 2, pageSize: 10 }),
      LONG,
    );
    fireEvent.click(buttonByText('编辑开票信息'));
    const title = await screen.findByText('编辑开票信息', { selector: '.ant-modal-title' }, LONG);
    const dialog = title.closest('.ant-modal') as HTMLElement;
    expect(await within(dialog).findByDisplayValue('0571-88880000', {}, LONG)).toBeTruthy();
  });

  it('keeps the invoicing block from a viewer without invoice:list:view; the enterprise side reads its own', async () => {
    calls.fetchEnterpriseInfo.mockResolvedValue(info());
    invoiceCalls.fetchInvoiceInfo.mockResolvedValue(invoiceInfo());
    invoiceCalls.fetchCompanyInvoices.mockResolvedValue({ records: [], total: 0 });
    const without = render(`${PAGE}?id=9&tenantId=3`);
    await screen.findByText('杭州星联医药科技有限公司', { selector: '.enterprise-name' });
    expect(screen.queryByText('开票信息')).toBeNull();
    expect(invoiceCalls.fetchInvoiceInfo).not.toHaveBeenCalled();
    without.unmount();

    signedInAs('enterprise', 2);
    useSession.setState({ permList: ['invoice:list:view'] });
    render(`${PAGE}?id=9`);
    const block = (await screen.findByText('开票信息', {}, LONG)).closest('.enterprise-block') as HTMLElement;
    expect((await within(block).findAllByText('暂无数据', {}, LONG)).length).toBeGreaterThan(0);
    expect(invoiceCalls.fetchInvoiceInfo).toHaveBeenCalledWith(undefined);
  });
});
