/**
 * The project's three blocks as zod schemas with the spec's messages (spec 1 §5), used by the web
 * forms and again by the server, so a request that skips the form gets the same message. Issues are
 * read in the order of each block's fields: `firstProjectMessage` answers the one to show.
 */
import { z } from 'zod';
import { AREAS_MAX, RESOURCE_SELECTIONS_MAX } from '../limits';
import { MSG } from '../messages';
import { headcountErrors } from '../validators';
import { PROJECT_STATUS_IN_PROGRESS } from './statuses';

export const PROJECT_NAME_MAX = 100;
export const SERVICE_DESCRIPTION_MAX = 500;
export const REWARD_DESC_MAX = 200;

export const PROJECT_FORM_MSG = {
  projectNameRequired: '请输入项目名称',
  projectNameTooLong: `项目名称不能超过${PROJECT_NAME_MAX}个字符`,
  cycleRequired: '请选择项目周期',
  cycleOrder: '结束时间不能早于开始时间',
  areaInvalid: '请选择正确的区域',
  productsRequired: '请选择关联产品',
  agreementRequired: '请选择项目协议',
  serviceTypeRequired: '请选择服务类型',
  serviceDescriptionTooLong: `服务描述不能超过${SERVICE_DESCRIPTION_MAX}个字符`,
  rewardDescTooLong: `报酬说明不能超过${REWARD_DESC_MAX}个字符`,
  accessDaysInvalid: '请输入正确的产品准入天数',
  locationScopeInvalid: '请输入正确的定位范围（米）',
  serviceTypesRequired: '请至少添加一个服务类型',
  serviceTypeRepeated: '服务类型不能重复',
  resourcesNotAllowed: '该服务类型不能选择文章/问卷',
  resourceRepeated: '文章/问卷不能重复选择',
  /** a foreign, missing or disabled item: one answer, so ids leak nothing */
  resourceUnavailable: '所选文章/问卷不存在或已停用',
  resourceWrongType: (label: string) => `该服务类型只能选择${label}`,
  organisationRepeated: '终端不能重复选择',
  organisationMissing: '所选终端不存在',
  /** an address that is not one of this project's own uploaded documents: one answer for every cause */
  attachmentUnavailable: '附件不存在或已删除，请重新上传',
} as const;

/**
 * Attachments of the project text (补充信息, spec 1 §3 fileList): Word or PDF documents of the
 * document upload (5 MB each), at most 10, stored under their own upload path.
 */
export const PROJECT_TEXT_UPLOAD = { scene: 'document', uploadPath: 'projectText', maxFiles: 10 } as const;

/**
 * The content type a service type's articles or questionnaires are of (resourceInfo): promotion
 * articles (1) under p-ppxc, survey questionnaires (2) under p-wjdy; other parents take none.
 */
export const RESOURCE_TYPE_OF_PARENT: Readonly<Record<string, 1 | 2>> = { 'p-ppxc': 1, 'p-wjdy': 2 };
export const resourceTypeOfParent = (visitParentId: string): 1 | 2 | null =>
  RESOURCE_TYPE_OF_PARENT[visitParentId] ?? null;

const flag = z.union([z.literal(0), z.literal(1)]);
const formNumber = z.union([z.string(), z.number()]).nullish();
const divisionCode = z.string().regex(/^\d{6}$/, PROJECT_FORM_MSG.areaInvalid);

/** One area of areaList: a province, optionally narrowed to a city and a district (GB/T 2260 codes). */
export const projectAreaSchema = z.object({
  provinceId: divisionCode,
  province: z.string().trim().min(1, PROJECT_FORM_MSG.areaInvalid).max(32),
  cityId: divisionCode.or(z.literal('')).default(''),
  city: z.string().trim().max(32).default(''),
  areaId: divisionCode.or(z.literal('')).default(''),
  area: z.string().trim().max(32).default(''),
});
export type ProjectArea = z.output<typeof projectAreaSchema>;

