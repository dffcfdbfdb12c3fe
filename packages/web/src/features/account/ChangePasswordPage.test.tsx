import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ChangePasswordPage from './ChangePasswordPage';

const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const api = vi.hoisted(() => ({ changePassword: vi.fn() }));
vi.mock('./account-calls', () => api);
const session = vi.hoisted(() => ({ endSession: vi.fn() }));
vi.mock('../../app/end-session', () => session);

function fill(oldPassword: string, newPassword: string, confirmPassword: string) {
  fireEvent.change(screen.getByPlaceholderText('请输入原密码'), { target: { value: oldPassword } });
  fireEvent.change(screen.getByPlaceholderText('请输入新密码'), { target: { value: newPassword } });
  fireEvent.change(screen.getByPlaceholderText('请再次输入新密码'), { target: { value: confirmPassword } });
  fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
}

beforeEach(() => vi.resetAllMocks());

describe('ChangePasswordPage', () => {
  it('refuses a new password outside the shared rule', async () => {
    render(<ChangePasswordPage />);
    fill('Enterprise@123', 'short1A', 'short1A');
    expect(
      await screen.findByText('密码须为10-16位，且包含数字、大写字母、小写字母、特殊符号中的至少三种'),
    ).toBeTruthy();
    expect(api.changePassword).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that differs', async () => {
    render(<ChangePasswordPage />);
    fill('Enterprise@123', 'NewPassw0rd!', 'NewPassw0rd?');
    expect(await screen.findByText('两次输入密码不一致')).toBeTruthy();
    expect(api.changePassword).not.toHaveBeenCalled();
  });

  it('posts the three fields, then ends the session (the server revoked it)', async () => {
    api.changePassword.mockResolvedValue(undefined);
    render(<ChangePasswordPage />);
    fill('Enterprise@123', 'NewPassw0rd!', 'NewPassw0rd!');
    await waitFor(() => expect(session.endSession).toHaveBeenCalled());
    expect(api.changePassword).toHaveBeenCalledWith({
      oldPassword: 'Enterprise@123',
      newPassword: 'NewPassw0rd!',
      confirmPassword: 'NewPassw0rd!',
    });
    expect(toasts.success).toHaveBeenCalledWith('密码修改成功，请重新登录');
  });

  it('stays on the page when the server refuses', async () => {
    api.changePassword.mockRejectedValue(new Error('原密码错误'));
    render(<ChangePasswordPage />);
    fill('Wrong@123456', 'NewPassw0rd!', 'NewPassw0rd!');
    await waitFor(() => expect(api.changePassword).toHaveBeenCalled());
    expect(session.endSession).not.toHaveBeenCalled();
  });
});
