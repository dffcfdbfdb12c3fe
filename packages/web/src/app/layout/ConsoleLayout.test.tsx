import type { MenuItem } from '@fieldpay/domain';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInAs } from '../../components/list/testing';
import { useSession } from '../session-store';
import ConsoleLayout from './ConsoleLayout';
import MenuPage from './MenuPage';

vi.mock('../shell-calls', () => ({
  UNREAD_NOTICE_COUNT_KEY: ['notice', 'unreadCount'],
  unreadNoticeCount: vi.fn().mockResolvedValue(0),
  configValueKey: (key: string) => ['config', key],
  configValue: vi.fn().mockResolvedValue(null),
}));
// the pages themselves are not under test: each shows its name
vi.mock('../page-registry', () => {
  const page = (name: string) => () => <div className="stub-page">{name}</div>;
  const PAGE_REGISTRY = {
    DashboardAnalysis: page('分析页内容'),
    ProjectList: page('项目列表内容'),
    NoticeList: page('通知列表内容'),
  };
  return { PAGE_REGISTRY, isRegisteredPage: (name: string) => Object.hasOwn(PAGE_REGISTRY, name) };
});
vi.mock('../session-calls', () => ({ ping: vi.fn().mockResolvedValue(undefined) }));

let nextId = 1;
const item = (name: string, url: string, childList: MenuItem[] = [], component = ''): MenuItem =>
  ({
    id: nextId++,
    name,
    url,
    component,
    icon: '',
    remarks: '',
    isOpen: 1,
    childList,
  }) as unknown as MenuItem;

const MENU: MenuItem[] = [
  item('首页', '/dashboard', [
    item('数据概览', '/dashboard/group', [item('分析页', '/dashboard/analysis', [], 'DashboardAnalysis')]),
  ]),
  item('项目管理', '/projectManage', [
    item('项目', '/projectManage/project', [item('项目列表', '/projectManage/project/list', [], 'ProjectList')]),
  ]),
  item('通知', '/notice', [item('通知', '/notice/view', [item('通知列表', '/notice/view/list', [], 'NoticeList')])]),
];

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<ConsoleLayout />}>
          <Route path="*" element={<MenuPage />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  signedInAs('platform', 2);
  useSession.setState({ menuList: MENU });
});

describe('ConsoleLayout', { timeout: 60_000 }, () => {
  it('shows 暂无页面权限 for an operator’s page outside the menu, with no top item highlighted', async () => {
    const { container } = renderAt('/system/tenant/list');
    expect(await screen.findByText('暂无页面权限，请联系管理员')).toBeTruthy();
    expect(screen.queryByText('页面不存在')).toBeNull();
    expect(container.querySelectorAll('.top-bar-menu .ant-menu-item-selected')).toHaveLength(0);
    expect(container.querySelectorAll('.side-menu .ant-menu-item-selected')).toHaveLength(0);
  });

  it('shows no empty side menu on the notice list', async () => {
    const { container } = renderAt('/notice/view/list');
    await screen.findByText('通知列表内容');
    expect(container.querySelector('.console-sider')).toBeNull();
    expect(container.querySelector('.side-menu-empty')).toBeNull();
  });

  it('highlights the top item and the page of a page in the menu', async () => {
    const { container } = renderAt('/projectManage/project/list');
    await screen.findByText('项目列表内容');
    expect(container.querySelector('.top-bar-menu .ant-menu-item-selected')?.textContent).toBe('项目管理');
    expect(container.querySelector('.console-sider')).not.toBeNull();
  });
});
