/**
 * 协议模板 (spec 3 §2 "Enterprise agreement template (protocol) dialog", §3 "Agreement template", §5
 * "Agreement template", §7; decision 0041): the agreements an enterprise's people sign for its projects,
 * written with one signature field (where the person signs) and variables filled from the person and
 * the project when the contract is drawn.
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema, pageSizeSchema } from '../api/envelope';
import { recordIdSchema } from '../api/ids';
import { defineOperation } from '../api/operation';
import { enterpriseOwnerSchema } from '../enterprises/owner';
import { INPUT_MAX_LENGTH, PAGE_SIZE } from '../limits';

export const AGREEMENT_TEMPLATE_MSG = {
  notFound: '协议模板不存在',
  nameRequired: '请输入协议名称',
  nameTooLong: `协议名称最多${INPUT_MAX_LENGTH.agreementNameTemplate}个字符`,
  contentRequired: '请输入协议内容',
  signedAlready: '已有人员签署该协议，不可修改，请新增协议',
  variableUnknown: '协议中含有未知的变量',
} as const;

/** What a template's variables stand for; the contract is drawn with the signer's and the project's. */
export const TEMPLATE_VARIABLES = [
  { key: 'userName', label: '姓名' },
  { key: 'idCard', label: '身份证号' },
  { key: 'phone', label: '手机号' },
  { key: 'enterpriseName', label: '企业名称' },
  { key: 'projectName', label: '项目名称' },
  { key: 'signDate', label: '签署日期' },
] as const;
export type TemplateVariableKey = (typeof TEMPLATE_VARIABLES)[number]['key'];
const VARIABLE_KEYS = TEMPLATE_VARIABLES.map((variable) => variable.key) as [
  TemplateVariableKey,
  ...TemplateVariableKey[],
];

/** A variable the text uses: its key and what it shows (params of spec 3 §3). */
export const templateParamSchema = z.object({
  key: z.enum(VARIABLE_KEYS, AGREEMENT_TEMPLATE_MSG.variableUnknown),
  value: z.string().trim().min(1).max(20),
});
export type TemplateParam = z.infer<typeof templateParamSchema>;

export const templateSaveInputSchema = enterpriseOwnerSchema.extend({
  id: recordIdSchema().optional(),
  agreementName: z
    .string({ error: AGREEMENT_TEMPLATE_MSG.nameRequired })
    .trim()
    .min(1, AGREEMENT_TEMPLATE_MSG.nameRequired)
    .max(INPUT_MAX_LENGTH.agreementNameTemplate, AGREEMENT_TEMPLATE_MSG.nameTooLong),
  content: z
    .string({ error: AGREEMENT_TEMPLATE_MSG.contentRequired })
    .min(1, AGREEMENT_TEMPLATE_MSG.contentRequired)
    .max(200_000),
  params: z.array(templateParamSchema).max(TEMPLATE_VARIABLES.length).default([]),
});
export type TemplateSaveInput = z.input<typeof templateSaveInputSchema>;

export const agreementTemplateSchema = z.object({
  id: z.number().int(),
  enterpriseId: z.number().int(),
  tenantId: z.number().int(),
  agreementName: z.string(),
  /** the agreement number persons' agreements carry */
  contractSn: z.string(),
  content: z.string(),
  params: z.array(z.object({ key: z.string(), value: z.string() })),
  /** persons who signed it: a signed template is not changed any more */
  signedCount: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type AgreementTemplate = z.infer<typeof agreementTemplateSchema>;
export const agreementTemplateRowSchema = agreementTemplateSchema.omit({ content: true });
export type AgreementTemplateRow = z.infer<typeof agreementTemplateRowSchema>;

export const agreementTemplateListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/agreementTemplate/list',
  tag: '协议模板',
  summary: '企业的协议模板（项目协议）列表',
  access: { permission: 'agreementTemplate:list:view' },
  input: pageQuerySchema.extend({
    ...enterpriseOwnerSchema.shape,
    pageSize: pageSizeSchema(PAGE_SIZE.default),
    agreementName: z.string().trim().max(INPUT_MAX_LENGTH.agreementNameTemplate).optional(),
  }),
  answer: pageOf(agreementTemplateRowSchema),
});

export const agreementTemplateGetOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/agreementTemplate/get',
  tag: '协议模板',
  summary: '协议模板详情（名称、正文、变量）',
  access: { permission: 'agreementTemplate:list:view' },
  input: z.object({ id: recordIdSchema() }),
  answer: agreementTemplateSchema,
});

export const agreementTemplateContentOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/agreementTemplate/content',
  tag: '协议模板',
  summary: '协议内容（按协议模板）',
  access: { permission: 'agreementTemplate:list:view' },
  input: z.object({ id: recordIdSchema() }),
  answer: z.object({ agreementName: z.string(), content: z.string() }),
});

export const agreementTemplateSaveOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/agreementTemplate/save',
  tag: '协议模板',
  summary: '新增或修改协议模板（一个签名位置，不含印章；含敏感词或已有人员签署时拒绝）',
  access: { permission: 'agreementTemplate:list:edit' },
  input: templateSaveInputSchema,
  answer: z.object({ id: z.number().int() }),
});
