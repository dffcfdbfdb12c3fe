/** 订单生成缓存: the enterprise side's download cache (/company/catchSystem/orderGenerateCache). */
import { DownloadCachePage } from './DownloadCachePage';

export default function OrderGenerateCachePage() {
  return <DownloadCachePage title="订单生成缓存" />;
}