/** Basic info (基础信息): what projectProjectProjectModel carries, with productArr as productIds. */
export const projectBasicFormSchema = z
  .object({
    projectName: z
      .string({ error: PROJECT_FORM_MSG.projectNameRequired })
      .trim()
      .min(1, PROJECT_FORM_MSG.projectNameRequired)
      .max(PROJECT_NAME_MAX, PROJECT_FORM_MSG.projectNameTooLong),
    projectTypeName: z.string().trim().max(64).default(''),
    /** epoch milliseconds */
    startTime: z.number({ error: PROJECT_FORM_MSG.cycleRequired }).int(),
    endTime: z.number({ error: PROJECT_FORM_MSG.cycleRequired }).int(),
    minPeopleNum: formNumber,
    maxPeopleNum: formNumber,
    taxId: z.number().int().positive().nullish(),
    projectScope: flag.default(0),
    authStatus: flag.default(0),
    processed: flag.default(1),
    productAssociation: flag.default(0),
    productIds: z.array(z.number().int().positive()).max(200).default([]),
    areaList: z.array(projectAreaSchema, { error: MSG.areasLimit }).max(AREAS_MAX, MSG.areasLimit).default([]),
    isProjectAgreement: flag.default(0),
    projectAgreementId: z.number().int().positive().nullish(),
  })
  .superRefine((form, ctx) => {
    if (form.endTime < form.startTime)
      ctx.addIssue({ code: 'custom', message: PROJECT_FORM_MSG.cycleOrder, path: ['endTime'] });
    const headcount = headcountErrors(form.minPeopleNum, form.maxPeopleNum);
    for (const field of ['minPeopleNum', 'maxPeopleNum'] as const) {
      const message = headcount[field];
      if (message) ctx.addIssue({ code: 'custom', message, path: [field] });
    }
    if (form.productAssociation === 1 && form.productIds.length === 0)
      ctx.addIssue({ code: 'custom', message: PROJECT_FORM_MSG.productsRequired, path: ['productIds'] });
    if (form.isProjectAgreement === 1 && !form.projectAgreementId)
      ctx.addIssue({ code: 'custom', message: PROJECT_FORM_MSG.agreementRequired, path: ['projectAgreementId'] });
  })
  .transform(({ minPeopleNum, maxPeopleNum, ...form }) => ({
    ...form,
    minPeopleNum: Number(String(minPeopleNum).trim()),
    maxPeopleNum: Number(String(maxPeopleNum).trim()),
  }));
export type ProjectBasicForm = z.input<typeof projectBasicFormSchema>;
export type ProjectBasic = z.output<typeof projectBasicFormSchema>;

/** Areas beyond the 50th are dropped on pick (spec 1 §5 "truncated to 50"); saving more is refused. */
export const truncateAreas = <T>(areas: readonly T[]): T[] => areas.slice(0, AREAS_MAX);

const resourceSchema = z.object({ id: z.number().int().positive(), title: z.string().trim().max(200) });
const signLimitSchema = z.record(z.string().max(32), z.number().int().min(0).max(99)).nullish();

const repeats = (ids: readonly number[]) => new Set(ids).size !== ids.length;

/**
 * One service type (服务类型): boyaProjectVisitTypeModel, with resourcedArr as resourceInfo. Only
 * p-ppxc and p-wjdy carry articles or questionnaires; the server also checks them against the
 * enterprise's content library and the organisations against its terminals (decision 0012).
 */
