/**
 * The export call every list shares (decision 0007): it answers 下载任务已提交 and lights the top
 * bar's download icon (export-events.ts).
 */
import { DESENSITIZATION_TOKEN_HEADER, type ExportOperation, type OperationInput } from '@fieldpay/domain';
import { callWithMessage } from './api-client';
import { notifyExportSubmitted } from './export-events';

/**
 * Submits an export (an operation declared with defineExportOperation) with the list's filters; with
 * an unmask token the file carries personal data in the clear. On success the toast and the 3 s
 * download indicator follow (spec 1 §4, §8).
 */
export async function submitExport<O extends ExportOperation>(
  operation: O,
  filters: OperationInput<O>,
  unmaskToken?: string | null,
): Promise<number> {
  const answer = await callWithMessage(
    operation,
    filters,
    unmaskToken ? { headers: { [DESENSITIZATION_TOKEN_HEADER]: unmaskToken } } : undefined,
  );
  notifyExportSubmitted(answer.message || undefined);
  return answer.result.cacheId;
}
