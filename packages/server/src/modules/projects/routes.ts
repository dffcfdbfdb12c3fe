import {
  envelopeOf,
  pageOf,
  projectListFiltersSchema,
  projectListQuerySchema,
  projectListRecordSchema,
} from '@fieldpay/domain';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import { registerExportRoute } from '../../platform/exports/routes';
import { projectPersonFiltersSchema } from './exports';
import { countProjects, listProjects } from './service';

export function registerProjectRoutes(deps: RouteDeps): void {
  const { app, services } = deps;
  app.get(
    '/api/sys/project/countByStatus',
    {
      // the enterprise header shows the 进行中 count on every page, whatever the roles hold
      config: { access: 'session' },
      schema: {
        tags: ['项目'],
        summary: '按状态统计项目数（企业头部“进行中”计数：status=4）',
        querystring: z.object({ status: z.coerce.number().int().min(0).max(6) }),
        response: { 200: envelopeOf(z.number().int()) },
      },
    },
    async (request) => ok(await countProjects(services.ctx.db, principalOf(request), [request.query.status])),
  );

  app.get(
    '/api/sys/project/queryList',
    {
      config: { access: { permission: 'projectManage:list:view' } },
      schema: {
        tags: ['项目'],
        summary: '项目列表（平台端：本平台的项目，运营方全部；企业端：本企业在当前平台的项目）',
        querystring: projectListQuerySchema,
        response: { 200: envelopeOf(pageOf(projectListRecordSchema)) },
      },
    },
    async (request) => ok(await listProjects(services.ctx.db, principalOf(request), request.query)),
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
