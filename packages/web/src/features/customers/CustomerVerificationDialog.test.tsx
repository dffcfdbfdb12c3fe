import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http';
import { useSession } from '../../app/session-store';
import { renderWithQuery, signedInAs } from '../../components/list/testing';
import { CustomerVerificationDialog, CustomerVerifiedBadge } from './CustomerVerificationDialog';
import { customerDetail as customer } from './testing';

const calls = vi.hoisted(() => ({
  customerDetailKey: (id: number) => ['customer', 'detail', id],
  checkCustomerVerification: vi.fn(),
  fetchCustomerDetail: vi.fn(),
  reviewCustomer: vi.fn(),
  reviewCustomerCertificate: vi.fn(),
}));
vi.mock('./customer-calls', () => calls);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const dialog = () => screen.getByRole('dialog');

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 2);
});

describe('customer verification dialog', () => {
  it('views a certified hospital customer: badge, fields, certificate and the audit block, then 关闭', async () => {
    calls.fetchCustomerDetail.mockResolvedValue(customer());
    const onClose = vi.fn();
    renderWithQuery(<CustomerVerificationDialog customerId={88} open onClose={onClose} />);
    await screen.findByText('张建华');
    const body = dialog();
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('780px');
    expect(within(body).getByText('客户详情')).toBeTruthy();
    expect(body.querySelector('.customer-certified')?.textContent).toBe('已认证');
    expect(within(body).getByText('医院')).toBeTruthy();
    expect(within(body).getByText('男')).toBeTruthy();
    expect(within(body).getByText('心血管内科')).toBeTruthy();
    expect(within(body).getByText('主任医师')).toBeTruthy();
    expect(within(body).getByText('科室主任')).toBeTruthy();
    expect(within(body).getByText('李明')).toBeTruthy();
    expect(within(body).getByText('110310000123457')).toBeTruthy();
    expect((within(body).getByAltText('张建华执业证书') as HTMLImageElement).src).toContain('/api/resource/file/3/abc');
    expect(within(body).getByText('审核信息')).toBeTruthy();
    expect(within(body).getByText('王审核')).toBeTruthy();
    expect(within(body).getByText('2026-09-30 10:05:00')).toBeTruthy();
    expect(within(body).queryByText(/终端未通过审核/)).toBeNull();
    expect(within(body).queryByRole('button', { name: '通过' })).toBeNull();
    fireEvent.click(within(body).getByRole('button', { name: '关 闭' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('warns of a terminal that has not passed review; no certificate for a pharmacy; sex dash; no audit block while pending', async () => {
    calls.fetchCustomerDetail.mockResolvedValue(
      customer({
        cusType: 'pharmacy',
        cusTypeName: '药店',
        sex: null,
        orgNotPassed: true,
        certNo: '',
        certImage: '',
        auditStatus: 0,
        authStatus: 0,
      }),
    );
    renderWithQuery(<CustomerVerificationDialog customerId={88} open onClose={() => undefined} />);
    await screen.findByText('张建华');
    const body = dialog();
    expect(within(body).getByText('（终端未通过审核）')).toBeTruthy();
    expect(within(body).getByText('-', { selector: 'td span, td' })).toBeTruthy();
    expect(within(body).queryByText('执业证书编号')).toBeNull();
    expect(within(body).queryByText('审核信息')).toBeNull();
    expect(within(body).queryByText('已认证')).toBeNull();
  });

  it('shows the reject reason of a rejected customer', async () => {
    calls.fetchCustomerDetail.mockResolvedValue(
      customer({ auditStatus: 2, auditStatus_dictText: '审核驳回', authStatus: 0, reason: '执业地点与终端不符' }),
    );
    renderWithQuery(<CustomerVerificationDialog customerId={88} open onClose={() => undefined} />);
    expect(await screen.findByText('执业地点与终端不符')).toBeTruthy();
    expect(within(dialog()).getByText('审核驳回')).toBeTruthy();
  });

  it('reviews a pending customer: 驳回 needs a reason, 通过 saves, both gated by their codes', async () => {
    useSession.setState({ permList: ['cusVerify:list:adopt', 'cusVerify:list:reject'] });
    const pending = customer({ auditStatus: 0, authStatus: 0 });
    calls.fetchCustomerDetail.mockResolvedValue(pending);
    calls.reviewCustomer.mockResolvedValue({ result: { ...pending, auditStatus: 2 }, message: '操作成功' });
    const onReviewed = vi.fn();
    const onClose = vi.fn();
    renderWithQuery(
      <CustomerVerificationDialog customerId={88} open viewStatus="1" onClose={onClose} onReviewed={onReviewed} />,
    );
    await screen.findByText('张建华');
    const body = dialog();
    expect(within(body).getByRole('button', { name: '取 消' })).toBeTruthy();
    fireEvent.click(within(body).getByRole('button', { name: '驳 回' }));
    expect(toasts.warning).toHaveBeenCalledWith('请输入驳回原因');
    expect((within(body).getByLabelText('驳回原因') as HTMLTextAreaElement).maxLength).toBe(500);
    expect(calls.reviewCustomer).not.toHaveBeenCalled();
    fireEvent.change(within(body).getByLabelText('驳回原因'), { target: { value: '证件照片模糊' } });
    fireEvent.click(within(body).getByRole('button', { name: '驳 回' }));
    await waitFor(() =>
      expect(calls.reviewCustomer).toHaveBeenCalledWith(
        expect.objectContaining({ id: 88, auditStatus: 2, remarks: '证件照片模糊' }),
      ),
    );
    await waitFor(() => expect(onReviewed).toHaveBeenCalled());
    expect(toasts.success).toHaveBeenCalledWith('操作成功');
    expect(onClose).toHaveBeenCalled();
  });

  it('hides 通过 without cusVerify:list:adopt and marks the terminal when the review answers 200001', async () => {
    useSession.setState({ permList: ['cusVerify:list:adopt'] });
    calls.fetchCustomerDetail.mockResolvedValue(customer({ auditStatus: 0, authStatus: 0 }));
    calls.reviewCustomer.mockRejectedValue(new ApiError('该客户所在终端未通过审核，不能通过该客户', 200001));
    renderWithQuery(<CustomerVerificationDialog customerId={88} open viewStatus="1" onClose={() => undefined} />);
    await screen.findByText('张建华');
    const body = dialog();
    expect(within(body).queryByRole('button', { name: '驳 回' })).toBeNull();
    fireEvent.click(within(body).getByRole('button', { name: '通 过' }));
    expect(await within(body).findByText('（终端未通过审核）')).toBeTruthy();
  });

  it('reviews a passed hospital customer certificate with the certificate call', async () => {
    useSession.setState({ permList: ['cusVerify:list:adopt', 'cusVerify:list:reject'] });
    const waiting = customer({ auditStatus: 1, authStatus: 2, authStatus_dictText: '认证待审核' });
    calls.fetchCustomerDetail.mockResolvedValue(waiting);
    calls.reviewCustomerCertificate.mockResolvedValue({ result: { ...waiting, authStatus: 1 }, message: '操作成功' });
    renderWithQuery(<CustomerVerificationDialog customerId={88} open viewStatus="1" onClose={() => undefined} />);
    expect(await screen.findByText('该客户已通过审核，执业证书待审核')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: '通 过' }));
    await waitFor(() =>
      expect(calls.reviewCustomerCertificate).toHaveBeenCalledWith({ id: 88, authStatus: 1, remarks: '' }),
    );
  });
});

describe('verified badge', () => {
  it('opens the info after the check passes', async () => {
    calls.checkCustomerVerification.mockResolvedValue({ id: 88 });
    calls.fetchCustomerDetail.mockResolvedValue(customer());
    renderWithQuery(<CustomerVerifiedBadge customerId={88} />);
    fireEvent.click(screen.getByRole('button', { name: /已认证/ }));
    expect(await screen.findByText('上海浦东新区人民医院')).toBeTruthy();
    expect(calls.checkCustomerVerification).toHaveBeenCalledWith(88);
  });

  it('stays closed when the check is refused (the request layer shows the warning)', async () => {
    calls.checkCustomerVerification.mockRejectedValue(new ApiError('该客户暂未通过认证，暂无认证信息', 422));
    renderWithQuery(<CustomerVerifiedBadge customerId={88} />);
    fireEvent.click(screen.getByRole('button', { name: /已认证/ }));
    await waitFor(() => expect(calls.checkCustomerVerification).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('button', { name: /已认证/ })).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.fetchCustomerDetail).not.toHaveBeenCalled();
  });
});
