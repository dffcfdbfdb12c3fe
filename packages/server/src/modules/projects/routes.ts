import { projectPersonList } from './person-list';
import {
  cityTreeOperation,
  projectAuditOperation,
  projectCountByStatusOperation,
  projectCreateOperation,
  projectDetailOperation,
  projectEditBasicOperation,
  projectEditTextOperation,
  projectEditVisitTypeOperation,
  projectEndOperation,
  projectExportListOperation,
  projectExportPersonsOperation,
  projectListOperation,
  personalProjectListOperation,
  projectLogDetailOperation,
  projectPauseOperation,
  projectResumeOperation,
  projectStartAuditOperation,
  projectPersonListOperation,
  projectSummaryOperation,
  projectWorkLocationsOperation,
} from '@fieldpay/domain';
import { registerOperation } from '../../http/operation';
import { principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import { registerExportRoute } from '../../platform/exports/routes';
import { projectDetail, projectFromLog, projectSummary, projectWorkLocations, withAttachmentLinks } from './detail';
import {
  auditProject,
  createProject,
  editProjectBasic,
  editProjectText,
  editProjectVisitType,
  endProject,
  pauseProject,
  resumeProject,
  startProjectAudit,
} from './lifecycle';
import { cityTree } from './regions';
import { countProjects, listProjects } from './service';

export function registerProjectRoutes(deps: RouteDeps): void {
  const { app, services } = deps;
  registerOperation(app, projectCountByStatusOperation, async ({ status }, request) =>
    countProjects(services.ctx.db, principalOf(request), [status]),
  );
  registerOperation(app, projectListOperation, async (query, request) =>
    listProjects(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, personalProjectListOperation, async (query, request) =>
    listProjects(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, cityTreeOperation, async () => cityTree());
  const linkOf = (address: string) => services.files.linkOfAddress(address);
  registerOperation(app, projectDetailOperation, async ({ projectId }, request) =>
    withAttachmentLinks(await projectDetail(services.ctx.db, principalOf(request), projectId), linkOf),
  );
  registerOperation(app, projectLogDetailOperation, async ({ id }, request) => {
    const record = await projectFromLog(services.ctx.db, principalOf(request), id);
    return { ...record, logAfter: withAttachmentLinks(record.logAfter, linkOf) };
  });
  registerOperation(app, projectPersonListOperation, async (query, request) =>
    projectPersonList(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, projectWorkLocationsOperation, async (query, request) =>
    projectWorkLocations(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, projectSummaryOperation, async (query, request) =>
    projectSummary(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, projectCreateOperation, async (body, request) =>
    createProject(services, principalOf(request), body),
  );
  registerOperation(
    app,
    projectEditBasicOperation,
    async (body, request) => editProjectBasic(services, principalOf(request), body),
    { message: '保存成功' },
  );
  registerOperation(
    app,
    projectEditVisitTypeOperation,
    async (body, request) => editProjectVisitType(services, principalOf(request), body),
    { message: '保存成功' },
  );
  registerOperation(
    app,
    projectEditTextOperation,
    async (body, request) => editProjectText(services, principalOf(request), body),
    { message: '保存成功' },
  );
  registerOperation(app, projectStartAuditOperation, async ({ projectId }, request) =>
    startProjectAudit(services, principalOf(request), projectId),
  );
  registerOperation(
    app,
    projectAuditOperation,
    async (body, request) => auditProject(services, principalOf(request), body),
    { message: '审核完成' },
  );
  registerOperation(app, projectPauseOperation, async ({ projectId }, request) =>
    pauseProject(services, principalOf(request), projectId),
  );
  registerOperation(app, projectResumeOperation, async ({ projectId }, request) =>
    resumeProject(services, principalOf(request), projectId),
  );
  registerOperation(app, projectEndOperation, async ({ projectId }, request) =>
    endProject(services, principalOf(request), projectId),
  );

  registerExportRoute(deps, projectExportListOperation, 'project.list');
  registerExportRoute(deps, projectExportPersonsOperation, 'project.persons');
}
