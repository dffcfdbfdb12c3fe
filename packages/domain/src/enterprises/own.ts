/**
 * 账户信息 (decision 0043): the enterprise's own twins of the platform's calls on its authentication and
 * bank cards: the same input and answer under /api/sys/enterprise/own/…, guarded by the enterprise side's
 * codes. The server runs the same service functions, walled to the caller's own enterprise.
 */
import { defineOperation, type Operation } from '../api/operation';
import type { PermissionCode } from '../access/permissions';
import { bankCardAddOperation, bankCardDeleteOperation, bankCardEditOperation } from './bank-cards';
import { enterpriseAuthOperation } from './operations';

const ownTwin = <O extends Operation>(operation: O, path: string, permission: PermissionCode): O =>
  defineOperation({
    ...operation,
    path: `/api/sys/enterprise/own/${path}`,
    summary: `本企业：${operation.summary}`,
    access: { permission },
  }) as O;

export const ownEnterpriseAuthOperation = ownTwin(
  enterpriseAuthOperation,
  'modifyAuth',
  'enterpriseAccount:info:modify',
);
export const ownBankCardAddOperation = ownTwin(
  bankCardAddOperation,
  'bank/add',
  'enterpriseAccount:info:modifyAccount',
);
export const ownBankCardEditOperation = ownTwin(
  bankCardEditOperation,
  'bank/edit',
  'enterpriseAccount:info:modifyAccount',
);
export const ownBankCardDeleteOperation = ownTwin(
  bankCardDeleteOperation,
  'bank/delete',
  'enterpriseAccount:info:modifyAccount',
);
