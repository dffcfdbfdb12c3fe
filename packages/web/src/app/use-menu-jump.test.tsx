import type { MenuItem } from '@fieldpay/domain';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setMessageApi } from './notify';
import { useSession } from './session-store';
import { useJumpByRemark } from './use-menu-jump';

const menu: MenuItem[] = [
  {
    id: 1,
    name: '数据管理',
    url: '/dataManagement',
    component: '',
    remarks: '',
    icon: '',
    isOpen: 1,
    childList: [
      {
        id: 2,
        name: '下载日志',
        url: '/dataManagement/logManagement/downloadLog',
        component: 'DownloadLog',
        remarks: 'downloadLog',
        icon: '',
        isOpen: 1,
        childList: [],
      },
    ],
  },
];

let jump: ReturnType<typeof useJumpByRemark> = async () => false;
function Probe() {
  jump = useJumpByRemark();
  return null;
}

beforeEach(() => useSession.setState({ token: 'tok', menuList: menu }));

describe('jump by remark key', () => {
  function renderApp() {
    render(
      <MemoryRouter initialEntries={['/home']}>
        <Probe />
        <Routes>
          <Route path="/home" element={<div>首页</div>} />
          <Route path="/dataManagement/logManagement/downloadLog" element={<div>下载日志页</div>} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('goes to the page the menu holds for the key', async () => {
    renderApp();
    await act(async () => {
      expect(await jump('downloadLog')).toBe(true);
    });
    expect(screen.getByText('下载日志页')).toBeTruthy();
  });

  it('says 暂无页面权限，请联系管理员 when the menu lacks it', async () => {
    const warning = vi.fn();
    setMessageApi({ warning } as never);
    renderApp();
    await act(async () => {
      expect(await jump('settlementList')).toBe(false);
    });
    expect(warning).toHaveBeenCalledWith(expect.objectContaining({ content: '暂无页面权限，请联系管理员' }));
    expect(screen.getByText('首页')).toBeTruthy();
    setMessageApi(null);
  });
});
