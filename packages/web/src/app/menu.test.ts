import type { MenuItem } from '@fieldpay/domain';
import { describe, expect, it } from 'vitest';
import {
  findByRemarks,
  firstPageOf,
  downloadListPath,
  menuHolds,
  normalizePath,
  resolvePath,
  selectedMenuKey,
  sideItems,
  topItemFor,
  topItems,
} from './menu';

let nextId = 1;
const item = (name: string, url: string, childList: MenuItem[] = [], extra: Partial<MenuItem> = {}): MenuItem => ({
  id: nextId++,
  name,
  url,
  component: '',
  remarks: '',
  icon: '',
  isOpen: 1,
  childList,
  ...extra,
});

const menu: MenuItem[] = [
  item('首页', '/dashboard', [item('分析页', '/dashboard/analysis', [], { component: 'DashboardAnalysis' })]),
  item('数据管理', '/dataManagement', [
    item('日志管理', '/dataManagement/logManagement', [
      item('下载日志', '/dataManagement/logManagement/downloadLog', [], {
        component: 'DownloadLog',
        remarks: 'downloadLog',
      }),
      item('操作日志', '/dataManagement/logManagement/operateLog', [], { component: 'OperateLog' }),
    ]),
    item('系统配置', '/dataManagement/config', [], { component: 'SysConfig' }),
    item('隐藏页', '/dataManagement/hidden', [], { isOpen: 0, component: 'Hidden' }),
  ]),
  item('通知', '/notice', [item('通知列表', '/notice/view/list', [], { component: 'NoticeList' })], { isOpen: 0 }),
  item('公告中心', '/notice/center', [], { isOpen: 1 }),
];

const registered = (name: string) => ['DashboardAnalysis', 'ChangePassword', 'SysConfig'].includes(name);

describe('top and side menus', () => {
  it('the side menu lights a page, or the page a hidden page sits under', () => {
    const keys = ['/company/account/info', '/company/account/members', '/company'];
    expect(selectedMenuKey(keys, '/company/account/members')).toBe('/company/account/members');
    expect(selectedMenuKey(keys, '/company/account/info/modifyAuth')).toBe('/company/account/info');
    expect(selectedMenuKey(keys, '/company/account/information')).toBe('/company');
    expect(selectedMenuKey(['/projectManage/project/list'], '/projectManage/project/detail')).toBe(
      '/projectManage/project/detail',
    );
  });

  it('top bar shows shown top items without the notice entries', () => {
    expect(topItems(menu).map((m) => m.name)).toEqual(['首页', '数据管理']);
  });

  it('side menu shows the shown children of the top item', () => {
    expect(sideItems(menu[1]).map((m) => m.name)).toEqual(['日志管理', '系统配置']);
    expect(sideItems(null)).toEqual([]);
  });

  it('a top item goes to its first grandchild', () => {
    expect(firstPageOf(menu[1])).toBe('/dataManagement/logManagement/downloadLog');
    expect(firstPageOf(menu[0])).toBe('/dashboard/analysis');
  });

  it('a top item whose first child has no children goes to that child', () => {
    expect(firstPageOf(item('x', '/x', [item('y', '/x/y')]))).toBe('/x/y');
    expect(firstPageOf(item('x', '/x'))).toBe('/x');
  });

  it('finds the top item of a path, the menu holding a path, an entry by remark key', () => {
    expect(topItemFor(menu, '/dataManagement/config')?.name).toBe('数据管理');
    expect(menuHolds(menu, '/dataManagement/logManagement/downloadLog/')).toBe(true);
    expect(menuHolds(menu, '/nope')).toBe(false);
    expect(downloadListPath(menu)).toBe('/dataManagement/logManagement/downloadLog');
    expect(
      downloadListPath([item('企业中心', '/company', [item('缓存', '/company/catchSystem/orderGenerateCache')])]),
    ).toBe('/company/catchSystem/orderGenerateCache');
    expect(downloadListPath([menu[0]])).toBeNull();
    expect(findByRemarks(menu, 'downloadLog')?.item.name).toBe('下载日志');
    expect(findByRemarks(menu, 'missing')).toBeNull();
    expect(findByRemarks(menu, '')).toBeNull();
  });

  it('normalizes paths', () => {
    expect(normalizePath('a/b/?x=1')).toBe('/a/b');
    expect(normalizePath('/')).toBe('/');
  });
});

describe('resolvePath', () => {
  it('renders the registered page a menu entry names', () => {
    expect(resolvePath('/dataManagement/config', menu, 'platform', registered)).toEqual({
      kind: 'page',
      component: 'SysConfig',
      title: '系统配置',
    });
  });

  it('hidden menu entries are still routable', () => {
    const withHidden = (name: string) => registered(name) || name === 'Hidden';
    expect(resolvePath('/dataManagement/hidden', menu, 'platform', withHidden).kind).toBe('page');
  });

  it('shows not found for a menu entry whose page is not built', () => {
    expect(resolvePath('/dataManagement/logManagement/downloadLog', menu, 'platform', registered).kind).toBe(
      'notFound',
    );
    expect(resolvePath('/notice/view/list', menu, 'platform', registered).kind).toBe('notFound');
  });

  it('shows no permission for a known page the menu lacks', () => {
    expect(resolvePath('/dataManagement/logManagement/downloadLog', [], 'platform', registered).kind).toBe('forbidden');
    expect(resolvePath('/company/catchSystem/orderGenerateCache', menu, 'enterprise', registered).kind).toBe(
      'forbidden',
    );
  });

  it('shows no permission for any page of the console outside the user’s menu, not found for no page', () => {
    // a tenant or enterprise user opening the operator's screens (issue 14)
    for (const path of ['/system/tenant/list', '/system/log/login', '/system/settings/dicts']) {
      expect(resolvePath(path, menu, 'enterprise', registered).kind).toBe('forbidden');
      expect(resolvePath(`/#${path}`.replace('/#', ''), [], 'platform', registered).kind).toBe('forbidden');
    }
    expect(resolvePath('/system/nothing-here', menu, 'platform', registered).kind).toBe('notFound');
  });

  it('the dashboard is always there (fixed first tab)', () => {
    expect(resolvePath('/dashboard/analysis', [], 'platform', registered)).toMatchObject({
      kind: 'page',
      component: 'DashboardAnalysis',
    });
  });

  it('change password belongs to the enterprise side', () => {
    expect(resolvePath('/company/loginManage/password', [], 'enterprise', registered)).toMatchObject({
      kind: 'page',
      component: 'ChangePassword',
    });
    expect(resolvePath('/company/loginManage/password', [], 'platform', registered).kind).toBe('forbidden');
  });

  it('unknown paths are not found', () => {
    expect(resolvePath('/no/such/page', menu, 'platform', registered).kind).toBe('notFound');
  });
});
