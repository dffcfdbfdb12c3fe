import { DICT_CODES, type LookupQuery, type LookupRecord, maskAccountNo, type Page } from '@fieldpay/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { bankBranches, bankPlatforms, channelAccounts, dictItems, virtualAccounts } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import type { LookupView } from '../../platform/lookups/registry';
import { contains, joinParts } from '../../platform/lookups/query';
import { escapeLike } from '../../platform/lookups/query';
import { enterpriseScope, equalsIfGiven, tenantScope } from '../../core/tenancy';

/** The bank's name from the bank_type dictionary, joined on a bank code column. */
const bankNameOn = (bankNoColumn: typeof bankPlatforms.bankNo | typeof bankBranches.bankNo) =>
  and(eq(dictItems.dictCode, DICT_CODES.bankType), eq(dictItems.value, bankNoColumn));

/** Bank platforms the tenants in scope pay through (enterprise users: their session's tenant). */
export async function lookupBankPlatforms(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'bankPlatform'>,
): Promise<Page<LookupRecord<'bankPlatform'>>> {
  const where = and(
    tenantScope(principal, bankPlatforms.tenantId),
    contains(bankPlatforms.platformName, query.platformName),
  );
  return paged(db, query, {
    from: bankPlatforms,
    where,
    key: bankPlatforms.id,
    orderBy: [[bankPlatforms.id, 'asc']],
    rows: (page) =>
      db
        .select({
          id: bankPlatforms.id,
          platformName: bankPlatforms.platformName,
          bankNo: bankPlatforms.bankNo,
          bankNoText: dictItems.title,
          tenantId: bankPlatforms.tenantId,
          ...page.columns,
        })
        .from(bankPlatforms)
        .leftJoin(dictItems, bankNameOn(bankPlatforms.bankNo))
        .where(inArray(bankPlatforms.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => {
      const bankNoText = row.bankNoText ?? row.bankNo;
      return { ...row, bankNoText, value: row.id, label: row.platformName, description: bankNoText };
    },
  });
}

/** Virtual sub-accounts of the enterprises in scope; platformId narrows to one bank platform. */
/**
 * Corporate account numbers as the principal may see them: the platform side in full (they pay
 * from and into them), enterprise users masked unless unmasked by a token.
 */
const accountNoAsSeenBy =
  (principal: Principal, view: LookupView) =>
  (accountNo: string): string =>
    view.unmasked || principal.side !== 'enterprise' ? accountNo : maskAccountNo(accountNo);

export async function lookupVirtualAccounts(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'virtualAccount'>,
  view: LookupView,
): Promise<Page<LookupRecord<'virtualAccount'>>> {
  const accountNo = accountNoAsSeenBy(principal, view);
  const where = and(
    enterpriseScope(principal, virtualAccounts.tenantId, virtualAccounts.enterpriseId),
    contains(virtualAccounts.accountName, query.accountName),
    equalsIfGiven(virtualAccounts.platformId, query.platformId),
  );
  return paged(db, query, {
    from: virtualAccounts,
    where,
    key: virtualAccounts.id,
    orderBy: [[virtualAccounts.id, 'asc']],
    rows: (page) =>
      db
        .select({
          id: virtualAccounts.id,
          accountName: virtualAccounts.accountName,
          accountNo: virtualAccounts.accountNo,
          platformId: virtualAccounts.platformId,
          platformName: bankPlatforms.platformName,
          enterpriseId: virtualAccounts.enterpriseId,
          ...page.columns,
        })
        .from(virtualAccounts)
        .innerJoin(bankPlatforms, eq(bankPlatforms.id, virtualAccounts.platformId))
        .where(inArray(virtualAccounts.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      ...row,
      accountNo: accountNo(row.accountNo),
      value: row.id,
      label: row.accountName,
      description: joinParts(accountNo(row.accountNo), row.platformName),
    }),
  });
}

/** Bank branches by name (public reference data: every session sees the same directory). */
export async function lookupBankBranches(
  db: DbOrTx,
  query: LookupQuery<'bankBranch'>,
): Promise<Page<LookupRecord<'bankBranch'>>> {
  const where = contains(bankBranches.bankBranchName, query.bankBranchName);
  return paged(db, query, {
    from: bankBranches,
    where,
    key: bankBranches.id,
    orderBy: [[bankBranches.id, 'asc']],
    rows: (page) =>
      db
        .select({
          id: bankBranches.id,
          bankBranchName: bankBranches.bankBranchName,
          cnapsCode: bankBranches.cnapsCode,
          bankNo: bankBranches.bankNo,
          bankName: dictItems.title,
          ...page.columns,
        })
        .from(bankBranches)
        .leftJoin(dictItems, bankNameOn(bankBranches.bankNo))
        .where(inArray(bankBranches.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      ...row,
      bankName: row.bankName ?? row.bankNo,
      value: row.id,
      label: row.bankBranchName,
      description: `联行号 ${row.cnapsCode}`,
    }),
  });
}

/** The tenants' own channel accounts, searched by account number. */
export async function lookupChannelAccounts(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'channelAccount'>,
  view: LookupView,
): Promise<Page<LookupRecord<'channelAccount'>>> {
  const accountNo = accountNoAsSeenBy(principal, view);
  const masked = accountNo('0000') !== '0000';
  const where = and(
    tenantScope(principal, channelAccounts.tenantId),
    // a masked number is searched by the digits it shows, or the search would spell out the rest
    masked && query.accountNo
      ? sql`right(${channelAccounts.accountNo}, 4) ilike ${`%${escapeLike(query.accountNo)}%`}`
      : contains(channelAccounts.accountNo, query.accountNo),
  );
  return paged(db, query, {
    from: channelAccounts,
    where,
    key: channelAccounts.id,
    orderBy: [[channelAccounts.id, 'asc']],
    rows: (page) =>
      db
        .select({
          id: channelAccounts.id,
          accountNo: channelAccounts.accountNo,
          accountName: channelAccounts.accountName,
          platformId: channelAccounts.platformId,
          platformName: bankPlatforms.platformName,
          tenantId: channelAccounts.tenantId,
          ...page.columns,
        })
        .from(channelAccounts)
        .innerJoin(bankPlatforms, eq(bankPlatforms.id, channelAccounts.platformId))
        .where(inArray(channelAccounts.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      ...row,
      accountNo: accountNo(row.accountNo),
      value: row.id,
      label: accountNo(row.accountNo),
      description: joinParts(row.accountName, row.platformName),
    }),
  });
}
