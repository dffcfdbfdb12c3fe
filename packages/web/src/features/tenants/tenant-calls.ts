/** 平台管理's calls and query keys. */
import {
  type OperationInput,
  tenantAddOperation,
  tenantAdminListOperation,
  tenantEditOperation,
  tenantSetStatusOperation,
} from '@fieldpay/domain';
import { call } from '../../app/api-client';

export const TENANT_ADMIN_LIST_KEY = ['tenant', 'adminList'] as const;

export const fetchTenantsForAdmin = (query: OperationInput<typeof tenantAdminListOperation>) =>
  call(tenantAdminListOperation, query);
export const addTenant = (form: OperationInput<typeof tenantAddOperation>) => call(tenantAddOperation, form);
export const editTenant = (form: OperationInput<typeof tenantEditOperation>) => call(tenantEditOperation, form);
export const setTenantStatus = (input: OperationInput<typeof tenantSetStatusOperation>) =>
  call(tenantSetStatusOperation, input);
