import type { ModuleDefinition } from '../../platform/modules';
import { lookupEmployees } from './service';

/** 自然人 */
export const personsModule: ModuleDefinition = {
  name: 'persons',
  lookups: {
    employee: lookupEmployees,
  },
};
