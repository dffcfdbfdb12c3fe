/**
 * The download cache lists' calls and query key (decision 0007): the finished export files of the
 * download log and the order-generation cache, fetched through the one file-download helper.
 */
import { type DownloadCacheRecord, downloadCacheListOperation, type Page } from '@fieldpay/domain';
import { saveBlob } from '../../app/save-blob';
import { call, http } from '../../app/api-client';
import type { PageRequest } from '../../components/list/ListPage';

export const DOWNLOAD_CACHE_LIST_KEY = ['downloadCache', 'list'] as const;

const ORDER_FIELDS = ['createTime', 'downloadTime'] as const;

export interface DownloadCacheFilters {
  downloadType?: number;
  startTime?: string;
  endTime?: string;
}

export async function fetchDownloadCaches(
  query: PageRequest & DownloadCacheFilters,
): Promise<Page<DownloadCacheRecord>> {
  // the list sorts only by the two time columns; any other column key is not sent
  return call(downloadCacheListOperation, {
    ...query,
    orderField: ORDER_FIELDS.find((field) => field === query.orderField),
  });
}

/**
 * The single file-download helper of the cache lists (spec 3 §7): by id, saved under its name. The
 * answer is the workbook itself, so the raw client's download rather than an operation.
 */
export async function downloadCacheFile(record: Pick<DownloadCacheRecord, 'id' | 'fileName'>): Promise<void> {
  const { blob, fileName } = await http.download('/api/sys/downloadCache/download', { id: record.id });
  saveBlob(blob, fileName ?? record.fileName);
}
