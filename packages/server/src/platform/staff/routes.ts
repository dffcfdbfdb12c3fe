/** 员工账号 and 角色管理 calls (decision 0013); the rules live in service.ts. */
import {
  MSG,
  platformChangePasswordOperation,
  roleDeleteOperation,
  roleListOperation,
  roleMenuTreeOperation,
  roleOptionsOperation,
  roleSaveOperation,
  STAFF_MSG,
  STAFF_STATUS_DISABLED,
  staffAddOperation,
  staffEditOperation,
  staffForceLogoutOperation,
  staffListOperation,
  staffResetPasswordOperation,
  staffSetStatusOperation,
} from '@fieldpay/domain';
import type { FastifyRequest } from 'fastify';
import { registerOperation } from '../../http/operation';
import { principalOf } from '../auth/guards';
import type { RouteDeps } from '../modules';
import { auditActorOf } from '../system/audit';
import {
  addStaff,
  changeOwnPassword,
  deleteRole,
  editStaff,
  forceLogoutStaff,
  listRoles,
  listStaff,
  resetStaffPassword,
  roleMenuTree,
  roleOptions,
  type StaffCaller,
  saveRole,
  setStaffStatus,
} from './service';

export function registerStaffRoutes({ app, services }: RouteDeps): void {
  const { db } = services.ctx;
  const callerOf = (request: FastifyRequest): StaffCaller => {
    const principal = principalOf(request);
    return { principal, actor: auditActorOf(principal, request.ip), access: services.access };
  };

  registerOperation(app, staffListOperation, (input, request) => listStaff(db, principalOf(request), input));
  registerOperation(app, staffAddOperation, (input, request) => addStaff(db, callerOf(request), input), {
    message: STAFF_MSG.added,
  });
  registerOperation(
    app,
    staffEditOperation,
    async (input, request) => {
      await editStaff(db, callerOf(request), input);
      return null;
    },
    { message: MSG.saveSuccess },
  );
  registerOperation(
    app,
    staffSetStatusOperation,
    async (input, request) => {
      const { changed } = await setStaffStatus(db, callerOf(request), input);
      if (changed && input.status === STAFF_STATUS_DISABLED) await services.sessions.revokeAllOfUser(input.id);
      return null;
    },
    { message: MSG.operationSuccess },
  );
  registerOperation(
    app,
    staffResetPasswordOperation,
    async (input, request) => {
      const answer = await resetStaffPassword(db, callerOf(request), input.id);
      // the old password's sessions end with it
      await services.sessions.revokeAllOfUser(input.id);
      return answer;
    },
    { message: STAFF_MSG.passwordReset },
  );
  registerOperation(
    app,
    staffForceLogoutOperation,
    async (input, request) => {
      await forceLogoutStaff(db, callerOf(request), input.id);
      await services.sessions.revokeAllOfUser(input.id);
      return null;
    },
    { message: STAFF_MSG.loggedOut },
  );

  registerOperation(app, roleListOperation, (input, request) => listRoles(db, principalOf(request), input));
  registerOperation(app, roleOptionsOperation, (input, request) =>
    roleOptions(db, principalOf(request), input.tenantId),
  );
  registerOperation(app, roleMenuTreeOperation, (input, request) =>
    roleMenuTree(db, callerOf(request), input.tenantId),
  );
  registerOperation(app, roleSaveOperation, (input, request) => saveRole(db, callerOf(request), input), {
    message: MSG.saveSuccess,
  });
  registerOperation(
    app,
    roleDeleteOperation,
    async (input, request) => {
      await deleteRole(db, callerOf(request), input.id);
      return null;
    },
    { message: MSG.deleteSuccess },
  );

  registerOperation(
    app,
    platformChangePasswordOperation,
    async (input, request) => {
      await changeOwnPassword(db, callerOf(request), input, (userId) => services.sessions.revokeAllOfUser(userId));
      return null;
    },
    { message: MSG.passwordChanged },
  );
}
