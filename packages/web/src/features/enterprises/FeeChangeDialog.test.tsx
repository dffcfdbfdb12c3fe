import { type CurrentFee, MSG } from '@fieldpay/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { buttonByText, LONG, renderWithQuery } from '../../components/list/testing';
import { FeeChangeDialog } from './FeeChangeDialog';

const calls = vi.hoisted(() => ({
  feeKey: (owner: { enterpriseId: number; tenantId: number }) => ['enterprise', 'fee', owner.enterpriseId],
  fetchCurrentFee: vi.fn(),
  fetchFeeOrdered: vi.fn(),
  saveFee: vi.fn(),
}));
vi.mock('./enterprise-calls', () => calls);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const OWNER = { enterpriseId: 9, tenantId: 3 };
const waitingTiers: CurrentFee = {
  executeType: 2,
  effectiveTime: new Date('2026-12-01T00:00:00+08:00').getTime(),
  updateTime: new Date('2026-11-20T10:00:00+08:00').getTime(),
  updateBy: '李静怡',
  feeMode: 1,
  chargingMode: 0,
  serviceRate: null,
  feeList: [
    { start: '0', end: '30000', fee: '5.50' },
    { start: '30000', end: '1000000', fee: '7.50' },
  ],
};

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const save = () => fireEvent.click(buttonByText(/保\s*存/));

const open = (onClose = vi.fn()) =>
  renderWithQuery(
    <ConfirmProvider>
      <FeeChangeDialog open owner={OWNER} inForce={null} onClose={onClose} />
    </ConfirmProvider>,
  );

beforeEach(() => {
  vi.resetAllMocks();
});

