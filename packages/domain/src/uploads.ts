/**
 * The one upload rule (spec 1 §5, §8; spec 2 §5; spec 3 §5): type, a name without path parts, empty
 * file, name length, size and count, checked in that order, each with its message; then the content
 * must fit the extension (file-signatures.ts). Policies name the variants the screens use; the
 * client and the server pick the same policy from the same scene name.
 */
import { signatureMatches } from './file-signatures';
import {
  APP_PACKAGE_EXTENSIONS,
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

/** Control characters, path separators and the parent-folder step may not appear in a file name. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const UNSAFE_NAME = /[\u0000-\u001f\u007f/\\]|\.\./;

/** A plain file name: no folder part, no '..', no control characters, not blank. */
export function isSafeFileName(fileName: string): boolean {
  return fileName.trim() !== '' && !UNSAFE_NAME.test(fileName);
}

/**
 * Why a file is refused, or null when it may be uploaded. `alreadyUploaded` counts the files the
 * control holds before this one.
 */
export function uploadRejection(file: UploadCandidate, policy: UploadPolicy, alreadyUploaded: number): string | null {
  if (!policy.extensions.includes(fileExtension(file.name))) return policy.wrongTypeMessage;
  if (!isSafeFileName(file.name)) return MSG.uploadNameInvalid;
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

/** Android packages of the app-version page (a zip holding AndroidManifest.xml, by content). */
export function appPackagePolicy(maxBytes: number = UPLOAD.appPackageMaxMb * MB): UploadPolicy {
  return {
    extensions: APP_PACKAGE_EXTENSIONS,
    maxBytes,
    maxCount: 1,
    wrongTypeMessage: MSG.appPackageWrongType,
    tooLargeMessage: MSG.appPackageTooLarge(fileSizeLabel(maxBytes)),
  };
}

/**
 * The leading bytes must be what the extension claims: a renamed file gets the policy's wrong-type
 * message. `head` is at least SIGNATURE_HEAD_BYTES long, or the whole file when it is shorter.
 */
export function contentRejection(fileName: string, head: Uint8Array, policy: UploadPolicy): string | null {
  return signatureMatches(fileExtension(fileName), head) ? null : policy.wrongTypeMessage;
}

/** Which rule an upload follows; the web widgets send it, the server applies the same policy. */
export const UPLOAD_SCENES = [
  'default',
  'invoice',
  'settleReport',
  'image',
  'document',
  'agreement',
  'taxList',
  'appPackage',
] as const;
export type UploadScene = (typeof UPLOAD_SCENES)[number];

export interface PolicyLimits {
  /** the configuration value manager_file_size, in MB (attachment scenes) */
  managerFileSizeMb?: number;
  /** a widget's own, smaller size limit */
  maxBytes?: number;
  /** a widget's own, smaller count limit */
  maxCount?: number;
}

const tighter = (base: number, asked: number | undefined): number =>
  asked !== undefined && asked > 0 && asked < base ? asked : base;

/**
 * The policy of a scene. A widget may ask for a smaller size or count than the scene allows, never
 * a larger one (the server trusts nothing larger than the scene's own limit).
 */
export function policyForScene(scene: UploadScene, limits: PolicyLimits = {}): UploadPolicy {
  const base = baseSceneLimits(scene, limits.managerFileSizeMb ?? UPLOAD.defaultManagerFileSizeMb);
  const maxBytes = tighter(base.maxBytes, limits.maxBytes);
  const maxCount = tighter(base.maxCount, limits.maxCount);
  switch (scene) {
    case 'default':
    case 'invoice':
    case 'settleReport': {
      const policy = attachmentPolicy(scene, base.maxBytes / MB, maxCount);
      // a widget's tighter limit keeps the attachment wording, in whole or fractional MB
      return maxBytes === base.maxBytes
        ? policy
        : { ...policy, maxBytes, tooLargeMessage: MSG.uploadTooLarge(Number((maxBytes / MB).toFixed(2))) };
    }
    case 'image':
      return imagePolicy(maxBytes, maxCount);
    case 'document':
    case 'agreement':
    case 'taxList':
      return documentPolicy(maxBytes, maxCount);
    case 'appPackage':
      return appPackagePolicy(maxBytes);
  }
}

function baseSceneLimits(scene: UploadScene, managerFileSizeMb: number): { maxBytes: number; maxCount: number } {
  switch (scene) {
    case 'default':
    case 'invoice':
    case 'settleReport':
      return {
        maxBytes: managerFileSizeMb * MB,
        maxCount: scene === 'invoice' ? UPLOAD.invoiceFilesMax : UPLOAD.maxFiles,
      };
    case 'image':
      return { maxBytes: UPLOAD.imageMaxMb * MB, maxCount: UPLOAD.maxFiles };
    case 'document':
      return { maxBytes: UPLOAD.documentMaxMb * MB, maxCount: UPLOAD.maxFiles };
    case 'agreement':
      return { maxBytes: UPLOAD.agreementMaxBytes, maxCount: UPLOAD.agreementMaxFiles };
    case 'taxList':
      return { maxBytes: UPLOAD.taxListMaxMb * MB, maxCount: UPLOAD.maxFiles };
    case 'appPackage':
      return { maxBytes: UPLOAD.appPackageMaxMb * MB, maxCount: 1 };
  }
}

/** The largest file any scene accepts: the server's hard cap while a file streams in. */
export function largestUploadBytes(managerFileSizeMb: number): number {
  return Math.max(...UPLOAD_SCENES.map((scene) => baseSceneLimits(scene, managerFileSizeMb).maxBytes));
}

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
