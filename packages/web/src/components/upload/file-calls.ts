/** The upload widgets' calls: uploads, signed links, attachment lists (docs/decisions/0006-uploads.md). */
import {
  type FileLink,
  fileDeleteOperation,
  fileLinkOperation,
  fileListOperation,
  MSG,
  UPLOAD_PATHS,
  type UploadedFile,
  type UploadTarget,
  type WatermarkedFile,
} from '@fieldpay/domain';
import { ApiError } from '../../api/http';
import { call, callWithMessage, http } from '../../app/api-client';

export type Disposition = 'inline' | 'attachment';

/**
 * Sends one form to an upload target (multipart, so the raw client's upload rather than an operation) with the 180 s upload timeout; `onProgress` gets 0–99 while
 * sending and 100 once the server answered (spec 1 §4). A success without a result is a failure
 * (暂无结果, spec 1 §8); server refusals have been shown by the request layer.
 */
export async function uploadForm<T extends UploadedFile | WatermarkedFile[]>(
  target: UploadTarget,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<T> {
  const answer = await http.upload<T | null>(UPLOAD_PATHS[target], form, { onProgress });
  if (answer.result === null || answer.result === undefined) throw new ApiError(MSG.noResult, 'malformed');
  return answer.result;
}

/** A signed link that opens the file for a while (30 minutes). */
export async function fileLink(address: string, disposition: Disposition = 'inline'): Promise<FileLink> {
  return call(fileLinkOperation, { address, disposition });
}

/** The active attachments of one business record. */
export async function listFiles(uploadPath: string, recordId: string): Promise<UploadedFile[]> {
  return call(fileListOperation, { uploadPath, id: recordId });
}

/** Marks a stored file deleted; answers the server's message (删除成功). */
export async function deleteFile(address: string): Promise<string> {
  return (await callWithMessage(fileDeleteOperation, { address })).message;
}
