import {
  DICT_CODES,
  type FinancialAccountFilters,
  fenToYuan,
  type Page,
  type PageQuery,
  type PayBank,
} from '@fieldpay/domain';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { bankPlatforms, dictItems, enterprises, ledgerAccounts, tenants, virtualAccounts } from '../../db/schema';
import { enterpriseScope, equalsIfGiven } from '../../core/tenancy';
import type { Principal } from '../../platform/auth/sessions';
import { contains } from '../../platform/lookups/query';

/**
 * An enterprise's paying banks are its sub-accounts (记账子单元) on the tenant's bank platforms;
 * each has its enterprise account in the ledger, whose balance is the paying bank's accountSum.
 */
const payBankColumns = {
  id: virtualAccounts.id,
  bankNo: bankPlatforms.bankNo,
  bankTitle: dictItems.title,
  platformName: bankPlatforms.platformName,
  bankAccount: virtualAccounts.accountNo,
  accountSn: virtualAccounts.accountSn,
  accountName: virtualAccounts.accountName,
  balanceFen: ledgerAccounts.balanceFen,
  platformId: bankPlatforms.id,
  enterpriseId: virtualAccounts.enterpriseId,
  enterpriseName: enterprises.name,
  tenantId: virtualAccounts.tenantId,
  tenantName: tenants.name,
};

type PayBankRow = {
  id: number;
  bankNo: string;
  bankTitle: string | null;
  platformName: string;
  bankAccount: string;
  accountSn: string | null;
  balanceFen: number | null;
  platformId: number;
  enterpriseId: number;
  enterpriseName: string;
  tenantId: number;
  tenantName: string;
};

const toPayBank = (row: PayBankRow): PayBank => ({
  id: row.id,
  bankNo: row.bankNo,
  bankNo_dictText: row.bankTitle ?? row.bankNo,
  bankName: row.bankTitle ?? row.platformName,
  bankAccount: row.bankAccount,
  accountSn: row.accountSn,
  accountSum: fenToYuan(row.balanceFen ?? 0),
  platformId: row.platformId,
  enterpriseId: row.enterpriseId,
  enterpriseName: row.enterpriseName,
  tenantId: row.tenantId,
  tenantName: row.tenantName,
});

function selectPayBanks(db: DbOrTx) {
  return db
    .select(payBankColumns)
    .from(virtualAccounts)
    .innerJoin(bankPlatforms, eq(bankPlatforms.id, virtualAccounts.platformId))
    .innerJoin(enterprises, eq(enterprises.id, virtualAccounts.enterpriseId))
    .innerJoin(tenants, eq(tenants.id, virtualAccounts.tenantId))
    .leftJoin(dictItems, and(eq(dictItems.dictCode, DICT_CODES.bankType), eq(dictItems.value, bankPlatforms.bankNo)))
    .leftJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.virtualAccountId, virtualAccounts.id), eq(ledgerAccounts.kind, 'enterprise')),
    );
}

/** The viewer's paying banks (enterprise side: its own; platform side: its tenant's, narrowed by enterprise). */
export async function listPayBanks(
  db: DbOrTx,
  principal: Principal,
  filter: { tenantId?: number; enterpriseId?: number },
): Promise<PayBank[]> {
  const rows = await selectPayBanks(db)
    .where(
      and(
        enterpriseScope(principal, virtualAccounts.tenantId, virtualAccounts.enterpriseId, filter.tenantId),
        equalsIfGiven(virtualAccounts.enterpriseId, filter.enterpriseId),
      ),
    )
    .orderBy(virtualAccounts.id);
  return rows.map(toPayBank);
}

/** One paying bank the viewer may see, or undefined. */
export async function payBankOf(db: DbOrTx, principal: Principal, id: number) {
  const [row] = await selectPayBanks(db).where(
    and(enterpriseScope(principal, virtualAccounts.tenantId, virtualAccounts.enterpriseId), eq(virtualAccounts.id, id)),
  );
  return row;
}

/** The financial account page's list: the paying banks with their balances, paged. */
export async function pagePayBanks(
  db: DbOrTx,
  principal: Principal,
  query: PageQuery & FinancialAccountFilters,
): Promise<Page<PayBank>> {
  const byName: SQL | undefined = query.enterpriseName
    ? inArray(
        virtualAccounts.enterpriseId,
        db.select({ id: enterprises.id }).from(enterprises).where(contains(enterprises.name, query.enterpriseName)),
      )
    : undefined;
  const byBank: SQL | undefined = query.bankNo
    ? inArray(
        virtualAccounts.platformId,
        db.select({ id: bankPlatforms.id }).from(bankPlatforms).where(eq(bankPlatforms.bankNo, query.bankNo)),
      )
    : undefined;
  return paged(db, query, {
    from: virtualAccounts,
    where: and(
      enterpriseScope(principal, virtualAccounts.tenantId, virtualAccounts.enterpriseId, query.tenantId),
      byName,
      byBank,
    ),
    key: virtualAccounts.id,
    orderBy: [[virtualAccounts.id, 'asc']],
    rows: (page) =>
      db
        .select({ ...payBankColumns, ...page.columns })
        .from(virtualAccounts)
        .innerJoin(bankPlatforms, eq(bankPlatforms.id, virtualAccounts.platformId))
        .innerJoin(enterprises, eq(enterprises.id, virtualAccounts.enterpriseId))
        .innerJoin(tenants, eq(tenants.id, virtualAccounts.tenantId))
        .leftJoin(
          dictItems,
          and(eq(dictItems.dictCode, DICT_CODES.bankType), eq(dictItems.value, bankPlatforms.bankNo)),
        )
        .leftJoin(
          ledgerAccounts,
          and(eq(ledgerAccounts.virtualAccountId, virtualAccounts.id), eq(ledgerAccounts.kind, 'enterprise')),
        )
        .where(inArray(virtualAccounts.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => toPayBank(row as PayBankRow),
  });
}
