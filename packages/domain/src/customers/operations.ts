/**
 * Customer verification (spec 3 §2 "Customer detail dialog (verification)", §3 "Customer", §4
 * "Customer audit", §7 "Customer verification"; spec 1 §7 "customer verification check";
 * decision 0027): the check the task detail's verified badge asks first, the customer's detail,
 * and the platform's review of the customer and of a hospital customer's certificate.
 */
import { z } from 'zod';
import { ApiCode } from '../api/codes';
import { recordIdSchema } from '../api/ids';
import { defineOperation } from '../api/operation';
import { INPUT_MAX_LENGTH } from '../limits';

/** Messages of the verification calls (natural Chinese; the spec names the situations only). */
export const CUSTOMER_MSG = {
  notFound: '客户不存在',
  notVerified: '该客户暂未通过认证，暂无认证信息',
  /** the terminal check failed (spec 3 §2, §8 code 200001) */
  terminalNotPassed: '终端未通过审核',
  terminalNotPassedReview: '该客户所在终端未通过审核，不能通过该客户',
  notReviewable: '该客户当前状态不可审核',
  rejectReasonRequired: '请输入驳回原因',
  rejectReasonTooLong: `驳回原因不能超过${INPUT_MAX_LENGTH.rejectReason}个字`,
  reviewed: '操作成功',
} as const;

/** Review code of a customer whose terminal has not passed review (spec 3 §4, §8). */
export const CUSTOMER_TERMINAL_NOT_PASSED_CODE = ApiCode.terminalNotPassed;

const idQuery = z.object({ id: recordIdSchema() });

/** The customer as the verification dialog shows it (spec 3 §3 "Customer"). */
export const customerDetailSchema = z.object({
  id: z.number().int(),
  cusName: z.string(),
  /** CUSTOMER_TYPES code: hospital, pharmacy, clinic, business */
  cusType: z.string(),
  cusTypeName: z.string(),
  /** 1 男, 2 女, otherwise - */
  sex: z.number().int().nullable(),
  orgName: z.string(),
  /** the terminal's own review status (0 pending, 1 passed, 2 rejected) */
  orgAuditStatus: z.number().int(),
  /** the terminal check failed: the dialog warns 终端未通过审核 */
  orgNotPassed: z.boolean(),
  /** the department dictionary value of the customer type, and its title */
  department: z.string(),
  department_dic: z.string(),
  /** 职务 */
  posit: z.string(),
  /** 职称 */
  title: z.string(),
  createByString: z.string(),
  /** hospitals: the practice certificate number and a signed link to its image (empty when none) */
  certNo: z.string(),
  certImage: z.string(),
  auditStatus: z.number().int(),
  auditStatus_dictText: z.string(),
  authStatus: z.number().int(),
  authStatus_dictText: z.string(),
  /** the reason of a rejected review */
  reason: z.string(),
  /** the reason of a rejected certificate */
  remarks: z.string(),
  auditName: z.string(),
  auditTime: z.number().int().nullable(),
  enterpriseName: z.string(),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const customerVerifyCheckOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/customer/checkVerify',
  tag: '客户认证',
  summary: '客户认证信息校验（客户存在且已认证时通过，否则答复原因）',
  access: { permission: 'cusVerify:list:view' },
  input: idQuery,
  answer: z.object({ id: z.number().int() }),
});

export const customerDetailOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/customer/queryById',
  tag: '客户认证',
  summary: '客户详情（认证信息、终端、科室、执业证书、审核记录）',
  access: { permission: 'cusVerify:list:view' },
  input: idQuery,
  answer: customerDetailSchema,
});

const rejectReason = z.string().trim().max(INPUT_MAX_LENGTH.rejectReason, CUSTOMER_MSG.rejectReasonTooLong).default('');

/**
 * Review of a customer (auditStatus 1 passes, 2 rejects with a reason); the pass needs
 * cusVerify:list:adopt, the reject cusVerify:list:reject. cusType, department and posit correct the
 * customer's registration as the reviewer passes it.
 */
export const customerReviewOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/customer/review',
  tag: '客户认证',
  summary: '客户审核（1 通过，2 驳回并填写原因；终端未通过审核时答复 200001）',
  access: { side: 'platform' },
  input: z.object({
    id: recordIdSchema(),
    auditStatus: z.union([z.literal(1), z.literal(2)]),
    remarks: rejectReason,
    cusType: z.enum(['hospital', 'pharmacy', 'clinic', 'business']).optional(),
    department: z.string().trim().max(16).optional(),
    posit: z.string().trim().max(32).optional(),
  }),
  answer: customerDetailSchema,
});

/** Review of a hospital customer's certificate (auditStatus 1, authStatus 2): 1 certifies, 3 rejects. */
export const customerCertReviewOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/customer/certReview',
  tag: '客户认证',
  summary: '医院客户执业证书审核（1 认证通过，3 认证驳回并填写原因）',
  access: { side: 'platform' },
  input: z.object({
    id: recordIdSchema(),
    authStatus: z.union([z.literal(1), z.literal(3)]),
    remarks: rejectReason,
  }),
  answer: customerDetailSchema,
});

/**
 * Which review the dialog offers (spec 3 §4): the customer's own while pending, the certificate's for
 * a passed hospital customer whose certificate awaits review; none otherwise.
 */
export function customerReviewKind(customer: Pick<CustomerDetail, 'auditStatus' | 'authStatus' | 'cusType'>) {
  if (customer.auditStatus === 0) return 'customer' as const;
  if (customer.cusType === 'hospital' && customer.auditStatus === 1 && customer.authStatus === 2) {
    return 'certificate' as const;
  }
  return null;
}
