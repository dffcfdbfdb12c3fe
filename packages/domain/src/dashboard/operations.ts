/** The home page's figures (spec 1 §2 dashboard). */
import { defineOperation } from '../api/operation';
import { dashboardOverviewQuerySchema, dashboardOverviewSchema } from './schemas';

export const dashboardOverviewOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/dashboard/overview',
  tag: '首页',
  summary: '首页统计（按会话范围的真实数据，可按平台筛选）',
  access: { permission: 'dashboard:analysis:view' },
  input: dashboardOverviewQuerySchema,
  answer: dashboardOverviewSchema,
});
