/** Several images (spec 1 §5): jpeg, jpg or png, 3 MB each, a limited count (10 unless the page says). */
import { MB, policyForScene, UPLOAD, type UploadTarget } from '@fieldpay/domain';
import { useEffect } from 'react';
import type { AttachmentItem } from './attachment-item';
import { exactSizeCheck, type ImageSizeRule, imageHint } from './ImageUpload';
import { ImageTiles } from './ImageTiles';
import { useUploader } from './use-uploader';

export interface MultiImageUploadProps {
  value?: AttachmentItem[];
  onChange?(items: AttachmentItem[]): void;
  maxCount?: number;
  maxBytes?: number;
  size?: ImageSizeRule;
  target?: UploadTarget;
  uploadPath?: string;
  recordId?: string;
  disabled?: boolean;
  disabledReason?: string;
  id?: string;
  /** told when an image starts or stops uploading: a form holds its save meanwhile */
  onBusyChange?(busy: boolean): void;
}

export function MultiImageUpload({
  value,
  onChange,
  maxCount = UPLOAD.maxFiles,
  maxBytes = UPLOAD.imageMaxMb * MB,
  size,
  target = 'upload',
  uploadPath,
  recordId,
  disabled = false,
  disabledReason,
  id,
  onBusyChange,
}: MultiImageUploadProps) {
  const policy = policyForScene('image', { maxBytes, maxCount });
  const uploader = useUploader({
    value,
    onChange,
    policy,
    scene: 'image',
    target,
    uploadPath,
    recordId,
    extraCheck: exactSizeCheck(size),
  });
  const busy = uploader.inFlight.length > 0;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  const countHint = `，最多上传${policy.maxCount}张`;
  return (
    <ImageTiles
      uploader={uploader}
      policy={policy}
      disabled={disabled}
      disabledReason={disabledReason}
      hint={imageHint(policy.maxBytes, size) + countHint}
      id={id}
    />
  );
}
