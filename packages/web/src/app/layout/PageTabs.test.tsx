import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { HOME_TAB, usePageTabs } from './page-tabs-store';
import { PageTabs } from './PageTabs';

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <PageTabs />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const menuItem = async (name: string) => (await screen.findAllByText(name)).at(-1) as HTMLElement;

beforeEach(() => {
  usePageTabs.getState().reset();
  usePageTabs.getState().open({ path: '/projectManage/project/list', title: '项目列表' });
  usePageTabs.getState().open({ path: '/system/log/audit', title: '审计日志' });
  usePageTabs.getState().open({ path: '/system/log/login', title: '登录日志' });
});

describe('PageTabs context menu', { timeout: 30_000 }, () => {
  it('closes the others, keeping 首页 and the tab', async () => {
    renderAt('/system/log/audit');
    fireEvent.contextMenu(screen.getByText('审计日志'));
    fireEvent.click(await menuItem('关闭其他'));
    await waitFor(() => expect(usePageTabs.getState().tabs.map((tab) => tab.title)).toEqual(['首页', '审计日志']));
  });

  it('closes all, back on 首页', async () => {
    renderAt('/system/log/audit');
    fireEvent.contextMenu(screen.getByText('登录日志'));
    fireEvent.click(await menuItem('关闭全部'));
    await waitFor(() => expect(usePageTabs.getState().tabs).toEqual([HOME_TAB]));
    expect(screen.getByTestId('where').textContent).toBe(HOME_TAB.path);
  });

  it('closes one tab and refreshes another (its page remounts)', async () => {
    renderAt('/system/log/login');
    fireEvent.contextMenu(screen.getByText('项目列表'));
    fireEvent.click(await menuItem('关闭'));
    await waitFor(() => expect(usePageTabs.getState().tabs.map((tab) => tab.title)).not.toContain('项目列表'));
    fireEvent.contextMenu(screen.getByText('登录日志'));
    fireEvent.click(await menuItem('刷新'));
    await waitFor(() => expect(usePageTabs.getState().refreshed['/system/log/login']).toBe(1));
  });
});
