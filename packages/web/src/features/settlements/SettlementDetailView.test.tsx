import { MSG } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { renderWithQuery, signedInAs } from '../../components/list/testing';
import { SettlementDetailView } from './SettlementDetailView';
import { settlementDetail, settlementLine } from './settlement-fixtures';

const { api, documents } = await vi.hoisted(async () => (await import('./settlement-fixtures')).mockSettlementCalls());
vi.mock('./settlement-calls', () => api);
vi.mock('./settlement-documents-calls', () => documents);
vi.mock('./SettleDialog', () => ({
  SettleDialog: ({ settlement }: { settlement: { settlementSn: string } | null }) =>
    settlement ? <div data-testid="settle-dialog">{settlement.settlementSn}</div> : null,
}));
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const at = (text: string) => new Date(`${text}+08:00`).getTime();

function signIn(side: 'platform' | 'enterprise', permList: string[]) {
  signedInAs(side, 2);
  useSession.setState({ permList });
}

function renderDetail(onBack = vi.fn(), resumePay = false) {
  renderWithQuery(
    <ConfirmProvider>
      <SettlementDetailView settlementId={5} resumePay={resumePay} onBack={onBack} />
    </ConfirmProvider>,
  );
  return onBack;
}

/** The value beside a label of the header's descriptions. */
const valueBeside = (label: string) => {
  const cell = screen.getByText(label, { selector: '.ant-descriptions-item-label' });
  return cell.nextElementSibling as HTMLElement;
};

beforeEach(() => {
  vi.resetAllMocks();
  api.fetchSettlementTimeline.mockResolvedValue([]);
  api.fetchSettlementRecords.mockResolvedValue({ records: [], total: 0 });
  documents.listSettlementAttachments.mockResolvedValue([]);
});

