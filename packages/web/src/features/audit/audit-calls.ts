/** 审计日志 and 登录日志's calls and query keys. */
import {
  auditExportOperation,
  auditQueryOperation,
  loginLogExportOperation,
  loginLogQueryOperation,
  type OperationInput,
} from '@fieldpay/domain';
import { call } from '../../app/api-client';
import { submitExport } from '../../app/export-calls';

export const AUDIT_LIST_KEY = ['audit', 'query'] as const;
export const fetchAudit = (query: OperationInput<typeof auditQueryOperation>) => call(auditQueryOperation, query);
export const exportAudit = (filters: OperationInput<typeof auditExportOperation>) =>
  submitExport(auditExportOperation, filters);

export const LOGIN_LOG_LIST_KEY = ['loginLog', 'query'] as const;
export const fetchLoginLog = (query: OperationInput<typeof loginLogQueryOperation>) =>
  call(loginLogQueryOperation, query);
export const exportLoginLog = (filters: OperationInput<typeof loginLogExportOperation>) =>
  submitExport(loginLogExportOperation, filters);
