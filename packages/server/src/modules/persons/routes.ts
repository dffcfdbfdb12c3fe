import {
  DESENSITIZATION_TOKEN_HEADER,
  MSG,
  PERSON_MSG,
  personAgreementsOperation,
  personChangePasswordOperation,
  personClearLoginRestrictionOperation,
  personInfoOperation,
  personListOperation,
  personLoginFlagOperation,
  personTransferOutOperation,
  personTransferRecordsOperation,
  personWasTransferredOperation,
} from '@fieldpay/domain';
import { registerOperation } from '../../http/operation';
import { actorOf, principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import {
  changeLoginFlag,
  changePersonPassword,
  listPersons,
  loginActionMessage,
  loginFlagAction,
  personAgreementList,
  personInfo,
  personTransferRecords,
  personWasTransferred,
  transferPersonOut,
} from './accounts';

export function registerPersonRoutes({ app, services }: RouteDeps): void {
  registerOperation(app, personListOperation, async (query, request) =>
    listPersons(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, personInfoOperation, async (query, request) =>
    personInfo(services, principalOf(request), query, request.headers[DESENSITIZATION_TOKEN_HEADER], actorOf(request)),
  );
  registerOperation(
    app,
    personLoginFlagOperation,
    async ({ userId, loginFlag }, request) =>
      changeLoginFlag(services, principalOf(request), userId, loginFlagAction(loginFlag), actorOf(request)),
    { message: ({ loginFlag }) => loginActionMessage(loginFlagAction(loginFlag)) },
  );
  registerOperation(
    app,
    personClearLoginRestrictionOperation,
    async ({ id }, request) =>
      changeLoginFlag(services, principalOf(request), id, 'clearLoginRestriction', actorOf(request)),
    { message: loginActionMessage('clearLoginRestriction') },
  );
  registerOperation(
    app,
    personChangePasswordOperation,
    async (body, request) => changePersonPassword(services, principalOf(request), body, actorOf(request)),
    { message: PERSON_MSG.passwordChanged },
  );
  registerOperation(
    app,
    personTransferOutOperation,
    async (body, request) => transferPersonOut(services, principalOf(request), body, actorOf(request)),
    { message: MSG.operationSuccess },
  );
  registerOperation(app, personTransferRecordsOperation, async (query, request) =>
    personTransferRecords(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, personWasTransferredOperation, async ({ userId }, request) =>
    personWasTransferred(services.ctx.db, principalOf(request), userId),
  );
  registerOperation(app, personAgreementsOperation, async (query, request) =>
    personAgreementList(services.ctx.db, principalOf(request), query),
  );
}
