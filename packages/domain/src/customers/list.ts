/**
 * 客户审核 (decision 0030): the platform's list of its tenant's customers (the operator's: every
 * tenant's), searched by name, type, audit and certificate status, terminal and creation time, sorted
 * by creation time. Rows open the verification dialog to view or review (spec 3 §2, §4).
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../api/envelope';
import { defineOperation } from '../api/operation';
import { consoleDateTimeSchema } from '../exports/schemas';
import { INPUT_MAX_LENGTH } from '../limits';
import { CUSTOMER_AUDIT_STATUS, CUSTOMER_AUTH_STATUS, CUSTOMER_TYPES, type CustomerType } from '../status';
import { customerDetailSchema } from './operations';

const customerTypeCodes = Object.keys(CUSTOMER_TYPES) as [CustomerType, ...CustomerType[]];

const statusCode = (codes: readonly number[]) =>
  z.coerce
    .number()
    .int()
    .refine((code) => codes.includes(code), '状态不存在')
    .optional();

/** The list's search (spec 3: name lookups at most 30, other names at most 50). */
export const customerListFiltersSchema = z.object({
  cusName: z.string().trim().max(INPUT_MAX_LENGTH.lookup).optional(),
  cusType: z.enum(customerTypeCodes).optional(),
  auditStatus: statusCode(Object.keys(CUSTOMER_AUDIT_STATUS).map(Number)),
  authStatus: statusCode(Object.keys(CUSTOMER_AUTH_STATUS).map(Number)),
  /** the terminal's name, contains */
  orgName: z.string().trim().max(INPUT_MAX_LENGTH.searchName).optional(),
  /** creation-time range, China time 'yyyy-MM-dd HH:mm:ss' */
  startTime: consoleDateTimeSchema.optional(),
  endTime: consoleDateTimeSchema.optional(),
});
export type CustomerListFilters = z.input<typeof customerListFiltersSchema>;

export const CUSTOMER_ORDER_FIELDS = ['createTime'] as const;

export const customerListQuerySchema = pageQuerySchema.extend({
  ...customerListFiltersSchema.shape,
  orderField: z.enum(CUSTOMER_ORDER_FIELDS).optional().catch(undefined),
  /** 1 descending (the default), 0 ascending */
  orderSort: z.coerce.number().int().min(0).max(1).optional().catch(undefined),
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

/** A row: the detail's own fields (one shape for both), the customer's platform and its creation time. */
export const customerListRecordSchema = customerDetailSchema
  .pick({
    id: true,
    cusName: true,
    cusType: true,
    cusTypeName: true,
    sex: true,
    orgName: true,
    department: true,
    department_dic: true,
    title: true,
    posit: true,
    createByString: true,
    auditStatus: true,
    auditStatus_dictText: true,
    authStatus: true,
    authStatus_dictText: true,
    enterpriseName: true,
  })
  .extend({
    tenantId: z.number().int(),
    tenantName: z.string(),
    /** epoch milliseconds */
    createTime: z.number().int(),
  });
export type CustomerListRecord = z.infer<typeof customerListRecordSchema>;

export const customerListOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/customer/queryList',
  tag: '客户认证',
  summary: '客户审核列表（平台端：本平台的客户，运营方全部；按创建时间排序）',
  access: { permission: 'cusVerify:list:query' },
  input: customerListQuerySchema,
  answer: pageOf(customerListRecordSchema),
});
