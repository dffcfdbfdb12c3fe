import type { ModuleDefinition } from '../../platform/modules';
import { lookupBankBranches, lookupBankPlatforms, lookupChannelAccounts, lookupVirtualAccounts } from './service';

/** 发放：银行平台、虚拟账户、渠道账户 */
export const payoutsModule: ModuleDefinition = {
  name: 'payouts',
  lookups: {
    bankPlatform: lookupBankPlatforms,
    virtualAccount: lookupVirtualAccounts,
    bankBranch: (db, _principal, query) => lookupBankBranches(db, query),
    channelAccount: lookupChannelAccounts,
  },
};
