/**
 * 成员账号 calls (decision 0023) and the enterprise's own 角色管理 (decision 0029); the rules live in
 * service.ts and, for roles, in the one role service both sides share (platform/staff/service.ts).
 */
import {
  enterpriseRoleDeleteOperation,
  enterpriseRoleListOperation,
  enterpriseRoleMenuTreeOperation,
  enterpriseRoleSaveOperation,
  MEMBER_MSG,
  MEMBER_STATUS_DISABLED,
  memberAddOperation,
  memberEditOperation,
  memberForceLogoutOperation,
  memberListOperation,
  memberResetPasswordOperation,
  memberRoleOptionsOperation,
  memberSetStatusOperation,
  MSG,
} from '@fieldpay/domain';
import type { FastifyRequest } from 'fastify';
import { registerOperation } from '../../http/operation';
import { principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import { deleteRole, listRoles, roleMenuTree, saveRole } from '../../platform/staff/service';
import { auditActorOf } from '../../platform/system/audit';
import {
  addMember,
  editMember,
  forceLogoutMember,
  listMembers,
  type MemberCaller,
  memberRoleOptions,
  resetMemberPassword,
  setMemberStatus,
} from './service';

export function registerMemberRoutes({ app, services }: RouteDeps): void {
  const { db } = services.ctx;
  const callerOf = (request: FastifyRequest): MemberCaller => {
    const principal = principalOf(request);
    return { principal, actor: auditActorOf(principal, request.ip), access: services.access };
  };

  registerOperation(app, memberListOperation, (input, request) => listMembers(db, principalOf(request), input));
  registerOperation(app, memberRoleOptionsOperation, (input, request) =>
    memberRoleOptions(db, callerOf(request), input.enterpriseId),
  );
  registerOperation(app, memberAddOperation, (input, request) => addMember(db, callerOf(request), input), {
    message: ({ password }) => (password === null ? MEMBER_MSG.joined : MEMBER_MSG.added),
  });
  registerOperation(
    app,
    memberEditOperation,
    async (input, request) => {
      await editMember(db, callerOf(request), input);
      return null;
    },
    { message: MSG.saveSuccess },
  );
  registerOperation(
    app,
    memberSetStatusOperation,
    async (input, request) => {
      const { enterpriseId, changed } = await setMemberStatus(db, callerOf(request), input);
      if (changed && input.status === MEMBER_STATUS_DISABLED) {
        await services.sessions.revokeAllOfMember(input.id, enterpriseId);
      }
      return null;
    },
    { message: MSG.operationSuccess },
  );
  registerOperation(
    app,
    memberResetPasswordOperation,
    async (input, request) => {
      const answer = await resetMemberPassword(db, callerOf(request), input);
      // the old password's sessions end with it, in every enterprise the account works in
      await services.sessions.revokeAllOfUser(input.id);
      return answer;
    },
    { message: MEMBER_MSG.passwordReset },
  );
  registerOperation(
    app,
    memberForceLogoutOperation,
    async (input, request) => {
      const { enterpriseId } = await forceLogoutMember(db, callerOf(request), input);
      await services.sessions.revokeAllOfMember(input.id, enterpriseId);
      return null;
    },
    { message: MEMBER_MSG.loggedOut },
  );

  // the enterprise's own roles: the session's enterprise alone (the service's scope and the wall)
  registerOperation(app, enterpriseRoleListOperation, (input, request) => listRoles(db, principalOf(request), input));
  registerOperation(app, enterpriseRoleMenuTreeOperation, (_input, request) =>
    roleMenuTree(db, callerOf(request), undefined),
  );
  registerOperation(app, enterpriseRoleSaveOperation, (input, request) => saveRole(db, callerOf(request), input), {
    message: MSG.saveSuccess,
  });
  registerOperation(
    app,
    enterpriseRoleDeleteOperation,
    async (input, request) => {
      await deleteRole(db, callerOf(request), input.id);
      return null;
    },
    { message: MSG.deleteSuccess },
  );
}
