/**
 * Files, uploads and app versions (spec 1 §3 "Uploaded file", §7 file upload; spec 3 §2 download-app
 * block). Paths and shapes are fixed in docs/decisions/0006-uploads.md.
 */
import { z } from 'zod';
import { MSG } from '../messages';
import { UPLOAD_SCENES } from '../uploads';

export const UPLOAD_PATHS = {
  upload: '/api/resource/upload/upload',
  sourceUpload: '/api/resource/upload/sourceUpload',
  uploadWithWatermark: '/api/resource/upload/uploadWithWatermark',
  uploadOut: '/api/resource/upload/uploadOut',
} as const;
export type UploadTarget = keyof typeof UPLOAD_PATHS;

/** Folder-like grouping of uploads: letters, digits, '_' and '-', up to three levels. */
export const uploadPathSchema = z
  .string()
  .trim()
  .max(100)
  .regex(/^[A-Za-z0-9_-]{1,32}(\/[A-Za-z0-9_-]{1,32}){0,2}$/, MSG.uploadPathInvalid);

/** The business record an upload belongs to (the spec's optional `id`). */
export const uploadOwnerIdSchema = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, '只能包含字母、数字、下划线和短横线');

/** Form fields sent beside the file (multipart); all optional. */
export const uploadFieldsSchema = z.object({
  scene: z.enum(UPLOAD_SCENES).default('default'),
  id: uploadOwnerIdSchema.optional(),
  uploadPath: uploadPathSchema.optional(),
  /** a widget's own, smaller limits; larger ones are ignored */
  maxBytes: z.coerce.number().int().positive().optional(),
  maxCount: z.coerce.number().int().positive().max(1000).optional(),
});
export type UploadFields = z.infer<typeof uploadFieldsSchema>;

/** One stored file as the upload calls answer it and lists show it. */
export const uploadedFileSchema = z.object({
  id: z.number().int(),
  /** the file's name as uploaded (result.name) */
  name: z.string(),
  /** stable address of the file (result.address): business records keep this */
  address: z.string(),
  /** spec 1 §3 names of the same values, for lists that read them */
  fileName: z.string(),
  fileAddress: z.string(),
  /** lowercase extension */
  fileType: z.string(),
  /** bytes */
  fileSize: z.number().int(),
  /** epoch milliseconds */
  createTime: z.number().int(),
  /** 0 active, 1 deleted */
  delFlag: z.union([z.literal(0), z.literal(1)]),
  /** a signed link that opens the file for a limited time (preview right after upload) */
  url: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** The watermark variant answers an array of these (spec 1 §7). */
export const watermarkedFileSchema = uploadedFileSchema.extend({
  /** same as address: where the stamped image lives */
  fileUrl: z.string(),
  /** HMAC of the original image, the uploader and the stamp time; its first 16 characters are printed */
  stampHash: z.string(),
});
export type WatermarkedFile = z.infer<typeof watermarkedFileSchema>;

export const fileLinkQuerySchema = z.object({ address: z.string().min(1).max(200) });
export const fileLinkSchema = z.object({ url: z.string(), expiresAt: z.number().int() });
export type FileLink = z.infer<typeof fileLinkSchema>;

export const fileListQuerySchema = z.object({ uploadPath: uploadPathSchema, id: uploadOwnerIdSchema });

export const fileDeleteBodySchema = z.object({ address: z.string().min(1).max(200) });

// ---- app versions (issue 4 item 8)

/** Numeric dotted versions: 1.0, 2.3.1, 10.0.0.5. */
const VERSION_PATTERN = /^\d{1,4}(\.\d{1,4}){1,3}$/;
const IOS_URL_PATTERN = /^https:\/\/(apps|itunes|testflight)\.apple\.com\/\S+$/;

export const isVersionName = (value: string): boolean => VERSION_PATTERN.test(value);
export const isAppStoreUrl = (value: string): boolean => IOS_URL_PATTERN.test(value) && value.length <= 300;

/** Compares dotted versions part by part (missing parts count as 0): negative, 0 or positive. */
export function compareVersions(left: string, right: string): number {
  const a = left.split('.').map(Number);
  const b = right.split('.').map(Number);
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

export const RELEASE_NOTES_MAX_LENGTH = 500;

/** What a version carries besides its number (publish and edit). */
const appVersionContentSchema = z.object({
  /** address of a package uploaded through uploadOut with scene appPackage */
  androidAddress: z.string().trim().max(200).optional(),
  iosUrl: z
    .string()
    .trim()
    .max(300)
    .refine((value) => value === '' || isAppStoreUrl(value), MSG.iosUrlInvalid)
    .optional(),
  releaseNotes: z.string().trim().min(1, MSG.releaseNotesRequired).max(RELEASE_NOTES_MAX_LENGTH),
});
const hasPackageOrIos = (body: { androidAddress?: string; iosUrl?: string }) =>
  Boolean(body.androidAddress) || Boolean(body.iosUrl);
const packageOrIosIssue = { message: MSG.appPackageOrIosRequired, path: ['androidAddress'] };

export const saveAppVersionBodySchema = appVersionContentSchema
  .extend({
    versionName: z.string().trim().min(1, MSG.appVersionRequired).max(19).refine(isVersionName, MSG.appVersionInvalid),
  })
  .refine(hasPackageOrIos, packageOrIosIssue);
export type SaveAppVersionBody = z.infer<typeof saveAppVersionBodySchema>;

/** Editing a published version: its package, App Store link and notes; the number stays (it orders them). */
export const editAppVersionBodySchema = appVersionContentSchema
  .extend({ id: z.coerce.number().int().min(1).max(2147483647) })
  .refine(hasPackageOrIos, packageOrIosIssue);
export type EditAppVersionBody = z.infer<typeof editAppVersionBodySchema>;

export const appVersionSchema = z.object({
  id: z.number().int(),
  versionName: z.string(),
  releaseNotes: z.string(),
  android: z.object({ name: z.string(), address: z.string(), fileSize: z.number().int() }).nullable(),
  iosUrl: z.string().nullable(),
  publisher: z.string(),
  /** epoch milliseconds */
  createTime: z.number().int(),
  /** epoch milliseconds; a withdrawn version is no longer offered for download */
  withdrawnAt: z.number().int().nullable(),
});
export type AppVersion = z.infer<typeof appVersionSchema>;

/** The public landing page's answer: the newest version with a download link that works without a session. */
/** The public download page's answer: no publisher, a staff member's name is not for the public. */
export const latestAppVersionSchema = appVersionSchema.omit({ publisher: true }).extend({
  /** signed, expiring link to the Android package; null when the version has none */
  androidUrl: z.string().nullable(),
});
export type LatestAppVersion = z.infer<typeof latestAppVersionSchema>;
