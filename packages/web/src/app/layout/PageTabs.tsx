import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { normalizePath } from '../menu';
import { HOME_TAB, usePageTabs } from './page-tabs-store';

/** Tabs of the visited pages; 首页 is fixed first. */
export function PageTabs() {
  const tabs = usePageTabs((state) => state.tabs);
  const close = usePageTabs((state) => state.close);
  const navigate = useNavigate();
  const active = normalizePath(useLocation().pathname);
  return (
    <Tabs
      className="page-tabs"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={tabs.some((tab) => tab.path === active) ? active : ''}
      onChange={(key) => navigate(key)}
      onEdit={(key, action) => {
        if (action !== 'remove' || typeof key !== 'string') return;
        const next = close(key);
        if (key === active) navigate(next.path);
      }}
      items={tabs.map((tab) => ({ key: tab.path, label: tab.title, closable: tab.path !== HOME_TAB.path }))}
    />
  );
}
