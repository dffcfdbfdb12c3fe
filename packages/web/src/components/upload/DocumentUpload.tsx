/**
 * Word or PDF documents (spec 1 §5; spec 2 §5; spec 3 §5): 5 MB by default (report documents, the
 * tax list), agreement files up to 50 MB and 10 files.
 */
import { policyForScene } from '@fieldpay/domain';
import { FileUpload, type FileUploadProps } from './FileUpload';

export interface DocumentUploadProps extends Omit<FileUploadProps, 'policy' | 'scene'> {
  scene?: 'document' | 'agreement' | 'taxList';
  maxCount?: number;
}

export function DocumentUpload({
  scene = 'document',
  maxCount,
  buttonText = '上传文件',
  ...rest
}: DocumentUploadProps) {
  return <FileUpload {...rest} buttonText={buttonText} scene={scene} policy={policyForScene(scene, { maxCount })} />;
}
