/** The projects area's calls and query keys, beside its pages. */
import {
  type OperationInput,
  type Page,
  PROJECT_STATUS_IN_PROGRESS,
  type ProjectListRecord,
  projectCountByStatusOperation,
  projectListOperation,
} from '@fieldpay/domain';
import { call } from '../../app/api-client';

export const PROJECT_LIST_KEY = ['project', 'list'] as const;
export const projectInProgressCountKey = (tenantId: number | undefined) =>
  ['project', 'countByStatus', PROJECT_STATUS_IN_PROGRESS, tenantId] as const;

export const fetchProjects = (query: OperationInput<typeof projectListOperation>): Promise<Page<ProjectListRecord>> =>
  call(projectListOperation, query);

/** The enterprise header's 进行中 count; silent, as the header is no place for an error toast. */
export const fetchInProgressCount = (): Promise<number> =>
  call(projectCountByStatusOperation, { status: PROJECT_STATUS_IN_PROGRESS }, { silent: true });
