/**
 * A picture of 认证信息 by its file address (decision 0038): a thumbnail that previews; an ID side held
 * back while masked says so; none says 未上传; one this viewer may not open says 已上传.
 */
import { MASKED_IMAGE } from '@fieldpay/domain';
import { Image } from 'antd';
import { useFileUrl } from '../../components/upload/use-file-url';

export function StoredImage({ address, label }: { address: string; label: string }) {
  const readable = address !== '' && address !== MASKED_IMAGE;
  const { url, failed } = useFileUrl(readable ? address : null);
  if (address === '') return <span className="enterprise-muted">未上传</span>;
  if (address === MASKED_IMAGE) return <span className="enterprise-muted">已上传，脱敏查看后显示</span>;
  if (failed) return <span className="enterprise-muted">已上传</span>;
  return url ? (
    <Image src={url} alt={label} width={88} height={88} className="enterprise-picture" />
  ) : (
    <span className="enterprise-muted">加载中…</span>
  );
}
