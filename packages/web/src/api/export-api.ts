/**
 * Exports, the download cache and the desensitization check (decision 0007): export calls answer
 * 下载任务已提交 and light the top bar's download icon; the cache lists fetch the finished files.
 */
import {
  DESENSITIZATION_TOKEN_HEADER,
  type DesensitizationToken,
  type DownloadCacheRecord,
  type ExportSubmitted,
  type Page,
} from '@fieldpay/domain';
import { notifyExportSubmitted } from '../app/export-events';
import { http } from '../app/api-client';
import { rsaEncryptBase64 } from './crypto';
import { getKey } from '../app/session-calls';

export const DOWNLOAD_CACHE_LIST_KEY = ['downloadCache', 'list'] as const;

export interface DownloadCacheFilters {
  pageNo: number;
  pageSize: number;
  orderField?: string;
  orderSort?: 0 | 1;
  downloadType?: number;
  startTime?: string;
  endTime?: string;
}

export async function fetchDownloadCaches(query: DownloadCacheFilters): Promise<Page<DownloadCacheRecord>> {
  const answer = await http.get<Page<DownloadCacheRecord>>('/api/sys/downloadCache/queryList', { ...query });
  return answer.result;
}

/** Hands a fetched file to the browser as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
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

/**
 * Submits an export with the list's filters; with an unmask token the file carries personal data
 * in the clear. On success the toast and the 3 s download indicator follow (spec 1 §4, §8).
 */
export async function submitExport(url: string, filters: object, unmaskToken?: string | null): Promise<number> {
  const answer = await http.post<ExportSubmitted>(
    url,
    filters,
    unmaskToken ? { headers: { [DESENSITIZATION_TOKEN_HEADER]: unmaskToken } } : undefined,
  );
  notifyExportSubmitted(answer.message || undefined);
  return answer.result.cacheId;
}

/** Sends the SMS code of the desensitization check to the user's own phone; answers the server's text. */
export async function sendVerifyCode(): Promise<string> {
  const answer = await http.post<{ phone: string }>('/api/sys2/sendVerifyCode', {});
  return answer.message;
}

/** The desensitization check: the password travels RSA-encrypted, as at login. */
export async function verifyDesensitization(input: {
  password: string;
  msgCaptcha?: string;
}): Promise<DesensitizationToken> {
  const { keyId, publicKey } = await getKey();
  const answer = await http.post<DesensitizationToken>('/api/sys2/desensitization/verify', {
    keyId,
    password: await rsaEncryptBase64(publicKey, input.password),
    msgCaptcha: input.msgCaptcha || undefined,
  });
  return answer.result;
}
