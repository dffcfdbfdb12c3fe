/** 下载日志: the platform side's download cache (/dataManagement/logManagement/downloadLog). */
import { DownloadCachePage } from './DownloadCachePage';

export default function DownloadLogPage() {
  return <DownloadCachePage title="下载日志" />;
}