describe('SettlementDetailView', { timeout: 60_000 }, () => {
  it('shows the header, the pending figures of an approved unpaid settlement, and 结算 and 撤回 to the enterprise', async () => {
    signIn('enterprise', ['settlement:list:pay', 'settlement:list:withdraw']);
    api.fetchSettlementDetail.mockResolvedValue(
      settlementDetail(5, {
        auditStatus: 2,
        auditTime: at('2026-11-20T15:00:00'),
        auditUserName: '王审核',
        enterprisePayStatus: 1,
        pendingPersonNum: 2,
        pendingAmount: '1000.00',
        pendingTaskNum: 4,
        platformFee: '1000.00',
      }),
    );
    renderDetail();
    expect(await screen.findByText('JS20261120005')).toBeTruthy();
    expect(valueBeside('项目名称').textContent).toBe('全渠道终端服务示范项目');
    expect(valueBeside('服务类型').textContent).toBe('拜访');
    expect(valueBeside('结算总人数').textContent).toBe('2');
    expect(valueBeside('结算总金额').textContent).toContain('1,060.00');
    expect(valueBeside('结算总任务数').textContent).toBe('4');
    expect(valueBeside('待结算人数').textContent).toBe('2');
    expect(valueBeside('待结算金额').textContent).toContain('1,000.00');
    expect(valueBeside('待结算任务数').textContent).toBe('4');
    expect(valueBeside('服务费').textContent).toContain('60.00');
    expect(valueBeside('平台费用').textContent).toContain('1,000.00');
    expect(valueBeside('创建人').textContent).toBe('周敏');
    expect(valueBeside('创建时间').textContent).toBe('2026-11-20 09:30:00');
    expect(valueBeside('审核人').textContent).toBe('王审核');
    expect(valueBeside('审核时间').textContent).toBe('2026-11-20 15:00:00');
    // the enterprise reads no enterprise name; 结算 and 撤回, no 审核
    expect(screen.queryByText('企业名称', { selector: '.ant-descriptions-item-label' })).toBeNull();
    expect(screen.getByRole('button', { name: /结\s*算/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /撤\s*回/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /审\s*核/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /结\s*算/ }));
    expect((await screen.findByTestId('settle-dialog')).textContent).toBe('JS20261120005');
    // 收起 keeps the number, project and service type only
    fireEvent.click(screen.getByRole('button', { name: /收起/ }));
    await waitFor(() =>
      expect(screen.queryByText('结算总人数', { selector: '.ant-descriptions-item-label' })).toBeNull(),
    );
    expect(valueBeside('结算单号').textContent).toBe('JS20261120005');
  });

  it('back from a top-up, opens the settlement dialog again while the settlement waits for its payment', async () => {
    signIn('enterprise', ['settlement:list:pay']);
    api.fetchSettlementDetail.mockResolvedValue(settlementDetail(5, { auditStatus: 2, enterprisePayStatus: 1 }));
    renderDetail(vi.fn(), true);
    expect((await screen.findByTestId('settle-dialog', {}, { timeout: 15_000 })).textContent).toBe('JS20261120005');
  });

  it('back from a top-up, opens no dialog once the settlement is paid', async () => {
    signIn('enterprise', ['settlement:list:pay']);
    api.fetchSettlementDetail.mockResolvedValue(
      settlementDetail(5, { auditStatus: 2, enterprisePayStatus: 2, payStatus: 1 }),
    );
    renderDetail(vi.fn(), true);
    expect(await screen.findByText('JS20261120005', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /结\s*算/ })).toBeNull();
    expect(screen.queryByTestId('settle-dialog')).toBeNull();
  });

  it('shows a dash for the platform state while the audit waits, 审核 to the platform, and the documents row', async () => {
    signIn('platform', ['settlement:list:audit', 'settlement:list:withdraw']);
    api.fetchSettlementDetail.mockResolvedValue(settlementDetail(5, { attachmentCount: 3 }));
    renderDetail();
    await screen.findByText('JS20261120005');
    expect(valueBeside('企业名称').textContent).toBe('杭州星联医药科技有限公司');
    expect(valueBeside('平台结算状态').textContent).toBe('-');
    expect(screen.queryByText('待结算人数')).toBeNull();
    expect(screen.getByRole('button', { name: /审\s*核/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /撤\s*回/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^结\s*算$/ })).toBeNull();
    // no CMB: no platform voucher row; no invoice yet; no bank reference before payment
    expect(screen.queryByText('平台结算凭证')).toBeNull();
    expect(valueBeside('关联发票').textContent).toBe(MSG.noInvoiceInfo);
    expect(valueBeside('银行流水号').textContent).toBe('-');
    fireEvent.click(within(valueBeside('完税凭证')).getByRole('button', { name: /查\s*看/ }));
    expect(toasts.warning).toHaveBeenCalledWith(MSG.notDeveloped);
    // 导出附件 downloads the settlement's zip
    documents.downloadAttachmentZip.mockResolvedValue(undefined);
    fireEvent.click(within(valueBeside('附件')).getByRole('button', { name: '导出附件' }));
    expect(documents.downloadAttachmentZip).toHaveBeenCalledWith({ id: 5 });
    // the attachment count opens the attachments
    fireEvent.click(within(valueBeside('附件')).getByRole('button', { name: '3 个' }));
    expect(await screen.findByText('上传附件')).toBeTruthy();
    await waitFor(() => expect(documents.listSettlementAttachments).toHaveBeenCalledWith(5));
  });

  it('shows the bank reference, the platform voucher and the invoice once paid out through CMB', async () => {
    signIn('platform', ['settlement:list:withdraw']);
    api.fetchSettlementDetail.mockResolvedValue(
      settlementDetail(5, {
        auditStatus: 2,
        auditTime: at('2026-11-20T15:00:00'),
        enterprisePayStatus: 2,
        enterprisePayTime: at('2026-11-20T16:00:00'),
        payStatus: 2,
        settlementTime: at('2026-11-20T16:05:00'),
        bankNo: 'CMB',
        yurref: 'FPS202611200000000001',
        billStatus: 1,
        voucherStatus: 1,
        remarks: '按月结算',
      }),
    );
    renderDetail();
    await screen.findByText('JS20261120005');
    expect(valueBeside('银行流水号').textContent).toBe('FPS202611200000000001');
    expect(valueBeside('关联发票').textContent).toBe('已开票');
    expect(valueBeside('企业付款时间').textContent).toBe('2026-11-20 16:00:00');
    expect(valueBeside('结算时间').textContent).toBe('2026-11-20 16:05:00');
    expect(valueBeside('备注').textContent).toBe('按月结算');
    fireEvent.click(within(valueBeside('平台结算凭证')).getByRole('button', { name: /查\s*看/ }));
    expect(await screen.findByText('结算凭证', { selector: '.ant-modal-title' })).toBeTruthy();
    // paid: nothing to withdraw or audit
    expect(screen.queryByRole('button', { name: /撤\s*回/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /审\s*核/ })).toBeNull();
  });

  it('draws the four steps with their times, and a withdrawn settlement as applied then withdrawn', async () => {
    signIn('enterprise', []);
    api.fetchSettlementDetail.mockResolvedValue(
      settlementDetail(5, {
        auditStatus: 2,
        auditTime: at('2026-11-20T15:00:00'),
        enterprisePayStatus: 2,
        enterprisePayTime: at('2026-11-20T16:00:00'),
        payStatus: 2,
        settlementTime: at('2026-11-20T16:05:00'),
      }),
    );
    const { unmount } = renderWithQuery(
      <ConfirmProvider>
        <SettlementDetailView settlementId={5} onBack={vi.fn()} />
      </ConfirmProvider>,
    );
    await screen.findByText('JS20261120005');
    const steps = () =>
      [...document.querySelectorAll('.ant-steps-item')].map((item) => ({
        text: item.textContent,
        done: item.classList.contains('ant-steps-item-finish'),
      }));
    expect(steps()).toEqual([
      { text: '企业申请2026-11-20 09:30:00', done: true },
      { text: '平台审核2026-11-20 15:00:00', done: true },
      { text: '企业结算2026-11-20 16:00:00', done: true },
      { text: '平台结算2026-11-20 16:05:00', done: true },
    ]);
    unmount();
    api.fetchSettlementDetail.mockResolvedValue(
      settlementDetail(6, { auditStatus: -1, revokeTime: at('2026-11-20T11:00:00') }),
    );
    renderWithQuery(
      <ConfirmProvider>
        <SettlementDetailView settlementId={6} onBack={vi.fn()} />
      </ConfirmProvider>,
    );
    await screen.findByText('JS20261120006');
    expect(steps().map(({ text }) => text)).toEqual(['企业申请2026-11-20 09:30:00', '已撤回2026-11-20 11:00:00']);
    expect(valueBeside('撤回时间').textContent).toBe('2026-11-20 11:00:00');
    expect(valueBeside('平台结算状态').textContent).toBe('-');
  });

  it('lists the persons with their actions by state, filters them, and downloads only with rows', async () => {
    signIn('platform', ['settlement:Infor:download', 'settlement:record:reissue']);
    api.fetchSettlementDetail.mockResolvedValue(
      settlementDetail(5, { auditStatus: 2, enterprisePayStatus: 2, payStatus: 1 }),
    );
    api.fetchSettlementRecords.mockResolvedValue({
      records: [
        settlementLine(1, { userName: '张一' }),
        settlementLine(2, {
          userName: '李二',
          payStatus: 2,
          payStatusLabel: '结算失败',
          thirdPayStatus: 3,
          thirdResponseMsg: '收款人户名与账号不符',
          payTime: null,
        }),
      ],
      total: 2,
    });
    renderDetail();
    const paid = (await screen.findByText('张一')).closest('tr') as HTMLElement;
    const failed = screen.getByText('李二').closest('tr') as HTMLElement;
    expect(within(paid).getByText('结算成功')).toBeTruthy();
    expect(within(paid).getByRole('button', { name: '结算凭证' })).toBeTruthy();
    expect(within(failed).queryByRole('button', { name: '结算凭证' })).toBeNull();
    expect(within(failed).getByText('收款人户名与账号不符')).toBeTruthy();
    expect(within(failed).getByRole('button', { name: '重新发放' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /下\s*载/ }).hasAttribute('disabled')).toBe(false);
    // 详情 of a line
    fireEvent.click(within(failed).getByRole('button', { name: '详情' }));
    expect(await screen.findByText('结算明细详情')).toBeTruthy();
    // the filters: name and status (the statuses 1 and 3 of the records are not offered)
    fireEvent.mouseDown(screen.getByLabelText('结算状态'));
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option')].map((node) => node.textContent)).toEqual([
        '待发放',
        '结算失败',
        '处理中',
      ]),
    );
    api.fetchSettlementRecords.mockResolvedValue({ records: [], total: 0 });
    fireEvent.change(screen.getByPlaceholderText('请输入姓名'), { target: { value: '李二' } });
    fireEvent.click(screen.getAllByRole('button', { name: /查\s*询/ }).at(-1) as HTMLElement);
    await waitFor(() =>
      expect(api.fetchSettlementRecords).toHaveBeenLastCalledWith(
        expect.objectContaining({ settlementId: 5, userName: '李二', pageNo: 1, pageSize: 10 }),
      ),
    );
    // no rows: the download is off
    await waitFor(() => expect(screen.getByRole('button', { name: /下\s*载/ }).hasAttribute('disabled')).toBe(true));
  });

  it('says the settlement is missing and goes back', async () => {
    signIn('platform', []);
    api.fetchSettlementDetail.mockRejectedValue(new Error('结算单不存在'));
    const onBack = renderDetail();
    expect(await screen.findByText('结算单不存在')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /返\s*回/ }));
    expect(onBack).toHaveBeenCalled();
  });
});
