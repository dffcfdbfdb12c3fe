/**
 * The one upload rule (spec 1 §5, §8; spec 2 §5; spec 3 §5): type, empty file, name length, size and
 * count, checked in that order, each with its message. Policies name the variants the screens use.
 */
import {
  ATTACHMENT_EXTENSIONS,
  type AttachmentPage,
  DOCUMENT_EXTENSIONS,
  fileSizeLabel,
  IMAGE_EXTENSIONS,
  MB,
  UPLOAD,
} from './limits';
import { MSG } from './messages';

export interface UploadCandidate {
  name: string;
  /** bytes */
  size: number;
}

export interface UploadPolicy {
  /** lowercase extensions without the dot */
  extensions: readonly string[];
  maxBytes: number;
  maxCount: number;
  wrongTypeMessage: string;
  tooLargeMessage: string;
}

/** Lowercase extension after the last dot, or '' when there is none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * Why a file is refused, or null when it may be uploaded. `alreadyUploaded` counts the files the
 * control holds before this one.
 */
export function uploadRejection(file: UploadCandidate, policy: UploadPolicy, alreadyUploaded: number): string | null {
  if (!policy.extensions.includes(fileExtension(file.name))) return policy.wrongTypeMessage;
  if (file.size <= 0) return MSG.uploadEmptyFile;
  if (Array.from(file.name).length > UPLOAD.fileNameMaxLength) return MSG.uploadNameTooLong(UPLOAD.fileNameMaxLength);
  if (file.size > policy.maxBytes) return policy.tooLargeMessage;
  if (alreadyUploaded >= policy.maxCount) return MSG.uploadCountLimit(policy.maxCount);
  return null;
}

/**
 * General attachments of a page; `managerFileSizeMb` is the configuration value manager_file_size
 * (default 10 MB).
 */
export function attachmentPolicy(
  page: AttachmentPage,
  managerFileSizeMb: number = UPLOAD.defaultManagerFileSizeMb,
  maxCount: number = UPLOAD.maxFiles,
): UploadPolicy {
  return {
    extensions: ATTACHMENT_EXTENSIONS[page],
    maxBytes: managerFileSizeMb * MB,
    maxCount,
    wrongTypeMessage: MSG.uploadWrongType,
    tooLargeMessage: MSG.uploadTooLarge(managerFileSizeMb),
  };
}

/** Images (logos, licences, ID sides, report images): jpeg, jpg, png, default 3 MB. */
export function imagePolicy(
  maxBytes: number = UPLOAD.imageMaxMb * MB,
  maxCount: number = UPLOAD.maxFiles,
): UploadPolicy {
  return {
    extensions: IMAGE_EXTENSIONS,
    maxBytes,
    maxCount,
    wrongTypeMessage: MSG.imageWrongType,
    tooLargeMessage: MSG.imageTooLarge(fileSizeLabel(maxBytes)),
  };
}

/** Word or PDF documents: 5 MB by default (report documents, the tax list), 50 MB for agreement files. */
export function documentPolicy(
  maxBytes: number = UPLOAD.documentMaxMb * MB,
  maxCount: number = UPLOAD.maxFiles,
): UploadPolicy {
  return {
    extensions: DOCUMENT_EXTENSIONS,
    maxBytes,
    maxCount,
    wrongTypeMessage: MSG.documentWrongType,
    tooLargeMessage: MSG.documentTooLarge(fileSizeLabel(maxBytes)),
  };
}

/** Agreement files: Word or PDF, at most 10, under 50 MB (spec 3 §5, §9). */
export const AGREEMENT_FILE_POLICY = documentPolicy(UPLOAD.agreementMaxBytes, UPLOAD.agreementMaxFiles);

/** Tax list file of the tax voucher upload: Word or PDF under 5 MB (spec 2 §5). */
export const TAX_LIST_FILE_POLICY = documentPolicy(UPLOAD.taxListMaxMb * MB);

export interface ImageSize {
  width: number;
  height: number;
}

/** An image control may demand exact pixel dimensions (spec 1 §5). */
export function imageDimensionRejection(actual: ImageSize, required: ImageSize): string | null {
  return actual.width === required.width && actual.height === required.height
    ? null
    : MSG.imageWrongDimensions(required.width, required.height);
}
