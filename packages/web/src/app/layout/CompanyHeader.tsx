/**
 * Company header of the enterprise side (spec 1 §2): logo (avatar or default), organisation code
 * text, logout icon, current platform (switcher when several), count of projects in progress.
 */
import { LogoutOutlined, ProjectOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Tooltip } from 'antd';
import { WidthTooltip } from '../../components/WidthTooltip';
import { fetchInProgressCount, projectInProgressCountKey } from '../../features/projects/project-calls';
import { useSession } from '../session-store';
import { useLogout } from './session-actions';
import { TenantSwitcher } from './TenantSwitcher';

export function CompanyHeader() {
  const userInfo = useSession((state) => state.userInfo);
  const logout = useLogout();
  const inProgress = useQuery({
    queryKey: projectInProgressCountKey(userInfo?.tenant.id),
    queryFn: fetchInProgressCount,
  });
  if (!userInfo) return null;
  const enterpriseName = userInfo.enterprise?.enterpriseName ?? userInfo.realname;
  return (
    <div className="company-header">
      <div className="company-header-top">
        <Avatar shape="square" size={40} src={userInfo.avatar || undefined} className="company-header-logo">
          {enterpriseName.slice(0, 1)}
        </Avatar>
        <Tooltip title={enterpriseName} placement="right">
          <div className="company-header-name">{enterpriseName}</div>
        </Tooltip>
        <Tooltip title="退出登录">
          <button type="button" className="company-header-logout" aria-label="退出登录" onClick={() => void logout()}>
            <LogoutOutlined />
          </button>
        </Tooltip>
      </div>
      <WidthTooltip className="company-header-org" text={userInfo.orgCodeTxt || '未填写机构代码'} maxWidth={190} />
      <div className="company-header-row">
        <span className="company-header-label">当前平台</span>
        <TenantSwitcher className="company-header-tenant" maxWidth={120} />
      </div>
      <div className="company-header-row">
        <span className="company-header-label">
          <ProjectOutlined /> 进行中项目
        </span>
        <span className="company-header-count" data-testid="projects-in-progress">
          {inProgress.isSuccess ? inProgress.data : '—'}
        </span>
      </div>
    </div>
  );
}
