import {
  accountFlowListOperation,
  financialAccountListOperation,
  MSG,
  payBankInfoOperation,
  payPasswordStatusOperation,
  sendPhoneOperation,
  setPayPasswordOperation,
  topUpOperation,
  WITHDRAWAL_MSG,
  withdrawalListOperation,
  withdrawCardsOperation,
  withdrawOperation,
} from '@fieldpay/domain';
import { registerOperation } from '../../http/operation';
import { CREDENTIAL_RATE_LIMIT } from '../../http/types';
import { actorOf, principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import { listPayBanks, pagePayBanks } from './pay-banks';
import { payPasswordStatus, sendPhoneCode, setPayPassword } from './pay-password';
import { registerAccountProofRoute } from './proof';
import { listAccountFlows, topUp } from './top-up';
import { listWithdrawals, withdraw, withdrawCards } from './withdrawals';

/** Money and credential calls are few and deliberate: a burst is refused before it reaches the bank or the SMS gateway. */
const moneyLimit = CREDENTIAL_RATE_LIMIT;

export function registerFinanceRoutes(deps: RouteDeps): void {
  const { app, services } = deps;
  registerOperation(app, payBankInfoOperation, async (query, request) =>
    listPayBanks(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, financialAccountListOperation, async (query, request) =>
    pagePayBanks(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, accountFlowListOperation, async (query, request) =>
    listAccountFlows(services, principalOf(request), query),
  );
  registerAccountProofRoute(deps);
  registerOperation(
    app,
    topUpOperation,
    async (body, request) => topUp(services, principalOf(request), body, actorOf(request)),
    { ...moneyLimit, message: MSG.topUpSuccess },
  );
  registerOperation(
    app,
    withdrawOperation,
    async (body, request) => withdraw(services, principalOf(request), body, actorOf(request)),
    { ...moneyLimit, message: WITHDRAWAL_MSG.requested },
  );
  registerOperation(app, withdrawCardsOperation, async (query, request) =>
    withdrawCards(services, principalOf(request), query.id),
  );
  registerOperation(app, withdrawalListOperation, async (query, request) =>
    listWithdrawals(services, principalOf(request), query),
  );
  registerOperation(app, payPasswordStatusOperation, async (_input, request) =>
    payPasswordStatus(services, principalOf(request)),
  );
  registerOperation(
    app,
    setPayPasswordOperation,
    async (body, request) => setPayPassword(services, principalOf(request), body, actorOf(request)),
    { ...moneyLimit, message: MSG.payPasswordSaved },
  );
  registerOperation(
    app,
    sendPhoneOperation,
    async (body, request) => sendPhoneCode(services, principalOf(request), body),
    { ...moneyLimit, message: MSG.smsSent },
  );
}
