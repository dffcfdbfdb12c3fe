/** The signed-in console: top bar, side menu (company header above it on the enterprise side), tabs and the page. */
import type { MenuItem } from '@fieldpay/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { Layout } from 'antd';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { currentSide } from '../current-side';
import '../dayjs-locale';
import { startKeepalive } from '../keepalive';
import { sideItems, topItemFor, topItems } from '../menu';
import { queryClient } from '../query-client';
import { ping } from '../session-calls';
import { useSession } from '../session-store';
import { CompanyHeader } from './CompanyHeader';
import { PageTabs } from './PageTabs';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';

function useKeepalive() {
  const token = useSession((state) => state.token);
  useEffect(() => {
    if (!token) return;
    return startKeepalive(() => ping(currentSide()));
  }, [token]);
}

export default function ConsoleLayout() {
  const { pathname } = useLocation();
  const menuList = useSession((state) => state.menuList) ?? [];
  const side = useSession((state) => state.side);
  const [chosenTop, setChosenTop] = useState<MenuItem | null>(null);
  const holdingTop = topItemFor(menuList, pathname);
  const activeTop = holdingTop ?? chosenTop ?? topItems(menuList)[0] ?? null;
  // a page outside the menu (暂无页面权限, 页面不存在) highlights no top item, and an item without side
  // entries (通知: the notice list) shows no empty side menu
  const highlightedTop = holdingTop;
  const showSider = side === 'enterprise' || sideItems(activeTop).length > 0;
  useKeepalive();

  return (
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>
        <Layout className="console">
          <Layout.Header className="console-header">
            <TopBar activeTop={highlightedTop} onTopChange={setChosenTop} />
          </Layout.Header>
          <Layout className="console-body">
            {showSider && (
              <Layout.Sider width={224} className="console-sider" theme="light">
                {side === 'enterprise' && <CompanyHeader />}
                <SideMenu top={activeTop} />
              </Layout.Sider>
            )}
            <Layout.Content className="console-content">
              <PageTabs />
              <main className="console-page">
                <Outlet />
              </main>
            </Layout.Content>
          </Layout>
        </Layout>
      </ConfirmProvider>
    </QueryClientProvider>
  );
}
