/** 审计日志's call and query key. */
import { auditQueryOperation, type OperationInput } from '@fieldpay/domain';
import { call } from '../../app/api-client';

export const AUDIT_LIST_KEY = ['audit', 'query'] as const;
export const fetchAudit = (query: OperationInput<typeof auditQueryOperation>) => call(auditQueryOperation, query);
