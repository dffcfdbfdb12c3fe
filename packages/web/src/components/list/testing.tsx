/** Test helpers of the list pieces: the app's locale and a fresh query client per render, the session of a side. */
import type { LoginUserInfo, Side } from '@fieldpay/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { useSession } from '../../app/session-store';

/** `at`: the address the router starts at (a page that reads its search). */
export function renderWithQuery(ui: ReactElement, { at = '/' }: { at?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <MemoryRouter initialEntries={[at]}>
      <ConfigProvider locale={zhCN}>
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </ConfigProvider>
    </MemoryRouter>,
  );
  return { ...view, queryClient };
}

/** Where the router is: the path and search of the address (test id `where`), for a test to read after a move. */
export function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

/** A page at its route `path`, the router starting at `at`; any other address shows `Where`. */
export const renderPageAt = (path: string, page: ReactElement, at: string) =>
  renderWithQuery(
    <Routes>
      <Route path={path} element={page} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { at },
  );

export function signedInAs(side: Side, userIdentity: 1 | 2): void {
  const userInfo: LoginUserInfo = {
    token: 'token',
    tenant: { id: userIdentity === 1 ? 0 : 3, tenantName: '华东众包服务平台' },
    userIdentity,
    realname: '测试员',
    username: '13800000001',
    account: '13800000001',
    enterprise: side === 'enterprise' ? { id: 9, enterpriseName: '杭州星联医药科技有限公司' } : null,
    avatar: null,
    orgCodeTxt: null,
    phoneVerifyStatus: 1,
    tenantList: [],
  };
  useSession.setState({ token: 'token', side, userInfo, menuList: [], permList: [] });
}

/**
 * A button by its text. A role query with a name computes the accessible name of every element of
 * an antd page on every retry: seconds per query on a loaded machine.
 */
export const buttonByText = (text: string | RegExp): HTMLElement =>
  screen.getByText(text, { selector: 'button, button *' }).closest('button') as HTMLElement;
