/**
 * The content library's calls (spec 3 §2 picker and preview, §3 Article or questionnaire, §7):
 * an enterprise writes and manages its own articles and questionnaires; platform staff read their
 * tenant's (the project form picks them for a client enterprise by companyId).
 */
import { z } from 'zod';
import { recordIdSchema } from '../api/ids';
import { pageOf, pageQuerySchema } from '../api/envelope';
import { defineOperation } from '../api/operation';
import { MSG } from '../messages';
import { CONTENT_STATUS, SUBJECT_TYPE_CODES, SUBJECT_TYPES, type SubjectType } from './statuses';

export const CONTENT_LIMITS = {
  title: 100,
  author: 50,
  cover: 500,
  /** the sanitised HTML of one article */
  content: 200_000,
  questions: 100,
  options: 50,
  subjectName: 200,
  subjectContent: 500,
  optionContent: 200,
  searchTitle: 50,
} as const;

export const CONTENT_MESSAGES = {
  titleRequired: '请输入标题',
  titleTooLong: `标题不能超过${CONTENT_LIMITS.title}个字符`,
  contentRequired: '请输入文章内容',
  questionsRequired: '请添加题目',
  subjectNameRequired: '请输入题目名称',
  subjectTypeUnknown: '题型不存在',
  optionRequired: '请输入选项内容',
  optionsTooFew: '请至少添加两个选项',
  pickLimit: MSG.resourceSelectionLimit,
  notFound: '文章/问卷不存在',
} as const;

const typeSchema = z.coerce
  .number()
  .int()
  .refine((n) => n === 1 || n === 2, '类型不存在') as unknown as z.ZodType<1 | 2>;
const statusSchema = z.coerce
  .number()
  .int()
  .refine((n) => n in CONTENT_STATUS, '状态不存在') as unknown as z.ZodType<0 | 1>;
const flagSchema = z.coerce.number().int().min(0).max(1);

export const contentListQuerySchema = pageQuerySchema.extend({
  title: z.string().trim().max(CONTENT_LIMITS.searchTitle).optional(),
  type: typeSchema.optional(),
  /** the owning enterprise (platform side narrows to one client; the enterprise side is always its own) */
  companyId: recordIdSchema().optional(),
  status: statusSchema.optional(),
});
export type ContentListQuery = z.input<typeof contentListQuerySchema>;

export const contentListRecordSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  author: z.string(),
  cover: z.string(),
  status: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  questionCount: z.number().int(),
  /** epoch milliseconds */
  updateTime: z.number().int(),
  createTime: z.number().int(),
});
export type ContentListRecord = z.infer<typeof contentListRecordSchema>;

export const contentOptionSchema = z.object({
  optionContent: z
    .string()
    .trim()
    .min(1, CONTENT_MESSAGES.optionRequired)
    .max(CONTENT_LIMITS.optionContent, `选项内容不能超过${CONTENT_LIMITS.optionContent}个字符`),
  address: z.string().trim().max(CONTENT_LIMITS.cover).default(''),
  /** 1 plain option, 2 option with a short answer (101, 102) */
  type: z.coerce.number().int().min(1).max(2).default(1),
  isMust: flagSchema.default(0),
  bindOption: z.coerce.number().int().min(0).max(CONTENT_LIMITS.questions).default(0),
});
export type ContentOption = z.infer<typeof contentOptionSchema>;

export const contentQuestionInputSchema = z
  .object({
    subjectType: z.coerce
      .number()
      .int()
      .refine((n) => SUBJECT_TYPE_CODES.includes(n as SubjectType), CONTENT_MESSAGES.subjectTypeUnknown),
    subjectName: z
      .string()
      .trim()
      .min(1, CONTENT_MESSAGES.subjectNameRequired)
      .max(CONTENT_LIMITS.subjectName, `题目名称不能超过${CONTENT_LIMITS.subjectName}个字符`),
    subjectContent: z.string().trim().max(CONTENT_LIMITS.subjectContent).default(''),
    required: flagSchema.default(0),
    optionList: z.array(contentOptionSchema).max(CONTENT_LIMITS.options).default([]),
  })
  .superRefine((question, ctx) => {
    const kind = SUBJECT_TYPES[question.subjectType as SubjectType];
    if (kind?.options && question.optionList.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['optionList'], message: CONTENT_MESSAGES.optionsTooFew });
    }
  });
