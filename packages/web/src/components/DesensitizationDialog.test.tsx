import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dropUnmaskToken, useUnmaskToken } from '../app/unmask-store';
import { DesensitizationDialog } from './DesensitizationDialog';
import { renderWithQuery, signedInAs } from './list/testing';

const desensitization = vi.hoisted(() => ({ sendVerifyCode: vi.fn(), verifyDesensitization: vi.fn() }));
vi.mock('./desensitization-calls', () => desensitization);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../app/notify', () => ({ notifier: () => toasts }));

function TokenProbe() {
  const token = useUnmaskToken();
  return <span data-testid="probe">{token?.token ?? 'none'}</span>;
}

function open(onClose = vi.fn()) {
  renderWithQuery(
    <>
      <DesensitizationDialog open onClose={onClose} />
      <TokenProbe />
    </>,
  );
  return onClose;
}

beforeEach(() => {
  vi.resetAllMocks();
  dropUnmaskToken();
});

describe('DesensitizationDialog', () => {
  it('is 630 wide and asks the operator for the password only', async () => {
    signedInAs('platform', 1);
    open();
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('630px');
    expect(screen.queryByPlaceholderText('请输入短信验证码')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(desensitization.verifyDesensitization).not.toHaveBeenCalled();
    expect((screen.getByPlaceholderText('请输入登录密码') as HTMLInputElement).maxLength).toBe(20);
  });

  it('asks tenant-level users for the SMS code too, with a 60-second resend countdown', async () => {
    signedInAs('platform', 2);
    desensitization.sendVerifyCode.mockResolvedValue('已向该手机号发送验证码');
    open();
    fireEvent.change(screen.getByPlaceholderText('请输入登录密码'), { target: { value: 'Tenant@123456' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入短信验证码', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect((screen.getByPlaceholderText('请输入短信验证码') as HTMLInputElement).maxLength).toBe(6);
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '60秒后重新获取' })).toBeTruthy();
    expect(toasts.success).toHaveBeenCalledWith('已向该手机号发送验证码');
  });

  it('holds the token for the session on success and closes', async () => {
    signedInAs('platform', 2);
    desensitization.verifyDesensitization.mockResolvedValue({ token: 'tok', expiresAt: Date.now() + 60_000 });
    const onClose = open();
    fireEvent.change(screen.getByPlaceholderText('请输入登录密码'), { target: { value: 'Tenant@123456' } });
    fireEvent.change(screen.getByPlaceholderText('请输入短信验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(desensitization.verifyDesensitization).toHaveBeenCalledWith({
      password: 'Tenant@123456',
      msgCaptcha: '123456',
    });
    expect(screen.getByTestId('probe').textContent).toBe('tok');
  });

  it('keeps the dialog open and clears the password when the server refuses (密码错误 shown by the request layer)', async () => {
    signedInAs('platform', 1);
    desensitization.verifyDesensitization.mockRejectedValue(new Error('密码错误'));
    const onClose = open();
    fireEvent.change(screen.getByPlaceholderText('请输入登录密码'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(desensitization.verifyDesensitization).toHaveBeenCalled());
    await waitFor(() => expect((screen.getByPlaceholderText('请输入登录密码') as HTMLInputElement).value).toBe(''));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('probe').textContent).toBe('none');
  });
});
