/** 员工账号 and 角色管理's calls and query keys (角色管理 on either side: decision 0029). */
import {
  enterpriseRoleDeleteOperation,
  enterpriseRoleListOperation,
  enterpriseRoleMenuTreeOperation,
  enterpriseRoleSaveOperation,
  type OperationInput,
  roleDeleteOperation,
  roleListOperation,
  roleMenuTreeOperation,
  roleOptionsOperation,
  roleSaveOperation,
  staffAddOperation,
  staffEditOperation,
  staffForceLogoutOperation,
  staffListOperation,
  staffResetPasswordOperation,
  staffSetStatusOperation,
} from '@fieldpay/domain';
import { call } from '../../app/api-client';

export const STAFF_LIST_KEY = ['staff', 'list'] as const;
export const ROLE_LIST_KEY = ['role', 'list'] as const;

export const fetchStaff = (query: OperationInput<typeof staffListOperation>) => call(staffListOperation, query);
export const addStaff = (input: OperationInput<typeof staffAddOperation>) => call(staffAddOperation, input);
export const editStaff = (input: OperationInput<typeof staffEditOperation>) => call(staffEditOperation, input);
export const setStaffStatus = (input: OperationInput<typeof staffSetStatusOperation>) =>
  call(staffSetStatusOperation, input);
export const resetStaffPassword = (id: number) => call(staffResetPasswordOperation, { id });
export const forceLogoutStaff = (id: number) => call(staffForceLogoutOperation, { id });

export const fetchRoles = (query: OperationInput<typeof roleListOperation>) => call(roleListOperation, query);
export const fetchRoleOptions = (tenantId?: number) => call(roleOptionsOperation, { tenantId });
export const fetchRoleMenuTree = (tenantId?: number) => call(roleMenuTreeOperation, { tenantId });
export const saveRole = (input: OperationInput<typeof roleSaveOperation>) => call(roleSaveOperation, input);
export const deleteRole = (id: number) => call(roleDeleteOperation, { id });

/** An enterprise's own roles (the enterprise side's 角色管理, decision 0029): the session's enterprise. */
export const fetchEnterpriseRoles = (query: OperationInput<typeof enterpriseRoleListOperation>) =>
  call(enterpriseRoleListOperation, query);
export const fetchEnterpriseRoleMenuTree = () => call(enterpriseRoleMenuTreeOperation, undefined);
export const saveEnterpriseRole = (input: OperationInput<typeof enterpriseRoleSaveOperation>) =>
  call(enterpriseRoleSaveOperation, input);
export const deleteEnterpriseRole = (id: number) => call(enterpriseRoleDeleteOperation, { id });
