import type { LoginUserInfo } from '@fieldpay/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http';
import { useSession } from '../../app/session-store';
import LoginPage from './LoginPage';

const api = vi.hoisted(() => ({ login: vi.fn(), captchaImage: vi.fn() }));
vi.mock('./login-calls', () => api);
const session = vi.hoisted(() => ({ switchTenant: vi.fn() }));
vi.mock('../../app/session-calls', () => session);

const user = (tenantId = 1): LoginUserInfo => ({
  token: 'tok',
  tenant: { id: tenantId, tenantName: `平台${tenantId}` },
  userIdentity: 2,
  realname: '王企业',
  username: '13900000001',
  account: '13900000001',
  enterprise: { id: 3, enterpriseName: '示例企业' },
  avatar: null,
  orgCodeTxt: null,
  phoneVerifyStatus: 1,
  tenantList: [
    { id: 1, tenantName: '平台1' },
    { id: 2, tenantName: '平台2' },
  ],
});

function renderAt(address: string) {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/home" element={<div>控制台首页</div>} />
      </Routes>
    </MemoryRouter>,
  );
}

function fill(username: string, password: string) {
  fireEvent.change(screen.getByPlaceholderText('请输入登录账号'), { target: { value: username } });
  fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: password } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));

beforeEach(() => {
  vi.resetAllMocks();
  message.destroy();
  useSession.setState({ token: null, userInfo: null, side: 'platform', tenantChoice: null, menuList: null });
});

describe('LoginPage', () => {
  it('shows the branded page in Chinese with both side tabs', () => {
    renderAt('/login');
    expect(screen.getAllByText('灵活用工结算平台').length).toBeGreaterThan(0);
    expect(screen.getByText('众包服务管理控制台')).toBeTruthy();
    expect(screen.getByText('平台端')).toBeTruthy();
    expect(screen.getByText('企业端')).toBeTruthy();
  });

  it('takes the side from the address and remembers it', async () => {
    renderAt('/login?side=enterprise');
    expect(screen.getByText('请使用企业端账号登录控制台')).toBeTruthy();
    await waitFor(() => expect(useSession.getState().side).toBe('enterprise'));
  });

  it('asks for the account and password before calling the server', async () => {
    renderAt('/login');
    submit();
    expect(await screen.findByText('请输入登录账号')).toBeTruthy();
    expect(api.login).not.toHaveBeenCalled();
  });

  it('asks for an 11-digit mobile number or admin as the account', async () => {
    renderAt('/login');
    fill('zhangsan', 'Admin@123456');
    submit();
    expect(await screen.findByText('请输入正确的登录账号')).toBeTruthy();
    fill('1380000000', 'Admin@123456');
    submit();
    expect(await screen.findByText('请输入正确的登录账号')).toBeTruthy();
    expect(api.login).not.toHaveBeenCalled();
  });

  it('logs in on the chosen side, stores the session and goes home', async () => {
    api.login.mockResolvedValue(user());
    renderAt('/login?side=enterprise');
    fill(' 13900000001 ', 'Enterprise@123');
    submit();
    expect(await screen.findByText('控制台首页')).toBeTruthy();
    expect(api.login).toHaveBeenCalledWith('enterprise', { username: '13900000001', password: 'Enterprise@123' });
    expect(useSession.getState().token).toBe('tok');
    expect(useSession.getState().side).toBe('enterprise');
  });

  it('shows the server message and the captcha when the server asks for it', async () => {
    api.login.mockRejectedValueOnce(new ApiError('用户名或密码错误', 10003, { captchaRequired: true, retryAt: null }));
    api.captchaImage.mockResolvedValue('data:image/svg+xml;base64,PHN2Zy8+');
    renderAt('/login');
    fill('admin', 'wrong-password');
    submit();
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    const image = await screen.findByAltText('验证码');
    expect(image.getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    const firstKey = api.captchaImage.mock.calls[0][0];

    fireEvent.click(screen.getByRole('button', { name: '刷新验证码' }));
    await waitFor(() => expect(api.captchaImage).toHaveBeenCalledTimes(2));
    expect(api.captchaImage.mock.calls[1][0]).not.toBe(firstKey);

    api.login.mockResolvedValueOnce(user(0));
    fill('admin', 'Admin@123456');
    fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: 'ab12' } });
    submit();
    await screen.findByText('控制台首页');
    expect(api.login).toHaveBeenLastCalledWith('platform', {
      username: 'admin',
      password: 'Admin@123456',
      captcha: 'ab12',
      checkKey: api.captchaImage.mock.calls[1][0],
    });
  });

  it('clears the error as soon as the user edits the form', async () => {
    api.login.mockRejectedValueOnce(new ApiError('用户名或密码错误', 10002));
    renderAt('/login');
    fill('admin', 'x');
    submit();
    await screen.findByText('用户名或密码错误');
    fireEvent.change(screen.getByPlaceholderText('请输入登录账号'), { target: { value: 'admin2' } });
    await waitFor(() => expect(screen.queryByText('用户名或密码错误')).toBeNull());
  });

  it('goes back to the tenant an enterprise user chose within 7 days', async () => {
    useSession.setState({ tenantChoice: { account: '13900000001', tenantId: 2, expiresAt: Date.now() + 60_000 } });
    api.login.mockResolvedValue(user(1));
    session.switchTenant.mockResolvedValue(user(2));
    renderAt('/login?side=enterprise');
    fill('13900000001', 'Enterprise@123');
    submit();
    await screen.findByText('控制台首页');
    expect(session.switchTenant).toHaveBeenCalledWith(2, 'tok');
    expect(useSession.getState().userInfo?.tenant.id).toBe(2);
  });
});
