import type { ModuleDefinition } from '../../platform/modules';
import { contentDemo } from './demo';
import { contentMenus } from './menus';
import { registerContentRoutes } from './routes';
import { seedContentConfig } from './seed';
import { lookupFirstSenders, lookupSenders, lookupWechatUsers } from './service';

/** 文章与问卷：内容库（列表、编辑、选择与预览），分享与转发的下拉 */
export const contentModule: ModuleDefinition = {
  name: 'content',
  routes: registerContentRoutes,
  lookups: {
    wechatUser: lookupWechatUsers,
    firstSender: lookupFirstSenders,
    sender: lookupSenders,
  },
  menus: contentMenus,
  seed: seedContentConfig,
  demo: contentDemo,
};