export type ContentQuestionInput = z.input<typeof contentQuestionInputSchema>;

const contentFieldsSchema = z.object({
  type: typeSchema,
  title: z
    .string()
    .trim()
    .min(1, CONTENT_MESSAGES.titleRequired)
    .max(CONTENT_LIMITS.title, CONTENT_MESSAGES.titleTooLong),
  author: z.string().trim().max(CONTENT_LIMITS.author, `作者不能超过${CONTENT_LIMITS.author}个字符`).default(''),
  cover: z.string().trim().max(CONTENT_LIMITS.cover).default(''),
  /** rich text; the server keeps only the allowlisted tags and attributes */
  content: z.string().max(CONTENT_LIMITS.content, '内容过长').default(''),
  status: statusSchema.default(1),
  questionList: z.array(contentQuestionInputSchema).max(CONTENT_LIMITS.questions, '题目过多').default([]),
});

function requireBody(body: { type: number; content: string; questionList: unknown[] }, ctx: z.RefinementCtx) {
  if (body.type === 1 && body.content.replace(/<[^>]*>|&nbsp;|\s/g, '') === '' && !/<img\b/i.test(body.content)) {
    ctx.addIssue({ code: 'custom', path: ['content'], message: CONTENT_MESSAGES.contentRequired });
  }
  if (body.type === 2 && body.questionList.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['questionList'], message: CONTENT_MESSAGES.questionsRequired });
  }
}

export const contentAddBodySchema = contentFieldsSchema.superRefine(requireBody);
export type ContentAddBody = z.input<typeof contentAddBodySchema>;
export const contentEditBodySchema = contentFieldsSchema.extend({ id: recordIdSchema() }).superRefine(requireBody);
export type ContentEditBody = z.input<typeof contentEditBodySchema>;

export const contentQuestionSchema = z.object({
  id: z.number().int(),
  subjectType: z.number().int(),
  subjectName: z.string(),
  subjectContent: z.string(),
  required: z.number().int(),
  optionList: z.array(
    z.object({
      optionContent: z.string(),
      address: z.string(),
      type: z.number().int(),
      isMust: z.number().int(),
      bindOption: z.number().int(),
    }),
  ),
});
export type ContentQuestion = z.infer<typeof contentQuestionSchema>;

export const contentDetailSchema = contentListRecordSchema.extend({
  content: z.string(),
  questionList: z.array(contentQuestionSchema),
});
export type ContentDetail = z.infer<typeof contentDetailSchema>;

const idInput = z.object({ id: recordIdSchema() });

export const contentListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/resource/queryList',
  tag: '文章与问卷',
  summary: '文章/问卷列表（按标题搜索；企业端：本企业的；平台端：本平台的，companyId 选定客户）',
  access: { permission: 'content:list:view' },
  input: contentListQuerySchema,
  answer: pageOf(contentListRecordSchema),
});

export const contentDetailOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/resource/queryById',
  tag: '文章与问卷',
  summary: '文章/问卷详情（含题目与选项）',
  access: { permission: 'content:list:view' },
  input: idInput,
  answer: contentDetailSchema,
});

export const contentAddOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/resource/add',
  tag: '文章与问卷',
  summary: '新增文章/问卷（企业端；正文按白名单清洗）',
  access: { permission: 'content:list:add' },
  input: contentAddBodySchema,
  answer: z.object({ id: z.number().int() }),
});

export const contentEditOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/resource/edit',
  tag: '文章与问卷',
  summary: '编辑文章/问卷（企业端，本企业的；题目整体替换）',
  access: { permission: 'content:list:edit' },
  input: contentEditBodySchema,
  answer: z.null(),
});

export const contentStatusOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/resource/updateStatus',
  tag: '文章与问卷',
  summary: '启用/停用文章/问卷（企业端）',
  access: { permission: 'content:list:edit' },
  input: idInput.extend({ status: statusSchema }),
  answer: z.null(),
});

export const contentDeleteOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/resource/delete',
  tag: '文章与问卷',
  summary: '删除文章/问卷（企业端，本企业的）',
  access: { permission: 'content:list:delete' },
  input: idInput,
  answer: z.null(),
});