describe('服务费变更', { timeout: 60_000 }, () => {
  it('without a fee of its own opens on the form with the platform default, and saves a single rate at once', async () => {
    calls.fetchCurrentFee.mockResolvedValue(null);
    calls.fetchFeeOrdered.mockResolvedValue(false);
    calls.saveFee.mockResolvedValue('服务费已更新，立即生效');
    const onClose = vi.fn();
    open(onClose);
    expect(await screen.findByText('该企业暂未配置服务费，当前按平台默认费率计算', {}, LONG)).toBeTruthy();
    const rate = screen.getByPlaceholderText('请输入服务费率') as HTMLInputElement;
    expect(rate.value).toBe('6.00');
    fireEvent.change(rate, { target: { value: '' } });
    save();
    expect(await screen.findByText('请输入服务费率', { selector: '.ant-form-item-explain-error' }, LONG)).toBeTruthy();
    fireEvent.change(rate, { target: { value: '0.5' } });
    expect(
      await screen.findByText('费率须大于等于1且小于100，最多保留两位小数', {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeTruthy();
    expect(calls.saveFee).not.toHaveBeenCalled();
    fireEvent.change(rate, { target: { value: '8.5' } });
    fireEvent.click(screen.getByText('按企业应付金额计费'));
    save();
    await waitFor(() =>
      expect(calls.saveFee).toHaveBeenCalledWith({
        ...OWNER,
        executeType: 1,
        feeMode: 0,
        chargingMode: 1,
        serviceRate: '8.5',
      }),
    );
    expect(toasts.success).toHaveBeenCalledWith('服务费已更新，立即生效');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the waiting fee first; 修改 edits it, 取消 goes back; at once is closed after this month’s settlement', async () => {
    calls.fetchCurrentFee.mockResolvedValue(waitingTiers);
    calls.fetchFeeOrdered.mockResolvedValue(true);
    open();
    expect(await screen.findByText('次月生效（待生效）', {}, LONG)).toBeTruthy();
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('800px');
    expect(screen.getByText('2026-12-01 00:00:00')).toBeTruthy();
    expect(screen.getByText('李静怡 2026-11-20 10:00:00')).toBeTruthy();
    expect(screen.getByText('30000 ~ 1000000')).toBeTruthy();
    fireEvent.click(buttonByText(/修\s*改/));
    expect(await screen.findByText('该企业本月已生成结算单，服务费只能次月生效', {}, LONG)).toBeTruthy();
    const atOnce = screen.getByText('立即生效').closest('label') as HTMLElement;
    expect(atOnce.className).toContain('disabled');
    // the form is filled from the fee after it mounts: wait for the values, not for a render
    await screen.findByLabelText('第二档截止金额', {}, LONG);
    await waitFor(() => expect(input('第二档截止金额').value).toBe('1000000'), LONG);
    expect(input('第一档费率').value).toBe('5.50');
    fireEvent.click(buttonByText(/取\s*消/));
    expect(await screen.findByText('次月生效（待生效）', {}, LONG)).toBeTruthy();
  });

  it('edits the tiers: a cut-off starts the next tier, an unusable one clears the rest, a fourth at most', async () => {
    calls.fetchCurrentFee.mockResolvedValue(waitingTiers);
    calls.fetchFeeOrdered.mockResolvedValue(false);
    calls.saveFee.mockResolvedValue('服务费已保存，将于次月1日生效');
    open();
    await screen.findByText('次月生效（待生效）', {}, LONG);
    fireEvent.click(buttonByText(/修\s*改/));
    await screen.findByLabelText('第一档截止金额', {}, LONG);
    type('第一档截止金额', '20000');
    await waitFor(() => expect(input('第二档起始金额').value).toBe('20000'));
    // the fee box takes a number of at most two decimals as it is typed
    type('第一档费率', '6.125');
    expect(input('第一档费率').value).toBe('5.50');
    fireEvent.click(buttonByText(/添加阶梯/));
    await waitFor(() => expect(input('第三档起始金额').value).toBe('1000000'));
    type('第三档截止金额', '2000000');
    type('第三档费率', '8');
    fireEvent.click(buttonByText(/添加阶梯/));
    type('第四档截止金额', '3000000');
    type('第四档费率', '9');
    expect(screen.queryByText('添加阶梯')).toBeNull();

    // deleting the third tier while the fourth holds data asks first, then clears it
    fireEvent.click(screen.getByLabelText('删除第三档'));
    expect(await screen.findByText('删除此项则下面关联的已填写的数据将会清空，是否确认删除')).toBeTruthy();
    fireEvent.click(buttonByText(/确\s*定/));
    await waitFor(() => expect(screen.queryByLabelText('第四档截止金额')).toBeNull());
    expect(input('第三档起始金额').value).toBe('1000000');
    expect(input('第三档截止金额').value).toBe('');

    // a cut-off not above its start clears the tiers after it
    type('第二档截止金额', '100');
    await waitFor(() => expect(input('第三档起始金额').value).toBe(''));
    save();
    expect(
      await screen.findByText('截止金额不可小于起始金额', { selector: '.ant-form-item-explain-error' }, LONG),
    ).toBeTruthy();
    expect(screen.getAllByText('请输入截止金额', { selector: '.ant-form-item-explain-error' }).length).toBe(1);
    expect(calls.saveFee).not.toHaveBeenCalled();

    // a cut-off is a positive integer of at most 1,000,000,000
    type('第二档截止金额', '2000000000');
    save();
    expect(
      await screen.findByText(MSG.cutOffAmountTooLarge, { selector: '.ant-form-item-explain-error' }, LONG),
    ).toBeTruthy();
    type('第二档截止金额', '0');
    save();
    expect(
      await screen.findByText(MSG.positiveIntegerInvalid, { selector: '.ant-form-item-explain-error' }, LONG),
    ).toBeTruthy();
    expect(calls.saveFee).not.toHaveBeenCalled();
    type('第二档截止金额', '50000');
    fireEvent.click(screen.getByLabelText('删除第三档'));
    await waitFor(() => expect(screen.queryByLabelText('第三档截止金额')).toBeNull());
    fireEvent.click(screen.getByText('次月生效'));
    save();
    await waitFor(() =>
      expect(calls.saveFee).toHaveBeenCalledWith({
        ...OWNER,
        executeType: 2,
        feeMode: 1,
        chargingMode: 0,
        feeList: [
          { start: '0', end: '20000', fee: '5.50' },
          { start: '20000', end: '50000', fee: '7.50' },
        ],
      }),
    );
    expect(toasts.success).toHaveBeenCalledWith('服务费已保存，将于次月1日生效');
  });

  it('a single rate switched to tiers starts two empty tiers from 0', async () => {
    calls.fetchCurrentFee.mockResolvedValue(null);
    calls.fetchFeeOrdered.mockResolvedValue(false);
    open();
    await screen.findByPlaceholderText('请输入服务费率', {}, LONG);
    fireEvent.click(screen.getByText('个人阶梯费率'));
    expect((await screen.findByLabelText('第一档起始金额', {}, LONG)).getAttribute('value')).toBe('0');
    expect(input('第二档起始金额').value).toBe('');
    expect(screen.queryByLabelText('删除第二档')).toBeNull();
    save();
    expect(
      (await screen.findAllByText('请输入截止金额', { selector: '.ant-form-item-explain-error' }, LONG)).length,
    ).toBe(2);
    expect(screen.getAllByText('请输入费率', { selector: '.ant-form-item-explain-error' }).length).toBe(2);
  });
});
