/** The tax-source picker's lookup (spec 1 §7 remote-select catalogue: tax, by tenantId and taxName). */
import type { Page } from '@fieldpay/domain';
import { http } from '../../app/api-client';

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
  const answer = await http.get<Page<TaxSource>>('/api/sys/lookup/tax', query, { silent: true });
  return answer.result;
}
