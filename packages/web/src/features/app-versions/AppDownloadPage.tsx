/**
 * The public APP download page at /#/appUpload (decision 0006): where the top bar's QR code points
 * by default. No login: signed-in users are sent on to /home by the route guard (spec 1 §2). Shows
 * the newest version with its notes, the Android package and the App Store link, a QR code of this
 * page for visitors on a computer, and the download hints of spec 3 §2.
 */
import { AndroidFilled, AppleFilled } from '@ant-design/icons';
import { fileSizeLabel, formatChinaDate, type LatestAppVersion, MSG } from '@fieldpay/domain';
import { Button, Empty, Spin, theme } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { BrandMark, PRODUCT_NAME } from '../../app/layout/BrandMark';
import { DownloadAppHints } from '../../components/DownloadAppBlock';
import { latestAppVersion } from './app-version-calls';
import './app-versions.css';

type Loaded = { state: 'loading' } | { state: 'ready'; version: LatestAppVersion | null } | { state: 'failed' };

function VersionDownloads({ version }: { version: LatestAppVersion }) {
  return (
    <>
      <div className="app-download-version">
        <span className="app-download-version-name">v{version.versionName}</span>
        <span className="app-download-version-date">更新于 {formatChinaDate(version.createTime)}</span>
      </div>
      <div className="app-download-buttons">
        {version.androidUrl && version.android && (
          <Button type="primary" size="large" icon={<AndroidFilled />} href={version.androidUrl}>
            下载安卓版（{fileSizeLabel(version.android.fileSize)}）
          </Button>
        )}
        {version.iosUrl && (
          <Button size="large" icon={<AppleFilled />} href={version.iosUrl} target="_blank" rel="noopener noreferrer">
            前往 App Store 下载
          </Button>
        )}
      </div>
      <div className="app-download-notes">
        <div className="app-download-notes-title">更新说明</div>
        <div className="app-download-notes-text">{version.releaseNotes}</div>
      </div>
    </>
  );
}

export default function AppDownloadPage() {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  // outside the console layout nothing else gives plain text the console's font
  const { token } = theme.useToken();

  useEffect(() => {
    document.title = `APP下载 - ${PRODUCT_NAME}`;
    let active = true;
    latestAppVersion().then(
      (version) => active && setLoaded({ state: 'ready', version }),
      () => active && setLoaded({ state: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, []);

  return (
    <div className="app-download-page" style={{ fontFamily: token.fontFamily }}>
      <main className="app-download-card">
        <div className="app-download-brand">
          <BrandMark size={52} />
          <div>
            <h1 className="app-download-title">{PRODUCT_NAME} APP</h1>
            <div className="app-download-subtitle">接单、签到、结算，随时随地</div>
          </div>
        </div>
        <div className="app-download-body">
          <section className="app-download-main">
            {loaded.state === 'loading' && <Spin className="app-download-loading" />}
            {loaded.state === 'ready' && loaded.version && <VersionDownloads version={loaded.version} />}
            {loaded.state !== 'loading' && !(loaded.state === 'ready' && loaded.version) && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.noAppVersion} />
            )}
          </section>
          <aside className="app-download-qr">
            <QRCodeSVG value={window.location.href} size={148} marginSize={1} title="本页二维码" />
            <div className="app-download-qr-caption">手机扫码打开本页</div>
            <DownloadAppHints />
          </aside>
        </div>
      </main>
    </div>
  );
}
