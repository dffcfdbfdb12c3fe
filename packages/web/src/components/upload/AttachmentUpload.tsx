/**
 * Attachments of a page (spec 1 §5; spec 2 §5): the types by page (default; invoice adds ofd and
 * xml; settle report takes pdf only), the size from the configuration value manager_file_size,
 * up to 10 files unless the page says otherwise (invoice files up to 50).
 */
import { type AttachmentPage, policyForScene } from '@fieldpay/domain';
import { FileUpload, type FileUploadProps } from './FileUpload';
import { useManagerFileSizeMb } from './use-manager-file-size';

export interface AttachmentUploadProps extends Omit<FileUploadProps, 'policy' | 'scene'> {
  page?: AttachmentPage;
  maxCount?: number;
}

export function AttachmentUpload({ page = 'default', maxCount, ...rest }: AttachmentUploadProps) {
  const managerFileSizeMb = useManagerFileSizeMb();
  return <FileUpload {...rest} scene={page} policy={policyForScene(page, { managerFileSizeMb, maxCount })} />;
}
