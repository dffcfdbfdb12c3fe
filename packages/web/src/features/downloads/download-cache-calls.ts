/**
 * The download cache lists' calls and query key (decision 0007): the finished export files of the
 * download log and the order-generation cache, fetched through the one file-download helper.
 */
import type { DownloadCacheRecord, Page } from '@fieldpay/domain';
import { http } from '../../app/api-client';
import type { PageRequest } from '../../components/list/ListPage';

export const DOWNLOAD_CACHE_LIST_KEY = ['downloadCache', 'list'] as const;

export interface DownloadCacheFilters {
  downloadType?: number;
  startTime?: string;
  endTime?: string;
}

export async function fetchDownloadCaches(
  query: PageRequest & DownloadCacheFilters,
): Promise<Page<DownloadCacheRecord>> {
  const answer = await http.get<Page<DownloadCacheRecord>>('/api/sys/downloadCache/queryList', { ...query });
  return answer.result;
}

/** Hands a fetched file to the browser as a download named `fileName`. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** The single file-download helper of the cache lists (spec 3 §7): by id, saved under its name. */
export async function downloadCacheFile(record: Pick<DownloadCacheRecord, 'id' | 'fileName'>): Promise<void> {
  const { blob, fileName } = await http.download('/api/sys/downloadCache/download', { id: record.id });
  saveFile(blob, fileName ?? record.fileName);
}
