/** Not-found and no-permission pages, inside the console or on their own. */
import { MSG } from '@fieldpay/domain';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../app/menu';

function BackHome() {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate(HOME_PATH)}>
      返回首页
    </Button>
  );
}

export function NotFoundPage() {
  return (
    <Result
      className="result-page"
      status="404"
      title="页面不存在"
      subTitle="抱歉，您访问的页面不存在或已被移除，请检查地址是否正确。"
      extra={<BackHome />}
    />
  );
}

export function NoPermissionPage() {
  return (
    <Result
      className="result-page"
      status="403"
      title="无访问权限"
      subTitle={MSG.noPagePermission}
      extra={<BackHome />}
    />
  );
}
