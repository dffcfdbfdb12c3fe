/** 成员账号's calls and query keys (both sides: the enterprise side works on its own enterprise). */
import {
  memberAddOperation,
  memberEditOperation,
  memberForceLogoutOperation,
  memberListOperation,
  memberResetPasswordOperation,
  memberRoleOptionsOperation,
  memberSetStatusOperation,
  type OperationInput,
} from '@fieldpay/domain';
import { call } from '../../app/api-client';

export const MEMBER_LIST_KEY = ['member', 'list'] as const;

export const fetchMembers = (query: OperationInput<typeof memberListOperation>) => call(memberListOperation, query);
export const fetchMemberRoleOptions = (enterpriseId?: number) => call(memberRoleOptionsOperation, { enterpriseId });
export const addMember = (input: OperationInput<typeof memberAddOperation>) => call(memberAddOperation, input);
export const editMember = (input: OperationInput<typeof memberEditOperation>) => call(memberEditOperation, input);
export const setMemberStatus = (input: OperationInput<typeof memberSetStatusOperation>) =>
  call(memberSetStatusOperation, input);
export const resetMemberPassword = (input: OperationInput<typeof memberResetPasswordOperation>) =>
  call(memberResetPasswordOperation, input);
export const forceLogoutMember = (input: OperationInput<typeof memberForceLogoutOperation>) =>
  call(memberForceLogoutOperation, input);
