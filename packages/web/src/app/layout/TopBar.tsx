/**
 * Top bar (spec 1 §2): logo and tenant name (switcher on the enterprise side), the top-level menu
 * items, then notice, download log, APP download and the user menu.
 */
import { BellOutlined, CloudDownloadOutlined, MobileOutlined, SyncOutlined } from '@ant-design/icons';
import { loadsNoticesAndBanks, type MenuItem } from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import { Badge, Menu, Popover, Spin, Tooltip } from 'antd';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { WidthTooltip } from '../../components/WidthTooltip';
import { useExportInProgress } from '../export-events';
import { useMediaQuery } from '../use-media-query';
import { downloadListPath, firstPageOf, menuHolds, NOTICE_LIST_PATH, NOTICE_PATH, topItems } from '../menu';
import { useSession } from '../session-store';
import { UNREAD_NOTICE_COUNT_KEY, unreadNoticeCount } from '../shell-calls';
import { BrandMark, PLATFORM_TITLE } from './BrandMark';
import { TenantSwitcher } from './TenantSwitcher';
import { UserMenu } from './UserMenu';

function NoticeBell() {
  const userIdentity = useSession((state) => state.userInfo?.userIdentity);
  const navigate = useNavigate();
  // Red-dot notices load only when userIdentity is not 1 (spec 1 §6).
  const unread = useQuery({
    queryKey: UNREAD_NOTICE_COUNT_KEY,
    queryFn: unreadNoticeCount,
    enabled: loadsNoticesAndBanks(userIdentity),
    refetchInterval: 5 * 60_000,
  });
  return (
    <Tooltip title="消息通知">
      <button type="button" className="top-bar-icon" aria-label="消息通知" onClick={() => navigate(NOTICE_PATH)}>
        <Badge dot={(unread.data ?? 0) > 0} offset={[-2, 2]}>
          <BellOutlined />
        </Badge>
      </button>
    </Tooltip>
  );
}

/** The download list of the side: the download log (platform) or the order-generation cache (enterprise). */
function DownloadLogButton({ path }: { path: string }) {
  const navigate = useNavigate();
  const inProgress = useExportInProgress();
  return (
    <Tooltip title={inProgress ? '下载任务处理中' : '下载列表'}>
      <button
        type="button"
        className={inProgress ? 'top-bar-icon top-bar-download-active' : 'top-bar-icon'}
        aria-label={inProgress ? '下载任务处理中' : '下载列表'}
        data-in-progress={inProgress ? 'true' : 'false'}
        onClick={() => navigate(path)}
      >
        {inProgress ? <SyncOutlined spin /> : <CloudDownloadOutlined />}
      </button>
    </Tooltip>
  );
}

// The QR code library loads when the menu first opens.
const DownloadAppBlock = lazy(() => import('../../components/DownloadAppBlock'));

function AppDownloadMenu() {
  const content = (
    <Suspense fallback={<Spin />}>
      <DownloadAppBlock />
    </Suspense>
  );
  return (
    <Popover content={content} trigger="hover" placement="bottomRight" destroyOnHidden>
      <button type="button" className="top-bar-icon top-bar-app" aria-label="APP下载">
        <MobileOutlined />
        <span className="top-bar-app-text">APP下载</span>
      </button>
    </Popover>
  );
}

/** Where styles.css narrows the top bar (1440- and 1280-wide screens). */
const NARROW_TOP_BAR = '(max-width: 1535px)';

export function TopBar({ activeTop, onTopChange }: { activeTop: MenuItem | null; onTopChange(top: MenuItem): void }) {
  const navigate = useNavigate();
  const menuList = useSession((state) => state.menuList) ?? [];
  const userInfo = useSession((state) => state.userInfo);
  const side = useSession((state) => state.side);
  const tops = topItems(menuList);
  const showNotice = menuHolds(menuList, NOTICE_PATH) || menuHolds(menuList, NOTICE_LIST_PATH);
  const downloadPath = downloadListPath(menuList);
  const narrow = useMediaQuery(NARROW_TOP_BAR);

  const tenantTitle =
    side === 'enterprise' ? (
      <TenantSwitcher className="top-bar-tenant" />
    ) : (
      <WidthTooltip
        className="top-bar-tenant"
        text={!userInfo || userInfo.tenant.id === 0 ? PLATFORM_TITLE : userInfo.tenant.tenantName}
      />
    );

  return (
    <div className="top-bar">
      <div className="top-bar-brand">
        <BrandMark size={30} />
        {tenantTitle}
      </div>
      <Menu
        // the items' padding halves across this width (styles.css); antd's overflow keeps the widths it
        // measured before, so the menu is built anew there and measures again
        key={narrow ? 'narrow' : 'wide'}
        className="top-bar-menu"
        mode="horizontal"
        theme="dark"
        selectedKeys={activeTop ? [String(activeTop.id)] : []}
        items={tops.map((top) => ({ key: String(top.id), label: top.name }))}
        onClick={({ key }) => {
          const top = tops.find((item) => String(item.id) === key);
          if (!top) return;
          onTopChange(top);
          const target = firstPageOf(top);
          if (target) navigate(target);
        }}
      />
      <div className="top-bar-actions">
        {showNotice && <NoticeBell />}
        {downloadPath && <DownloadLogButton path={downloadPath} />}
        <AppDownloadMenu />
        <UserMenu />
      </div>
    </div>
  );
}
