import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { signedInAs } from '../components/list/testing';
import { RequireSession } from './guards';
import { useSession } from './session-store';

vi.mock('./menu-loader', () => ({ loadMenuOnce: vi.fn(), waitForMenu: vi.fn(() => Promise.resolve([])) }));

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/account/password" element={<div>修改密码页</div>} />
        <Route path="/company/loginManage/password" element={<div>企业修改密码页</div>} />
        <Route
          path="*"
          element={
            <RequireSession>
              <div>控制台页面</div>
            </RequireSession>
          }
        />
      </Routes>
    </MemoryRouter>,
  );

describe('RequireSession and a one-time password', () => {
  beforeEach(() => signedInAs('platform', 2));

  it('sends a platform user whose password was reset to 修改密码 first', async () => {
    const { userInfo } = useSession.getState();
    useSession.setState({ userInfo: userInfo && { ...userInfo, mustChangePassword: true }, menuList: [] });
    renderAt('/projectManage/project/list');
    expect(await screen.findByText('修改密码页')).toBeTruthy();
  });

  it("sends an enterprise user to the enterprise side's page", async () => {
    signedInAs('enterprise', 2);
    const { userInfo } = useSession.getState();
    useSession.setState({ userInfo: userInfo && { ...userInfo, mustChangePassword: true }, menuList: [] });
    renderAt('/dashboard/analysis');
    expect(await screen.findByText('企业修改密码页')).toBeTruthy();
  });

  it('lets everyone else through', async () => {
    useSession.setState({ menuList: [] });
    renderAt('/projectManage/project/list');
    expect(await screen.findByText('控制台页面')).toBeTruthy();
  });
});
