/** User menu by side (spec 1 §2): platform real name, login number, log out; enterprise adds the enterprise name and change password. */
import { DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { WidthTooltip } from '../../components/WidthTooltip';
import { changePasswordPath } from '../menu';
import { useSession } from '../session-store';
import { useLogout } from './session-actions';

function InfoLine({ label, value }: { label: string; value: string }) {
  return (
    <div className="user-menu-info-line">
      <span className="user-menu-info-label">{label}</span>
      <span className="user-menu-info-value">{value || '—'}</span>
    </div>
  );
}

export function UserMenu() {
  const userInfo = useSession((state) => state.userInfo);
  const side = useSession((state) => state.side);
  const navigate = useNavigate();
  const logout = useLogout();
  if (!userInfo) return null;
  const enterprise = side === 'enterprise';
  const displayName = userInfo.realname || userInfo.username;
  const loginNumber = userInfo.account || userInfo.username;

  const items: MenuProps['items'] = [
    {
      key: 'info',
      type: 'group',
      label: (
        <div className="user-menu-info">
          {enterprise && <InfoLine label="企业名称" value={userInfo.enterprise?.enterpriseName ?? ''} />}
          <InfoLine label={enterprise ? '姓名' : '真实姓名'} value={displayName} />
          <InfoLine label="登录账号" value={loginNumber} />
        </div>
      ),
    },
    { type: 'divider' },
    {
      key: 'password',
      icon: <KeyOutlined />,
      label: '修改密码',
      onClick: () => navigate(changePasswordPath(enterprise ? 'enterprise' : 'platform')),
    },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true, onClick: () => void logout() },
  ];

  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight" classNames={{ root: 'user-menu-dropdown' }}>
      <button type="button" className="top-bar-user" aria-label="用户菜单">
        <Avatar size={28} src={userInfo.avatar || undefined} icon={<UserOutlined />} className="top-bar-avatar" />
        <WidthTooltip text={enterprise ? userInfo.enterprise?.enterpriseName || displayName : displayName} />
        <DownOutlined className="top-bar-user-caret" />
      </button>
    </Dropdown>
  );
}
