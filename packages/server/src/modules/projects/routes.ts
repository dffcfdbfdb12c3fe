import { projectCountByStatusOperation, projectListFiltersSchema, projectListOperation } from '@fieldpay/domain';
import { registerOperation } from '../../http/operation';
import { principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import { registerExportRoute } from '../../platform/exports/routes';
import { projectPersonFiltersSchema } from './exports';
import { countProjects, listProjects } from './service';

export function registerProjectRoutes(deps: RouteDeps): void {
  const { app, services } = deps;
  registerOperation(app, projectCountByStatusOperation, async ({ status }, request) =>
    countProjects(services.ctx.db, principalOf(request), [status]),
  );
  registerOperation(app, projectListOperation, async (query, request) =>
    listProjects(services.ctx.db, principalOf(request), query),
  );

  registerExportRoute(deps, {
    path: '/api/sys/project/exportList',
    kind: 'project.list',
    tag: '项目',
    summary: '导出项目列表',
    body: projectListFiltersSchema,
    permission: 'projectManage:list:export',
  });
  registerExportRoute(deps, {
    path: '/api/sys/project/exportPersons',
    kind: 'project.persons',
    tag: '项目',
    summary: '导出项目人员（手机号、姓名脱敏，带脱敏令牌时为明文）',
    body: projectPersonFiltersSchema,
    permission: 'projectManage:list:export',
  });
}
