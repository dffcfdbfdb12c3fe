import type { ModuleDefinition } from '../../platform/modules';
import { projectsDemo } from './demo';
import { projectListExport, projectPersonExport } from './exports';
import { projectMenus } from './menus';
import { registerProjectRoutes } from './routes';
import { lookupDataProjects, lookupProjects } from './service';

/** 项目：列表、导出、项目与跨平台共享项目的下拉 */
export const projectsModule: ModuleDefinition = {
  name: 'projects',
  routes: registerProjectRoutes,
  lookups: { project: lookupProjects, dataProject: lookupDataProjects },
  exports: [projectListExport, projectPersonExport],
  menus: projectMenus,
  demo: projectsDemo,
};
