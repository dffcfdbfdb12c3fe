/** The tax-source picker's lookup (spec 1 §7 remote-select catalogue: tax, by tenantId and taxName). */
import { type Page, lookupOperation } from '@fieldpay/domain';
import { call } from '../../app/api-client';

export interface TaxSource {
  id: number;
  taxName: string;
  tenantId: number;
}

/** Silent: the picker swallows a failed lookup and stays usable. */
export async function searchTaxSources(query: {
  tenantId?: number;
  taxName?: string;
  pageNo: number;
  pageSize: number;
}): Promise<Page<TaxSource>> {
  return call(lookupOperation('tax'), query, { silent: true });
}
