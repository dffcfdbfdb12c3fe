/**
 * What the upload widgets hold: the stored files of a record (each with delFlag 0 when it came
 * from the server) and the ones uploaded since. Removing a saved file marks it delFlag 1, so the
 * page can tell the server; removing a new one drops it (spec 2 §4).
 */
import type { UploadedFile } from '@fieldpay/domain';

export interface AttachmentItem {
  name: string;
  /** the stable address the record keeps (result.address) */
  address: string;
  fileSize?: number;
  fileType?: string;
  createTime?: number;
  /** 0 saved on the record, 1 removed from it; absent for a file uploaded since the page opened */
  delFlag?: 0 | 1;
  /** a signed preview link the upload answered (valid 30 minutes); saved files ask for one */
  url?: string;
}

export const fromUploaded = (file: UploadedFile): AttachmentItem => ({
  name: file.name,
  address: file.address,
  fileSize: file.fileSize,
  fileType: file.fileType,
  createTime: file.createTime,
  url: file.url,
});

/** The items the control shows and counts. */
export const activeItems = (items: readonly AttachmentItem[] | undefined): AttachmentItem[] =>
  (items ?? []).filter((item) => item.delFlag !== 1);

export function removeItem(items: readonly AttachmentItem[], address: string): AttachmentItem[] {
  return items.flatMap((item) => {
    if (item.address !== address) return [item];
    return item.delFlag === 0 ? [{ ...item, delFlag: 1 as const }] : [];
  });
}
