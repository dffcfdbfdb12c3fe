import type { EnterpriseInfo } from '@fieldpay/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { buttonByText, LONG, pickOption, renderWithQuery, signedInAs } from '../../components/list/testing';
import { EnterpriseRiskBlock } from './EnterpriseRiskBlock';

const calls = vi.hoisted(() => ({ fetchDictOptions: vi.fn(), saveEnterpriseLimit: vi.fn() }));
vi.mock('./enterprise-calls', () => calls);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const risk = (unmasked: boolean): EnterpriseInfo =>
  ({
    id: 9,
    tenantId: 3,
    unmasked,
    registeredCapital: unmasked ? '1000' : '**',
    manageStatus: unmasked ? '2' : '',
    manageStatus_dictText: unmasked ? '在业' : '**',
    cases: unmasked ? '0' : '',
    cases_dictText: unmasked ? '无涉诉' : '**',
  }) as EnterpriseInfo;

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 2);
  useSession.setState({ permList: ['enterpriseAccountManage:info:modify'] });
  calls.fetchDictOptions.mockImplementation(async (code: string) =>
    code === 'manage_status'
      ? [
          { value: '1', label: '存续' },
          { value: '2', label: '在业' },
          { value: '7', label: '停业' },
        ]
      : [
          { value: '0', label: '无涉诉' },
          { value: '1', label: '有涉诉（已结案）' },
        ],
  );
});

describe('企业风险', { timeout: 60_000 }, () => {
  it('shows ** while masked, and 编辑 asks for the desensitized view first', async () => {
    renderWithQuery(<EnterpriseRiskBlock info={risk(false)} />);
    expect(screen.getAllByText('**')).toHaveLength(3);
    fireEvent.click(buttonByText(/编\s*辑/));
    expect(toasts.warning).toHaveBeenCalledWith('请先脱敏之后再进行编辑');
    expect(screen.queryByPlaceholderText('请输入注册资本')).toBeNull();
  });

  it('edits the unmasked fields: the capital is checked, the statuses come from their dictionaries', async () => {
    calls.saveEnterpriseLimit.mockResolvedValue('编辑成功');
    renderWithQuery(<EnterpriseRiskBlock info={risk(true)} />);
    expect(screen.getByText('在业')).toBeTruthy();
    fireEvent.click(buttonByText(/编\s*辑/));
    const capital = (await screen.findByPlaceholderText('请输入注册资本', {}, LONG)) as HTMLInputElement;
    expect(capital.value).toBe('1000');
    fireEvent.change(capital, { target: { value: '12a' } });
    fireEvent.click(buttonByText(/保\s*存/));
    expect(await screen.findByText('请输入数字，最多保留两位小数', {}, LONG)).toBeTruthy();
    fireEvent.change(capital, { target: { value: '1200.5' } });
    await pickOption('经营状态', '停业');
    fireEvent.click(buttonByText(/保\s*存/));
    await waitFor(() =>
      expect(calls.saveEnterpriseLimit).toHaveBeenCalledWith({
        enterpriseId: 9,
        tenantId: 3,
        registeredCapital: '1200.5',
        manageStatus: '7',
        cases: '0',
      }),
    );
    expect(toasts.success).toHaveBeenCalledWith('编辑成功');
    await waitFor(() => expect(screen.queryByPlaceholderText('请输入注册资本')).toBeNull());
  });

  it('offers no 编辑 to the operator, or to staff without the code', () => {
    signedInAs('platform', 1);
    useSession.setState({ permList: ['enterpriseAccountManage:info:modify'] });
    const operator = renderWithQuery(<EnterpriseRiskBlock info={risk(true)} />);
    expect(screen.queryByText(/编\s*辑/)).toBeNull();
    operator.unmount();
    signedInAs('platform', 2);
    renderWithQuery(<EnterpriseRiskBlock info={risk(true)} />);
    expect(screen.queryByText(/编\s*辑/)).toBeNull();
  });
});
