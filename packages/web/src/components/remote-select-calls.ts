/** RemoteSelect's lookups: GET /api/sys/lookup/{kind} (catalogue in @fieldpay/domain). */
import { type LookupFilters, type LookupKind, type LookupRecord, lookupOperation, type Page } from '@fieldpay/domain';
import { call } from '../app/api-client';

export interface LookupRequest<K extends LookupKind> {
  filters: Partial<LookupFilters<K>>;
  pageNo: number;
  pageSize: number;
}

/**
 * One page of a lookup. A failed answer has already been shown by the request layer (its server
 * message as a warning) and rejects here.
 */
export async function fetchLookup<K extends LookupKind>(
  kind: K,
  request: LookupRequest<K>,
): Promise<Page<LookupRecord<K>>> {
  return call(lookupOperation(kind), { ...request.filters, pageNo: request.pageNo, pageSize: request.pageSize });
}
