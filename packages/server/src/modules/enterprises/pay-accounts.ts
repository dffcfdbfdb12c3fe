/**
 * 开通付款账户 (decision 0047): a sub-account (记账子单元) of the platform's own account at a CMB or SCP
 * bank system, through which the enterprise tops up and pays. The enterprise row is locked first, so
 * two opens for one enterprise and system make one account; the sub-unit code is the system's once
 * (the index catches two enterprises racing for it). The bank learns of the account at its first
 * deposit (openAccount is idempotent); the ledger makes its accounts at the first posting.
 */
import { type BankSystem, opensSubAccounts, PAY_ACCOUNT_MSG, type PayAccountOpenInput } from '@fieldpay/domain';
import { and, asc, eq } from 'drizzle-orm';
import { fail } from '../../core/errors';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { bankPlatforms, channelAccounts, virtualAccounts } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import { tenantBankSystems } from './bank-cards';
import { enterpriseInScope } from './service';

const ACCOUNT_NO_MAX = 32;

/** The tenant's sub-account systems on which the enterprise has no 付款账户 yet. */
async function openableSystems(db: DbOrTx, owner: { tenantId: number; enterpriseId: number }): Promise<BankSystem[]> {
  const [systems, held] = await Promise.all([
    tenantBankSystems(db, owner.tenantId),
    db
      .select({ platformId: virtualAccounts.platformId })
      .from(virtualAccounts)
      .where(and(eq(virtualAccounts.tenantId, owner.tenantId), eq(virtualAccounts.enterpriseId, owner.enterpriseId))),
  ]);
  const open = new Set(held.map((row) => row.platformId));
  return systems.filter((system) => opensSubAccounts(system.bankNo) && !open.has(system.platformId));
}

/** GET payAccount/systems: where the viewer may open the enterprise a 付款账户. */
export async function listPayAccountSystems(
  db: DbOrTx,
  principal: Principal,
  input: { tenantId: number; enterpriseId: number },
): Promise<BankSystem[]> {
  const enterprise = await enterpriseInScope(db, principal, input.enterpriseId, input.tenantId);
  return openableSystems(db, { tenantId: enterprise.tenantId, enterpriseId: enterprise.id });
}

/**
 * POST payAccount/open: the sub-account named by its code, numbered as the bank numbers it (the
 * platform's account on that system followed by the code), in the enterprise's name.
 */
export async function openPayAccount(
  db: DbOrTx,
  principal: Principal,
  input: PayAccountOpenInput,
  actor: AuditActor,
): Promise<{ id: number; bankAccount: string }> {
  const enterprise = await enterpriseInScope(db, principal, input.enterpriseId, input.tenantId, { lock: true });
  const owner = { tenantId: enterprise.tenantId, enterpriseId: enterprise.id };
  const [system] = await db
    .select({ id: bankPlatforms.id, bankNo: bankPlatforms.bankNo })
    .from(bankPlatforms)
    .where(and(eq(bankPlatforms.tenantId, owner.tenantId), eq(bankPlatforms.id, input.platformId)));
  if (!system || !opensSubAccounts(system.bankNo)) throw fail.validation(PAY_ACCOUNT_MSG.systemUnavailable);
  const [existing] = await db
    .select({ id: virtualAccounts.id })
    .from(virtualAccounts)
    .where(
      and(
        eq(virtualAccounts.tenantId, owner.tenantId),
        eq(virtualAccounts.enterpriseId, owner.enterpriseId),
        eq(virtualAccounts.platformId, system.id),
      ),
    );
  if (existing) throw fail.conflict(PAY_ACCOUNT_MSG.alreadyOpen);
  const { accountSn } = input;
  const [taken] = await db
    .select({ id: virtualAccounts.id })
    .from(virtualAccounts)
    .where(
      and(
        eq(virtualAccounts.tenantId, owner.tenantId),
        eq(virtualAccounts.platformId, system.id),
        eq(virtualAccounts.accountSn, accountSn),
      ),
    );
  if (taken) throw fail.conflict(PAY_ACCOUNT_MSG.codeTaken);
  const [channel] = await db
    .select({ accountNo: channelAccounts.accountNo })
    .from(channelAccounts)
    .where(and(eq(channelAccounts.tenantId, owner.tenantId), eq(channelAccounts.platformId, system.id)))
    .orderBy(asc(channelAccounts.id))
    .limit(1);
  const bankAccount = channel ? `${channel.accountNo}${accountSn}` : '';
  if (!bankAccount || bankAccount.length > ACCOUNT_NO_MAX) throw fail.rule(PAY_ACCOUNT_MSG.noChannelAccount);
  let created: { id: number };
  try {
    [created] = await db
      .insert(virtualAccounts)
      .values({ ...owner, platformId: system.id, accountName: enterprise.name, accountNo: bankAccount, accountSn })
      .returning({ id: virtualAccounts.id });
  } catch (error) {
    // another enterprise took the code between the check and the insert
    if (isUniqueViolation(error)) throw fail.conflict(PAY_ACCOUNT_MSG.codeTaken);
    throw error;
  }
  await writeAudit(db, actor, {
    action: 'enterprise.payAccount.open',
    targetType: 'enterprise',
    targetId: enterprise.id,
    after: { virtualAccountId: created.id, platformId: system.id, accountSn, bankAccount },
  });
  return { id: created.id, bankAccount };
}
