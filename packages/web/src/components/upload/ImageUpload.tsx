/**
 * One image (spec 1 §5; spec 3 §5: logos, licences, ID sides): jpeg, jpg or png, under 3 MB unless
 * the page says otherwise (limits under 1 MB are shown in KB), optionally of an exact pixel size.
 */
import {
  fileSizeLabel,
  imageDimensionRejection,
  MB,
  MSG,
  policyForScene,
  UPLOAD,
  type UploadTarget,
} from '@fieldpay/domain';
import { type AttachmentItem, activeItems } from './attachment-item';
import { readImageSize } from './image-size';
import { ImageTiles } from './ImageTiles';
import { useUploader } from './use-uploader';

export interface ImageSizeRule {
  width: number;
  height: number;
}

export interface ImageUploadProps {
  value?: AttachmentItem | null;
  onChange?(item: AttachmentItem | null): void;
  /** bytes; 3 MB by default */
  maxBytes?: number;
  /** the exact pixel size the page needs, if any */
  size?: ImageSizeRule;
  target?: UploadTarget;
  uploadPath?: string;
  recordId?: string;
  disabled?: boolean;
  disabledReason?: string;
  id?: string;
}

export function imageHint(maxBytes: number, size?: ImageSizeRule): string {
  const pixels = size ? `，尺寸宽${size.width}px，高${size.height}px` : '';
  return `支持 jpeg、jpg、png 格式，小于${fileSizeLabel(maxBytes)}${pixels}`;
}

/** The exact-size check of a picked image, with the spec's message. */
export function exactSizeCheck(size: ImageSizeRule | undefined) {
  if (!size) return undefined;
  return async (file: File): Promise<string | null> => {
    const actual = await readImageSize(file);
    return actual ? imageDimensionRejection(actual, size) : MSG.imageUnreadable;
  };
}

export function ImageUpload({
  value,
  onChange,
  maxBytes = UPLOAD.imageMaxMb * MB,
  size,
  target = 'upload',
  uploadPath,
  recordId,
  disabled = false,
  disabledReason,
  id,
}: ImageUploadProps) {
  const policy = policyForScene('image', { maxBytes, maxCount: 1 });
  const uploader = useUploader({
    value: value ? [value] : [],
    // one image: the field simply takes the newest, or null when it was removed
    onChange: (items) => onChange?.(activeItems(items).at(-1) ?? null),
    policy,
    scene: 'image',
    target,
    uploadPath,
    recordId,
    extraCheck: exactSizeCheck(size),
  });
  return (
    <ImageTiles
      uploader={uploader}
      policy={policy}
      disabled={disabled}
      disabledReason={disabledReason}
      hint={imageHint(policy.maxBytes, size)}
      id={id}
    />
  );
}
