import { CloseOutlined, ColumnWidthOutlined, MinusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps, Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { normalizePath } from '../menu';
import { queryClient } from '../query-client';
import { HOME_TAB, type PageTab, usePageTabs } from './page-tabs-store';

/**
 * Tabs of the visited pages; 首页 is fixed first. A right click on a tab offers what users of such
 * consoles expect: 刷新 (the page reloads its data), 关闭, 关闭其他, 关闭全部.
 */
export function PageTabs() {
  const tabs = usePageTabs((state) => state.tabs);
  const { close, closeOthers, closeAll, refresh } = usePageTabs.getState();
  const navigate = useNavigate();
  const active = normalizePath(useLocation().pathname);

  const closeTab = (path: string) => {
    const next = close(path);
    if (path === active) navigate(next.path);
  };

  const menuOf = (tab: PageTab): MenuProps => {
    const fixed = tab.path === HOME_TAB.path;
    return {
      items: [
        { key: 'refresh', icon: <ReloadOutlined />, label: '刷新' },
        { key: 'close', icon: <CloseOutlined />, label: '关闭', disabled: fixed },
        {
          key: 'closeOthers',
          icon: <ColumnWidthOutlined />,
          label: '关闭其他',
          disabled: tabs.length <= (fixed ? 1 : 2),
        },
        { key: 'closeAll', icon: <MinusOutlined />, label: '关闭全部', disabled: tabs.length <= 1 },
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        if (key === 'refresh') {
          if (tab.path !== active) navigate(tab.path);
          refresh(tab.path);
          void queryClient.invalidateQueries();
        } else if (key === 'close') closeTab(tab.path);
        else if (key === 'closeOthers') {
          closeOthers(tab.path);
          if (tab.path !== active && active !== HOME_TAB.path) navigate(tab.path);
        } else if (key === 'closeAll') {
          closeAll();
          navigate(HOME_TAB.path);
        }
      },
    };
  };

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
        closeTab(key);
      }}
      items={tabs.map((tab) => ({
        key: tab.path,
        label: (
          <Dropdown menu={menuOf(tab)} trigger={['contextMenu']}>
            <span className="page-tab-label">{tab.title}</span>
          </Dropdown>
        ),
        closable: tab.path !== HOME_TAB.path,
      }))}
    />
  );
}
