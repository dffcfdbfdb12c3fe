/**
 * The enterprise info view's calls (decision 0027): the info (desensitized with a token), 禁用 / 启用, 企业风险,
 * and the settlement bank cards (decision 0037).
 */
import {
  BANK_CARD_MSG,
  bankCardAddOperation,
  bankCardDeleteOperation,
  bankCardEditOperation,
  bankCardListOperation,
  bankSystemListOperation,
  PAY_ACCOUNT_MSG,
  payAccountOpenOperation,
  payAccountSystemsOperation,
  DESENSITIZATION_TOKEN_HEADER,
  ENTERPRISE_INFO_MSG,
  ENTERPRISE_ACCOUNT_MSG,
  enterpriseAccountListOperation,
  enterpriseAddOperation,
  enterpriseAuthOperation,
  enterpriseContactOperation,
  enterpriseInfoOperation,
  enterpriseLimitOperation,
  enterpriseStatusOperation,
  ENTERPRISE_TAG_MSG,
  enterpriseTagsOperation,
  enterpriseTagsSaveOperation,
  ownBankCardAddOperation,
  ownBankCardDeleteOperation,
  ownBankCardEditOperation,
  ownEnterpriseAuthOperation,
} from '@fieldpay/domain';
import { registerOperation } from '../../http/operation';
import { actorOf, principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import { addEnterpriseAccount, listEnterpriseAccounts } from './accounts';
import { addBankCard, deleteBankCard, editBankCard, listBankCards, listBankSystems } from './bank-cards';
import {
  editEnterpriseContact,
  editEnterpriseLimit,
  enterpriseInfo,
  enterpriseUnmasked,
  modifyEnterpriseAuth,
} from './info';
import { listPayAccountSystems, openPayAccount } from './pay-accounts';
import { changeEnterpriseStatus } from './status';
import { listEnterpriseTags, saveEnterpriseTags } from './tags';

export function registerEnterpriseRoutes({ app, services }: RouteDeps): void {
  registerOperation(app, enterpriseAccountListOperation, (input, request) =>
    listEnterpriseAccounts(services.ctx.db, principalOf(request), input),
  );
  registerOperation(
    app,
    enterpriseAddOperation,
    (input, request) => addEnterpriseAccount(services, principalOf(request), input, actorOf(request)),
    { message: ENTERPRISE_ACCOUNT_MSG.added },
  );
  registerOperation(app, enterpriseInfoOperation, (input, request) =>
    enterpriseInfo(
      services,
      principalOf(request),
      input,
      request.headers[DESENSITIZATION_TOKEN_HEADER],
      actorOf(request),
    ),
  );
  registerOperation(
    app,
    enterpriseLimitOperation,
    (input, request) => editEnterpriseLimit(services.ctx.db, principalOf(request), input, actorOf(request)),
    { message: ENTERPRISE_INFO_MSG.limitSaved },
  );
  registerOperation(
    app,
    enterpriseContactOperation,
    (input, request) => editEnterpriseContact(services.ctx.db, principalOf(request), input, actorOf(request)),
    { message: ENTERPRISE_INFO_MSG.limitSaved },
  );
  // the platform's staff, and the enterprise itself on 账户信息 (decision 0043): one rule, one wall
  for (const operation of [enterpriseAuthOperation, ownEnterpriseAuthOperation]) {
    registerOperation(
      app,
      operation,
      (input, request) => modifyEnterpriseAuth(services, principalOf(request), input, actorOf(request)),
      { message: ENTERPRISE_INFO_MSG.authSaved },
    );
  }
  registerOperation(
    app,
    enterpriseStatusOperation,
    (input, request) => changeEnterpriseStatus(services, principalOf(request), input, actorOf(request)),
    { message: ({ status }) => (status === 2 ? ENTERPRISE_INFO_MSG.disabled : ENTERPRISE_INFO_MSG.enabled) },
  );
  registerOperation(app, bankSystemListOperation, (input, request) =>
    listBankSystems(services.ctx.db, principalOf(request), input),
  );
  registerOperation(app, bankCardListOperation, async (input, request) => {
    const principal = principalOf(request);
    const token = input.tempToken || request.headers[DESENSITIZATION_TOKEN_HEADER];
    const unmasked = await enterpriseUnmasked(services, principal, token);
    const records = await listBankCards(services.ctx.db, principal, input, unmasked, actorOf(request));
    return { records, total: records.length, unmasked };
  });
  for (const operation of [bankCardAddOperation, ownBankCardAddOperation]) {
    registerOperation(
      app,
      operation,
      (input, request) => addBankCard(services.ctx.db, principalOf(request), input, actorOf(request)),
      { message: BANK_CARD_MSG.added },
    );
  }
  for (const operation of [bankCardEditOperation, ownBankCardEditOperation]) {
    registerOperation(
      app,
      operation,
      (input, request) => editBankCard(services.ctx.db, principalOf(request), input, actorOf(request)),
      { message: BANK_CARD_MSG.edited },
    );
  }
  for (const operation of [bankCardDeleteOperation, ownBankCardDeleteOperation]) {
    registerOperation(
      app,
      operation,
      (input, request) => deleteBankCard(services.ctx.db, principalOf(request), input, actorOf(request)),
      { message: BANK_CARD_MSG.deleted },
    );
  }
  registerOperation(app, payAccountSystemsOperation, (input, request) =>
    listPayAccountSystems(services.ctx.db, principalOf(request), input),
  );
  registerOperation(
    app,
    payAccountOpenOperation,
    (input, request) => openPayAccount(services.ctx.db, principalOf(request), input, actorOf(request)),
    { message: PAY_ACCOUNT_MSG.opened },
  );
  registerOperation(app, enterpriseTagsOperation, (input, request) =>
    listEnterpriseTags(services.ctx.db, principalOf(request), input),
  );
  registerOperation(
    app,
    enterpriseTagsSaveOperation,
    (input, request) => saveEnterpriseTags(services.ctx.db, principalOf(request), input, actorOf(request)),
    { message: ENTERPRISE_TAG_MSG.saved },
  );
}
