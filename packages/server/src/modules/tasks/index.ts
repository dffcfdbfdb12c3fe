import type { ModuleDefinition } from '../../platform/modules';
import { seedTaskTypes } from './seed';
import { lookupTaskTypes } from './service';

/** 任务 */
export const tasksModule: ModuleDefinition = {
  name: 'tasks',
  lookups: {
    taskType: (db, _principal, query) => lookupTaskTypes(db, query),
  },
  seed: seedTaskTypes,
};
