import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { useSession } from '../session-store';
import { useLogout, useSwitchTenant } from './session-actions';

const api = vi.hoisted(() => ({ logout: vi.fn(), switchTenant: vi.fn() }));
vi.mock('../session-calls', () => api);
const session = vi.hoisted(() => ({ endSession: vi.fn() }));
vi.mock('../end-session', () => session);
const navigation = vi.hoisted(() => ({ reloadAt: vi.fn() }));
vi.mock('../navigation', () => navigation);

function Buttons() {
  const logout = useLogout();
  const switchTo = useSwitchTenant();
  return (
    <>
      <button type="button" onClick={() => void logout()}>
        退出
      </button>
      <button type="button" onClick={() => void switchTo(2)}>
        切换
      </button>
    </>
  );
}

const renderButtons = () =>
  render(
    <ConfirmProvider>
      <Buttons />
    </ConfirmProvider>,
  );

beforeEach(() => {
  vi.resetAllMocks();
  useSession.setState({
    token: 'tok',
    side: 'enterprise',
    userInfo: {
      token: 'tok',
      tenant: { id: 1, tenantName: '平台1' },
      userIdentity: 2,
      realname: '王',
      username: 'u',
      account: 'u',
      enterprise: null,
      avatar: null,
      orgCodeTxt: null,
      phoneVerifyStatus: 1,
      tenantList: [],
    },
  });
});

describe('log out', () => {
  it('asks first, and clears everything even when the logout call fails', async () => {
    api.logout.mockRejectedValue(new Error('network'));
    renderButtons();
    fireEvent.click(screen.getByText('退出'));
    expect(await screen.findByText('确定要退出登录吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(session.endSession).toHaveBeenCalledTimes(1));
    expect(api.logout).toHaveBeenCalledWith('enterprise');
  });

  it('does nothing when the user cancels', async () => {
    renderButtons();
    fireEvent.click(screen.getByText('退出'));
    fireEvent.click(await screen.findByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByText('确定要退出登录吗？')).toBeNull());
    expect(api.logout).not.toHaveBeenCalled();
    expect(session.endSession).not.toHaveBeenCalled();
  });
});

describe('tenant switch', () => {
  it('asks 是否确认切换, replaces the stored tenant and reloads at /home', async () => {
    api.switchTenant.mockResolvedValue({
      ...useSession.getState().userInfo,
      tenant: { id: 2, tenantName: '平台2' },
    });
    renderButtons();
    fireEvent.click(screen.getByText('切换'));
    expect(await screen.findByText('是否确认切换')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(navigation.reloadAt).toHaveBeenCalledWith('/home'));
    expect(api.switchTenant).toHaveBeenCalledWith(2);
    expect(useSession.getState().userInfo?.tenant.id).toBe(2);
    expect(useSession.getState().tenantChoice?.tenantId).toBe(2);
  });
});
