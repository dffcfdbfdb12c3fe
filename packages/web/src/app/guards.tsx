/** Route guards (spec 1 §2): signed-in users skip /login and /appUpload; the console needs a session and its menu. */
import { Spin } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { changePasswordPath, HOME_PATH, normalizePath } from './menu';
import { loadMenuOnce, waitForMenu } from './menu-loader';
import { useSession } from './session-store';

export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const token = useSession((state) => state.token);
  return token ? <Navigate to={HOME_PATH} replace /> : children;
}

export function FullPageLoading({ tip }: { tip: string }) {
  return (
    <div className="full-page-loading">
      <Spin size="large" />
      <div className="full-page-loading-tip">{tip}</div>
    </div>
  );
}

export function RequireSession({ children }: { children: ReactNode }) {
  const token = useSession((state) => state.token);
  const side = useSession((state) => state.side);
  const mustChangePassword = useSession((state) => state.userInfo?.mustChangePassword === true);
  const location = useLocation();
  const [menuReady, setMenuReady] = useState(() => useSession.getState().menuList !== null);

  useEffect(() => {
    if (!token) return;
    let active = true;
    void loadMenuOnce();
    void waitForMenu().then((menu) => {
      if (active) setMenuReady(menu !== null);
    });
    return () => {
      active = false;
    };
  }, [token]);

  if (!token) return <Navigate to="/login" replace />;
  if (!menuReady) return <FullPageLoading tip="正在加载菜单…" />;
  // a one-time password set by an administrator is changed before anything else
  if (mustChangePassword && side && normalizePath(location.pathname) !== changePasswordPath(side)) {
    return <Navigate to={changePasswordPath(side)} replace />;
  }
  return children;
}
