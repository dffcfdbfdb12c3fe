/** Names of the tenants and enterprises the session may see, for selects and list columns. */
import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../api/envelope';
import { defineOperation } from '../api/operation';
import { MAX_RECORD_ID } from '../limits';

export const tenantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string(),
  contracts: z.string(),
  status: z.number().int(),
});
export type Tenant = z.infer<typeof tenantSchema>;

/** `ids=1,2,3` (at most 200 non-negative integers). */
export const idListSchema = z
  .string()
  .max(2000)
  .transform((value, context) => {
    const ids = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map(Number);
    if (
      ids.length === 0 ||
      ids.length > 200 ||
      ids.some((id) => !Number.isInteger(id) || id < 0 || id > MAX_RECORD_ID)
    ) {
      context.addIssue({ code: 'custom', message: '请传入以逗号分隔的编号（最多200个）' });
      return z.NEVER;
    }
    return ids;
  });

export const tenantListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/tenant/queryList',
  tag: '平台（租户）',
  summary: '平台列表（分页，按会话范围）',
  access: 'session',
  input: pageQuerySchema.extend({ name: z.string().trim().max(30).optional() }),
  answer: pageOf(tenantSchema),
});

export const tenantsByIdsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/tenant/queryByIds',
  tag: '平台（租户）',
  summary: '按编号查询平台',
  access: 'session',
  input: z.object({ ids: idListSchema }),
  answer: z.array(tenantSchema),
});

export const enterprisesByIdsOperation = defineOperation({
  method: 'GET',
  path: '/api/sys2/enterprise/queryByIds',
  tag: '企业',
  summary: '按编号查询企业',
  access: 'session',
  input: z.object({ ids: idListSchema }),
  answer: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      tenantId: z.number().int(),
      tenantName: z.string(),
      status: z.number().int(),
    }),
  ),
});