export const projectServiceTypeFormSchema = z
  .object({
    visitParentId: z
      .string({ error: PROJECT_FORM_MSG.serviceTypeRequired })
      .min(1, PROJECT_FORM_MSG.serviceTypeRequired),
    visitId: z.string({ error: PROJECT_FORM_MSG.serviceTypeRequired }).min(1, PROJECT_FORM_MSG.serviceTypeRequired),
    /** product access days (parent p-zrfw) */
    seconds: z
      .number({ error: PROJECT_FORM_MSG.accessDaysInvalid })
      .int()
      .min(0, PROJECT_FORM_MSG.accessDaysInvalid)
      .nullish(),
    rewardDesc: z.string().trim().max(REWARD_DESC_MAX, PROJECT_FORM_MSG.rewardDescTooLong).default(''),
    description: z.string().trim().max(SERVICE_DESCRIPTION_MAX, PROJECT_FORM_MSG.serviceDescriptionTooLong).default(''),
    online: z.number().int().min(0).max(9).default(0),
    resourceInfo: z
      .array(resourceSchema)
      .max(RESOURCE_SELECTIONS_MAX, MSG.resourceSelectionLimit(RESOURCE_SELECTIONS_MAX))
      .default([]),
    orgList: z
      .array(z.object({ id: z.number().int().positive(), orgName: z.string().max(100) }))
      .max(500)
      .default([]),
    locationScope: z
      .number({ error: PROJECT_FORM_MSG.locationScopeInvalid })
      .int()
      .min(0, PROJECT_FORM_MSG.locationScopeInvalid)
      .max(100_000, PROJECT_FORM_MSG.locationScopeInvalid)
      .nullish(),
    signInLimit: signLimitSchema,
    signOutLimit: signLimitSchema,
  })
  .superRefine((type, ctx) => {
    const resources = type.resourceInfo.map((resource) => resource.id);
    if (resources.length > 0 && type.visitParentId && resourceTypeOfParent(type.visitParentId) === null)
      ctx.addIssue({ code: 'custom', message: PROJECT_FORM_MSG.resourcesNotAllowed, path: ['resourceInfo'] });
    else if (repeats(resources))
      ctx.addIssue({ code: 'custom', message: PROJECT_FORM_MSG.resourceRepeated, path: ['resourceInfo'] });
    if (repeats(type.orgList.map((org) => org.id)))
      ctx.addIssue({ code: 'custom', message: PROJECT_FORM_MSG.organisationRepeated, path: ['orgList'] });
  });
export type ProjectServiceTypeForm = z.input<typeof projectServiceTypeFormSchema>;
export type ProjectServiceType = z.output<typeof projectServiceTypeFormSchema>;

const fileSchema = z.object({
  fileName: z.string().max(64),
  fileType: z.string().max(16),
  fileAddress: z.string().max(512),
});

/** Text of rich-text markup, to tell an empty editor (<p></p>) from a description. */
export const richTextIsEmpty = (html: string): boolean =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '';

/** Supplementary info (补充信息): the project text. */
export const projectTextFormSchema = z.object({
  description: z
    .string({ error: MSG.projectDescriptionRequired })
    .max(20_000)
    .refine((html) => !richTextIsEmpty(html), MSG.projectDescriptionRequired),
  steps: z.string().max(5_000).default(''),
  fileList: z.array(fileSchema).max(PROJECT_TEXT_UPLOAD.maxFiles).default([]),
});
export type ProjectTextForm = z.input<typeof projectTextFormSchema>;
export type ProjectText = z.output<typeof projectTextFormSchema>;

/** The order in which fields' messages are shown (the order of the form). */
const FIELD_ORDER = [
  'projectName',
  'projectTypeName',
  'startTime',
  'endTime',
  'minPeopleNum',
  'maxPeopleNum',
  'taxId',
  'productIds',
  'areaList',
  'projectAgreementId',
  'visitParentId',
  'visitId',
  'seconds',
  'rewardDesc',
  'description',
  'resourceInfo',
  'orgList',
  'locationScope',
  'steps',
  'fileList',
];
const rankOf = (issue: z.core.$ZodIssue) => {
  const rank = FIELD_ORDER.indexOf(String(issue.path[0] ?? ''));
  return rank === -1 ? FIELD_ORDER.length : rank;
};

/** The message to show for a block's input, or null when it is valid. */
export function firstProjectMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return [...result.error.issues].sort((a, b) => rankOf(a) - rankOf(b))[0]?.message ?? null;
}

/** Every message per field (for a form showing each under its field). */
export function projectFieldMessages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const messages: Record<string, string> = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    messages[field] ??= issue.message;
  }
  return messages;
}

export interface ProjectWholeState {
  projectStatus: number | null;
  taxId: number | null | undefined;
  basicSaved: boolean;
  serviceTypesSaved: boolean;
  textSaved: boolean;
}

/** The whole-validation order (spec 1 §4): tax source (not for status 4), then each block saved. */
export function projectWholeMessage(state: ProjectWholeState): string | null {
  if (!state.taxId && state.projectStatus !== PROJECT_STATUS_IN_PROGRESS) return MSG.taxSourceRequired;
  if (!state.basicSaved) return MSG.saveBasicInfoFirst;
  if (!state.serviceTypesSaved) return MSG.saveServiceTypeFirst;
  if (!state.textSaved) return MSG.saveSupplementaryInfoFirst;
  return null;
}
