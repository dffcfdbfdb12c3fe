/** Current tenant (platform) of an enterprise user, with a switcher when there is more than one. */
import { CheckOutlined, SwapOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { WidthTooltip } from '../../components/WidthTooltip';
import { useSession } from '../session-store';
import { useSwitchTenant } from './session-actions';

export function TenantSwitcher({ className, maxWidth = 215 }: { className?: string; maxWidth?: number }) {
  const userInfo = useSession((state) => state.userInfo);
  const switchTo = useSwitchTenant();
  if (!userInfo) return null;
  const current = userInfo.tenant;
  const name = <WidthTooltip text={current.tenantName} maxWidth={maxWidth} />;
  if (userInfo.tenantList.length <= 1) return <span className={className}>{name}</span>;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [String(current.id)],
        items: userInfo.tenantList.map((tenant) => ({
          key: String(tenant.id),
          label: tenant.tenantName,
          icon: tenant.id === current.id ? <CheckOutlined /> : <span style={{ display: 'inline-block', width: 14 }} />,
        })),
        onClick: ({ key }) => void switchTo(Number(key)),
      }}
    >
      <button type="button" className={`tenant-switcher ${className ?? ''}`} aria-label="切换平台" title="切换平台">
        {name}
        <SwapOutlined className="tenant-switcher-icon" />
      </button>
    </Dropdown>
  );
}
