import type { ModuleDefinition } from '../../platform/modules';
import { lookupFirstSenders, lookupSenders, lookupWechatUsers } from './service';

/** 文章与问卷的分享与转发 */
export const contentModule: ModuleDefinition = {
  name: 'content',
  lookups: {
    wechatUser: lookupWechatUsers,
    firstSender: lookupFirstSenders,
    sender: lookupSenders,
  },
};
