import type { ModuleDefinition } from '../../platform/modules';
import { lookupAuthorisedProducts, lookupProducts } from './service';

/** 产品与授权 */
export const productsModule: ModuleDefinition = {
  name: 'products',
  lookups: {
    product: lookupProducts,
    authorisedProduct: lookupAuthorisedProducts,
  },
};
