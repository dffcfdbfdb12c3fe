/**
 * 认证材料 (spec 3 §2 "Natural-person account info", §3 "Natural person (account info)"; decision 0044):
 * what a person sends from the app to prove who they are and what they can do. The ID sides, the face
 * photo and the video count by their latest; further authentications and skill certificates are named
 * groups of files. The console shows the ID sides, the face and the video only in the desensitized view.
 */
import { z } from 'zod';
import { defineOperation, noInput } from '../api/operation';
import { IMAGE_EXTENSIONS, UPLOAD } from '../limits';
import { MSG } from '../messages';

export const PERSON_MATERIAL_KINDS = {
  idFront: '身份证人像面',
  idBack: '身份证国徽面',
  face: '人脸照片',
  video: '认证视频',
  auth: '其他认证',
  skill: '技能证书',
} as const;
export type PersonMaterialKind = keyof typeof PERSON_MATERIAL_KINDS;

/** Kinds the latest of which replaces the earlier ones. */
export const SINGLE_MATERIAL_KINDS: readonly PersonMaterialKind[] = ['idFront', 'idBack', 'face', 'video'];
/** Kinds made of named groups of files. */
export const NAMED_MATERIAL_KINDS: readonly PersonMaterialKind[] = ['auth', 'skill'];

/** At most this many files of further authentications and skill certificates per person. */
export const PERSON_NAMED_MATERIALS_MAX = 30;
export const PERSON_VIDEO_MAX_MB = 10;
export const PERSON_DOCUMENT_MAX_MB = 5;

/** What each kind may be: its types (by name and by content) and its size, with their refusals. */
export const PERSON_MATERIAL_RULES: Record<
  PersonMaterialKind,
  { extensions: readonly string[]; maxMb: number; wrongType: string; tooLarge: string }
> = (() => {
  const image = {
    extensions: IMAGE_EXTENSIONS,
    maxMb: UPLOAD.imageMaxMb,
    wrongType: MSG.imageWrongType,
    tooLarge: MSG.imageTooLarge(`${UPLOAD.imageMaxMb}M`),
  };
  const document = {
    extensions: [...IMAGE_EXTENSIONS, 'pdf'],
    maxMb: PERSON_DOCUMENT_MAX_MB,
    wrongType: '请上传jpeg、jpg、png格式的图片或pdf文件',
    tooLarge: `请上传小于${PERSON_DOCUMENT_MAX_MB}M的文件`,
  };
  return {
    idFront: image,
    idBack: image,
    face: image,
    video: {
      extensions: ['mp4', 'mov'],
      maxMb: PERSON_VIDEO_MAX_MB,
      wrongType: '请上传mp4、mov格式的视频',
      tooLarge: `请上传小于${PERSON_VIDEO_MAX_MB}M的视频`,
    },
    auth: document,
    skill: document,
  };
})();

export const PERSON_MATERIAL_MSG = {
  titleRequired: '请输入认证类型或证书名称',
  fileEmpty: '请选择要上传的文件',
  fileNameTooLong: `文件名称不能超过${UPLOAD.fileNameMaxLength}个字符`,
  tooMany: `认证材料最多上传${PERSON_NAMED_MATERIALS_MAX}份`,
  uploaded: '上传成功',
} as const;

/** Where the console reads a material's bytes: signed links only (personInfo gives them). */
export const PERSON_MATERIAL_ROUTE_PREFIX = '/api/sys/person/material';

/** JSON bodies carry the file base64: the video's size and some room. */
export const WORKER_MATERIAL_BODY_LIMIT = 15 * 1024 * 1024;

export const personMaterialSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  createTime: z.number().int(),
});
export type PersonMaterial = z.infer<typeof personMaterialSchema>;

export const workerUploadMaterialOperation = defineOperation({
  method: 'POST',
  path: '/api/worker/profile/material',
  tag: '服务人员',
  summary:
    '上传认证材料（身份证两面、人脸照片：jpeg、jpg、png，3M；认证视频：mp4、mov，10M；其他认证、技能证书：图片或pdf，5M，须填名称；base64）',
  access: 'worker',
  input: z
    .object({
      kind: z.enum(Object.keys(PERSON_MATERIAL_KINDS) as [PersonMaterialKind, ...PersonMaterialKind[]]),
      /** the authentication type or the certificate's name (auth, skill) */
      title: z.string().trim().max(50, PERSON_MATERIAL_MSG.titleRequired).default(''),
      fileName: z.string().trim().min(1, PERSON_MATERIAL_MSG.fileEmpty).max(200),
      /** the file's bytes, base64 */
      content: z.string().max(Math.ceil(WORKER_MATERIAL_BODY_LIMIT / 3) * 4),
    })
    .refine((input) => !NAMED_MATERIAL_KINDS.includes(input.kind) || input.title !== '', {
      message: PERSON_MATERIAL_MSG.titleRequired,
      path: ['title'],
    }),
  answer: personMaterialSchema,
});

export const workerMaterialsOperation = defineOperation({
  method: 'GET',
  path: '/api/worker/profile/materials',
  tag: '服务人员',
  summary: '我的认证材料（各类最新的身份证、人脸、视频，及全部其他认证与技能证书）',
  access: 'worker',
  input: noInput,
  answer: z.array(personMaterialSchema),
});
