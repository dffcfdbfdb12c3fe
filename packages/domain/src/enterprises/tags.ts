/**
 * 企业标签 (spec 3 §1, §3 "Enterprise" tags, §7 "Tags"; decision 0039): the platform's staff put their
 * platform's enterprise tags (type 1) on an enterprise, at most 10; 企业信息 shows them.
 */
import { z } from 'zod';
import { recordIdSchema } from '../api/ids';
import { defineOperation } from '../api/operation';
import { ENTERPRISE_TAGS_MAX } from '../limits';
import { enterpriseOwnerSchema } from './owner';

export const ENTERPRISE_TAG_MSG = {
  saved: '编辑成功',
  tooMany: `最多选择${ENTERPRISE_TAGS_MAX}个标签`,
  unknown: '标签不存在，请刷新后重试',
} as const;

/** The enterprise tag type of the tag dictionary (2 is person tags). */
export const ENTERPRISE_TAG_TYPE = 1;

export const enterpriseTagSchema = z.object({ id: z.number().int(), tag: z.string() });
export type EnterpriseTag = z.infer<typeof enterpriseTagSchema>;

export const enterpriseTagsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/enterprise/tags',
  tag: '企业',
  summary: '企业的标签',
  access: { permission: 'enterpriseAccountManage:info:view' },
  input: enterpriseOwnerSchema,
  answer: z.array(enterpriseTagSchema),
});

export const enterpriseTagsSaveOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/enterprise/tags/save',
  tag: '企业',
  summary: `设置企业的标签（本平台的企业标签，最多${ENTERPRISE_TAGS_MAX}个；空数组清除）`,
  access: { permission: 'enterpriseAccountManage:info:modify' },
  input: enterpriseOwnerSchema.extend({
    tagIds: z.array(recordIdSchema()).max(ENTERPRISE_TAGS_MAX, ENTERPRISE_TAG_MSG.tooMany),
  }),
  answer: z.null(),
});
