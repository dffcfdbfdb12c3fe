/** The page at the current address, from the menu and the fixed routes (spec 1 §2). */
import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { NoPermissionPage, NotFoundPage } from '../../components/ResultPages';
import { FullPageLoading } from '../guards';
import { normalizePath, resolvePath } from '../menu';
import { isRegisteredPage, PAGE_REGISTRY } from '../page-registry';
import { useSession } from '../session-store';
import { usePageTabs } from './page-tabs-store';

export default function MenuPage() {
  const { pathname } = useLocation();
  const path = normalizePath(pathname);
  const menuList = useSession((state) => state.menuList) ?? [];
  const side = useSession((state) => state.side);
  const resolution = resolvePath(path, menuList, side, isRegisteredPage);
  const openTab = usePageTabs((state) => state.open);
  // 刷新 on the page's tab remounts it
  const refreshed = usePageTabs((state) => state.refreshed[path] ?? 0);
  const title = resolution.kind === 'page' ? resolution.title : null;

  useEffect(() => {
    if (title) openTab({ path, title });
    document.title = `${title ?? '灵活用工结算平台'} - 灵活用工结算平台`;
  }, [path, title, openTab]);

  if (resolution.kind === 'forbidden') return <NoPermissionPage />;
  if (resolution.kind === 'notFound') return <NotFoundPage />;
  const Page = PAGE_REGISTRY[resolution.component];
  return (
    <Suspense fallback={<FullPageLoading tip="页面加载中…" />}>
      <Page key={`${path}#${refreshed}`} />
    </Suspense>
  );
}
