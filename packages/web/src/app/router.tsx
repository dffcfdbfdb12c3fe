/**
 * Routes of spec 1 §2 in hash mode; the console's pages come from the permission menu. The
 * declarative router keeps the login chunk small (the data router is twice its size).
 */
import { lazy, Suspense, useEffect } from 'react';
import { HashRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { FullPageLoading, RedirectIfSignedIn, RequireSession } from './guards';
import { APP_UPLOAD_PATH, DASHBOARD_PATH, HOME_PATH, NOTICE_LIST_PATH, NOTICE_PATH } from './menu';
import { setNavigate } from './navigation';

const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const ConsoleLayout = lazy(() => import('./layout/ConsoleLayout'));
const MenuPage = lazy(() => import('./layout/MenuPage'));
const AppDownloadPage = lazy(() => import('../features/app-versions/AppDownloadPage'));

const loading = <FullPageLoading tip="加载中…" />;

/** Lets code outside components (session end) navigate through the router. */
function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigate((to, options) => void navigate(to, options));
    return () => setNavigate(null);
  }, [navigate]);
  return null;
}

export function AppRouter() {
  return (
    <HashRouter>
      <NavigationBridge />
      <Suspense fallback={loading}>
        <Routes>
          <Route path="/" element={<Navigate to="/login" replace />} />
          <Route
            path="/login"
            element={
              <RedirectIfSignedIn>
                <LoginPage />
              </RedirectIfSignedIn>
            }
          />
          {/* The public APP download page the QR code points to; signed-in users go on to /home. */}
          <Route
            path={APP_UPLOAD_PATH}
            element={
              <RedirectIfSignedIn>
                <AppDownloadPage />
              </RedirectIfSignedIn>
            }
          />
          <Route
            element={
              <RequireSession>
                <ConsoleLayout />
              </RequireSession>
            }
          >
            <Route path={HOME_PATH} element={<Navigate to={DASHBOARD_PATH} replace />} />
            <Route path={NOTICE_PATH} element={<Navigate to={NOTICE_LIST_PATH} replace />} />
            <Route path="*" element={<MenuPage />} />
          </Route>
        </Routes>
      </Suspense>
    </HashRouter>
  );
}
