import { MSG, QRCODE_ADDRESS_CONFIG_KEY } from '@fieldpay/domain';
/**
 * Download-app block (spec 3 §2): a QR code of the configured app address with the iPhone and
 * Android hints; individual makers scan it to download the app and register inside it.
 */
import { AndroidFilled, AppleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { configValue, configValueKey } from '../app/shell-calls';

export default function DownloadAppBlock() {
  const address = useQuery({
    queryKey: configValueKey(QRCODE_ADDRESS_CONFIG_KEY),
    queryFn: () => configValue(QRCODE_ADDRESS_CONFIG_KEY),
    staleTime: 5 * 60_000,
  });
  const url = address.data?.content?.trim();
  return (
    <div className="download-app-block">
      <div className="download-app-title">扫码下载 APP</div>
      <div className="download-app-qr">
        {address.isPending ? (
          <Spin />
        ) : url ? (
          <QRCodeSVG value={url} size={148} marginSize={1} title="APP下载二维码" />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.emptyList} />
        )}
      </div>
      <DownloadAppHints />
    </div>
  );
}

/** The hints of spec 3 §2, shown here and on the public download page. */
export function DownloadAppHints() {
  return (
    <>
      <div className="download-app-hint">
        <AppleFilled /> iPhone：请使用相机扫描二维码下载
      </div>
      <div className="download-app-hint">
        <AndroidFilled /> Android：请使用浏览器扫描二维码下载
      </div>
      <Typography.Text type="secondary" className="download-app-note">
        个体创客扫码下载 APP，并在 APP 内完成注册
      </Typography.Text>
    </>
  );
}
