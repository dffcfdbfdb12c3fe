/** The projects area's calls and query keys, beside its pages. */
import {
  cityTreeOperation,
  type OperationAnswer,
  type OperationInput,
  PAGE_SIZE,
  type Page,
  PROJECT_STATUS_IN_PROGRESS,
  type ProjectListRecord,
  personalProjectListOperation,
  projectAuditOperation,
  projectCountByStatusOperation,
  projectCreateOperation,
  projectDetailOperation,
  projectEditBasicOperation,
  projectEditTextOperation,
  projectEditVisitTypeOperation,
  projectEndOperation,
  projectListOperation,
  projectLogDetailOperation,
  projectPauseOperation,
  projectResumeOperation,
  projectStartAuditOperation,
  projectPersonListOperation,
  projectSummaryOperation,
  projectWorkLocationsOperation,
} from '@fieldpay/domain';
import { call, callWithMessage } from '../../app/api-client';

export const PROJECT_LIST_KEY = ['project', 'list'] as const;
export const projectInProgressCountKey = (tenantId: number | undefined) =>
  ['project', 'countByStatus', PROJECT_STATUS_IN_PROGRESS, tenantId] as const;

export const fetchProjects = (query: OperationInput<typeof projectListOperation>): Promise<Page<ProjectListRecord>> =>
  call(projectListOperation, query);

/** The projects one natural person has served on, within the viewer's list. */
export const fetchPersonalProjects = (
  query: OperationInput<typeof personalProjectListOperation>,
): Promise<Page<ProjectListRecord>> => call(personalProjectListOperation, query);

/** The enterprise header's 进行中 count; silent, as the header is no place for an error toast. */
export const fetchInProgressCount = (): Promise<number> =>
  call(projectCountByStatusOperation, { status: PROJECT_STATUS_IN_PROGRESS }, { silent: true });

export const projectDetailKey = (projectId: number) => ['project', 'detail', projectId] as const;
export const projectSummaryKey = (projectId: number) => ['project', 'summary', projectId] as const;
export const CITY_TREE_KEY = ['city', 'tree'] as const;

export type ProjectDetailAnswer = OperationAnswer<typeof projectDetailOperation>;

/** Silent: the page shows 项目不存在 itself for code 10013, other failures as a warning. */
export const fetchProjectDetail = (projectId: number) => call(projectDetailOperation, { projectId }, { silent: true });
export const fetchProjectFromLog = (id: number) => call(projectLogDetailOperation, { id });
export const fetchProjectSummary = (projectId: number) =>
  call(projectSummaryOperation, { projectId }, { silent: true });
export const projectPersonsKey = (projectId: number, pageNo: number) =>
  ['project', 'persons', projectId, pageNo] as const;
export const fetchProjectPersons = (projectId: number, pageNo: number, pageSize: number) =>
  call(projectPersonListOperation, { projectId, pageNo, pageSize });
export const fetchCityTree = () => call(cityTreeOperation, {});
export const workLocationsKey = (projectId: number, serviceTypeId: number, pageNo: number) =>
  ['project', 'workLocations', projectId, serviceTypeId, pageNo] as const;
export const fetchWorkLocations = (projectId: number, serviceTypeId: number, pageNo: number) =>
  call(projectWorkLocationsOperation, { projectId, serviceTypeId, pageNo, pageSize: PAGE_SIZE.workLocations });

export const createProject = (body: OperationInput<typeof projectCreateOperation>) =>
  call(projectCreateOperation, body);
/** The block saves answer the server's message, shown as the success (spec 1 §8 save results). */
export const saveProjectBasic = async (body: OperationInput<typeof projectEditBasicOperation>) =>
  (await callWithMessage(projectEditBasicOperation, body)).message;
export const saveProjectVisitType = async (body: OperationInput<typeof projectEditVisitTypeOperation>) =>
  (await callWithMessage(projectEditVisitTypeOperation, body)).message;
export const saveProjectText = async (body: OperationInput<typeof projectEditTextOperation>) =>
  (await callWithMessage(projectEditTextOperation, body)).message;

/** The lifecycle's moves, by action of PROJECT_ACTIONS. */
export const startProjectAudit = (projectId: number) => call(projectStartAuditOperation, { projectId });
export const auditProject = (projectId: number, auditStatus: 4 | 1, remarks: string) =>
  call(projectAuditOperation, { projectId, auditStatus, remarks });
export const pauseProject = (projectId: number) => call(projectPauseOperation, { projectId });
export const resumeProject = (projectId: number) => call(projectResumeOperation, { projectId });
export const endProject = (projectId: number) => call(projectEndOperation, { projectId });
