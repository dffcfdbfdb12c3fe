/** Side menu (spec 1 §2): children of the active top item; groups collapse, single items are links; no notice entry. */
import type { MenuItem } from '@fieldpay/domain';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { findByUrl, normalizePath, selectedMenuKey, sideItems } from '../menu';
import { MenuIcon } from './menu-icons';

type Items = NonNullable<MenuProps['items']>;

function toItems(entries: MenuItem[]): Items {
  return entries.map((entry) => {
    const children = sideItems(entry);
    return children.length > 0
      ? {
          key: `group:${entry.id}`,
          icon: <MenuIcon name={entry.icon} />,
          label: entry.name,
          children: children.map((child) => ({ key: normalizePath(child.url), label: child.name })),
        }
      : { key: normalizePath(entry.url), icon: <MenuIcon name={entry.icon} />, label: entry.name };
  });
}

export function SideMenu({ top }: { top: MenuItem | null }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const path = normalizePath(pathname);
  const entries = sideItems(top);
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  useEffect(() => {
    // Open the group holding the current page; otherwise the first group.
    const hit = top ? findByUrl([top], path) : null;
    const group = hit?.trail[1];
    const firstGroup = sideItems(top).find((entry) => sideItems(entry).length > 0);
    const key = group && sideItems(group).length > 0 ? group : firstGroup;
    if (key) setOpenKeys((keys) => (keys.includes(`group:${key.id}`) ? keys : [...keys, `group:${key.id}`]));
  }, [top, path]);

  // nothing under the top item (the notice list): no placeholder; the layout hides the platform's side menu
  if (entries.length === 0) return null;
  const pageKeys = entries.flatMap((entry) => {
    const children = sideItems(entry);
    return children.length > 0 ? children.map((child) => normalizePath(child.url)) : [normalizePath(entry.url)];
  });
  return (
    <Menu
      className="side-menu"
      mode="inline"
      selectedKeys={[selectedMenuKey(pageKeys, path)]}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      items={toItems(entries)}
      onClick={({ key }) => navigate(key)}
    />
  );
}
