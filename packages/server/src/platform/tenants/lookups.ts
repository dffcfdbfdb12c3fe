import { type LookupQuery, type LookupRecord, lookupRowDisabled, type Page } from '@fieldpay/domain';
import type { DbOrTx } from '../../db/client';
import type { Principal } from '../auth/sessions';
import type { LookupView } from '../lookups/registry';
import { tenantPage } from './service';

/**
 * The tenant lookup: the same tenants as GET /api/sys2/tenant/queryList (the platform operator all,
 * staff their own, enterprise users those they work on), as select options.
 */
export const lookupTenants = (
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'tenant'>,
  view: LookupView,
): Promise<Page<LookupRecord<'tenant'>>> =>
  tenantPage(db, principal, query, view, (row) => ({
    ...row,
    value: row.id,
    label: row.name,
    description: row.company,
    disabled: lookupRowDisabled('tenant', row.status, query.status),
  }));
