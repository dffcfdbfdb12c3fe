import type { ModuleDefinition } from '../../platform/modules';
import { lookupTaxSources } from './service';

/** 税源地 */
export const taxModule: ModuleDefinition = {
  name: 'tax',
  lookups: {
    tax: lookupTaxSources,
  },
};
