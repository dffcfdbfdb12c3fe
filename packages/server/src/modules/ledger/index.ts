import type { ModuleDefinition } from '../../platform/modules';

/**
 * 账本：复式记账的科目、凭证与分录（posting.ts）。It has no screens or calls of its own: the finance
 * module shows its balances and flows, the settlement and payout modules post through it.
 */
export const ledgerModule: ModuleDefinition = { name: 'ledger' };
