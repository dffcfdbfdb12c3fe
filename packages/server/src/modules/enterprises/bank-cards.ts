/**
 * 企业结算银行卡 (decision 0037): an enterprise's own accounts bound to its platform's card-based bank
 * systems. Every change locks the enterprise row first, so the count of 20 and the one-number-once
 * rule hold under concurrent requests; every change is audited with the card as it was.
 */
import {
  BANK_CARD_MSG,
  type BankCardAddInput,
  type BankCardEditInput,
  type BankSystem,
  bindsBankCards,
  DICT_CODES,
  ENTERPRISE_BANK_CARDS_MAX,
  type EnterpriseBankCard,
  maskAccountNo,
  maskPhone,
} from '@fieldpay/domain';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { fail } from '../../core/errors';
import type { DbOrTx } from '../../db/client';
import { bankBranches, bankPlatforms, dictItems, enterpriseBankCards } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import { enterpriseInScope, tellPlatformOfOwnChange } from './service';

interface Owner {
  tenantId: number;
  enterpriseId: number;
}

const ofOwner = (owner: Owner) =>
  and(eq(enterpriseBankCards.tenantId, owner.tenantId), eq(enterpriseBankCards.enterpriseId, owner.enterpriseId));

/** Every bank system of a tenant, with its bank's title, oldest first. */
export async function tenantBankSystems(db: DbOrTx, tenantId: number): Promise<BankSystem[]> {
  const rows = await db
    .select({
      platformId: bankPlatforms.id,
      platformName: bankPlatforms.platformName,
      bankNo: bankPlatforms.bankNo,
      bankTitle: dictItems.title,
    })
    .from(bankPlatforms)
    .leftJoin(dictItems, and(eq(dictItems.dictCode, DICT_CODES.bankType), eq(dictItems.value, bankPlatforms.bankNo)))
    .where(eq(bankPlatforms.tenantId, tenantId))
    .orderBy(asc(bankPlatforms.id));
  return rows.map((row) => ({
    platformId: row.platformId,
    platformName: row.platformName,
    bankNo: row.bankNo,
    bankNo_dictText: row.bankTitle ?? row.bankNo,
  }));
}

/** The bank systems of the enterprise's tenant that cards are bound to (spec 3 §6: not CMB, not SCP). */
export async function bankSystemsOf(db: DbOrTx, tenantId: number): Promise<BankSystem[]> {
  return (await tenantBankSystems(db, tenantId)).filter((system) => bindsBankCards(system.bankNo));
}

/** The bank systems the viewer may bind the enterprise's cards to. */
export async function listBankSystems(db: DbOrTx, principal: Principal, input: Owner): Promise<BankSystem[]> {
  const enterprise = await enterpriseInScope(db, principal, input.enterpriseId, input.tenantId);
  return bankSystemsOf(db, enterprise.tenantId);
}

/** The enterprise's cards, oldest first; account numbers and reserved phones masked unless `unmasked`. */
export async function listBankCards(
  db: DbOrTx,
  principal: Principal,
  input: Owner,
  unmasked: boolean,
  actor: AuditActor,
): Promise<EnterpriseBankCard[]> {
  const enterprise = await enterpriseInScope(db, principal, input.enterpriseId, input.tenantId);
  if (unmasked) {
    await writeAudit(db, actor, {
      action: 'enterprise.bankCard.unmask',
      targetType: 'enterprise',
      targetId: enterprise.id,
    });
  }
  const [rows, systems] = await Promise.all([
    db
      .select()
      .from(enterpriseBankCards)
      .where(ofOwner({ tenantId: enterprise.tenantId, enterpriseId: enterprise.id }))
      .orderBy(asc(enterpriseBankCards.id)),
    db
      .select({ platformId: bankPlatforms.id, platformName: bankPlatforms.platformName })
      .from(bankPlatforms)
      .where(eq(bankPlatforms.tenantId, enterprise.tenantId)),
  ]);
  const shown = (value: string, mask: (value: string) => string) => (unmasked ? value : mask(value));
  return rows.map((row) => ({
    id: row.id,
    tenantId: row.tenantId,
    enterpriseId: row.enterpriseId,
    bankDepositId: row.bankDepositId,
    bankDeposit: row.bankDeposit,
    bankDepositAddress: row.bankDepositAddress,
    bankAccount: shown(row.bankAccount, maskAccountNo),
    bankUserName: row.bankUserName,
    bankReservedPhone: shown(row.bankReservedPhone, maskPhone),
    platformList: systems.filter((system) => row.platformIds.includes(system.platformId)),
    isEdit: 1,
    createTime: row.createdAt.getTime(),
    updateTime: row.updatedAt.getTime(),
  }));
}

/** What a card's fields become after the checks: the branch's name and the chosen systems, known. */
async function checkedFields(db: DbOrTx, tenantId: number, input: BankCardEditInput | BankCardAddInput) {
  const [branch] = await db
    .select({ name: bankBranches.bankBranchName })
    .from(bankBranches)
    .where(eq(bankBranches.id, input.bankDepositId));
  if (!branch) throw fail.validation(BANK_CARD_MSG.branchUnknown);
  const systems = (await bankSystemsOf(db, tenantId)).map((system) => system.platformId);
  const platformIds = [...new Set(input.platformList)].sort((a, b) => a - b);
  if (platformIds.some((id) => !systems.includes(id))) throw fail.validation(BANK_CARD_MSG.systemUnavailable);
  return {
    bankDepositId: input.bankDepositId,
    bankDeposit: branch.name,
    bankDepositAddress: input.bankDepositAddress,
    bankAccount: input.bankAccount,
    bankUserName: input.bankUserName,
    platformIds,
  };
}

/** Refuses an account number the enterprise already has on another card. */
async function refuseDuplicate(db: DbOrTx, owner: Owner, bankAccount: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: enterpriseBankCards.id })
    .from(enterpriseBankCards)
    .where(
      and(
        ofOwner(owner),
        eq(enterpriseBankCards.bankAccount, bankAccount),
        exceptId === undefined ? undefined : ne(enterpriseBankCards.id, exceptId),
      ),
    );
  if (taken) throw fail.conflict(BANK_CARD_MSG.duplicate);
}

export async function addBankCard(
  db: DbOrTx,
  principal: Principal,
  input: BankCardAddInput,
  actor: AuditActor,
  at = new Date(),
): Promise<{ id: number }> {
  const enterprise = await enterpriseInScope(db, principal, input.enterpriseId, input.tenantId, { lock: true });
  const owner = { tenantId: enterprise.tenantId, enterpriseId: enterprise.id };
  const [held] = await db.select({ n: count() }).from(enterpriseBankCards).where(ofOwner(owner));
  if ((held?.n ?? 0) >= ENTERPRISE_BANK_CARDS_MAX) throw fail.rule(BANK_CARD_MSG.tooMany);
  const fields = await checkedFields(db, owner.tenantId, input);
  await refuseDuplicate(db, owner, fields.bankAccount);
  const [card] = await db
    .insert(enterpriseBankCards)
    .values({ ...owner, ...fields, bankReservedPhone: input.bankReservedPhone, createdAt: at, updatedAt: at })
    .returning({ id: enterpriseBankCards.id });
  await writeAudit(db, actor, {
    action: 'enterprise.bankCard.add',
    targetType: 'enterprise',
    targetId: enterprise.id,
    after: { cardId: card.id, ...fields, bankReservedPhone: input.bankReservedPhone },
  });
  await tellPlatformOfOwnChange(db, principal, enterprise, '新增了结算银行卡');
  return { id: card.id };
}

/** The card of the enterprise (locked with it), or 银行卡不存在. */
async function cardOf(db: DbOrTx, principal: Principal, input: Owner & { id: number }) {
  const enterprise = await enterpriseInScope(db, principal, input.enterpriseId, input.tenantId, { lock: true });
  const owner = { tenantId: enterprise.tenantId, enterpriseId: enterprise.id };
  const [card] = await db
    .select()
    .from(enterpriseBankCards)
    .where(and(ofOwner(owner), eq(enterpriseBankCards.id, input.id)));
  if (!card) throw fail.notFound(BANK_CARD_MSG.notFound);
  return { enterprise, owner, card };
}

export async function editBankCard(
  db: DbOrTx,
  principal: Principal,
  input: BankCardEditInput,
  actor: AuditActor,
): Promise<null> {
  const { enterprise, owner, card } = await cardOf(db, principal, input);
  const fields = await checkedFields(db, owner.tenantId, input);
  await refuseDuplicate(db, owner, fields.bankAccount, card.id);
  await db
    .update(enterpriseBankCards)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(ofOwner(owner), eq(enterpriseBankCards.id, card.id)));
  await writeAudit(db, actor, {
    action: 'enterprise.bankCard.edit',
    targetType: 'enterprise',
    targetId: owner.enterpriseId,
    before: auditedCard(card),
    after: { cardId: card.id, ...fields },
  });
  await tellPlatformOfOwnChange(db, principal, enterprise, '修改了结算银行卡');
  return null;
}

export async function deleteBankCard(
  db: DbOrTx,
  principal: Principal,
  input: Owner & { id: number },
  actor: AuditActor,
): Promise<null> {
  const { enterprise, owner, card } = await cardOf(db, principal, input);
  await db.delete(enterpriseBankCards).where(and(ofOwner(owner), eq(enterpriseBankCards.id, card.id)));
  await writeAudit(db, actor, {
    action: 'enterprise.bankCard.delete',
    targetType: 'enterprise',
    targetId: owner.enterpriseId,
    before: auditedCard(card),
  });
  await tellPlatformOfOwnChange(db, principal, enterprise, '删除了结算银行卡');
  return null;
}

const auditedCard = (card: typeof enterpriseBankCards.$inferSelect) => ({
  cardId: card.id,
  bankDepositId: card.bankDepositId,
  bankDeposit: card.bankDeposit,
  bankDepositAddress: card.bankDepositAddress,
  bankAccount: card.bankAccount,
  bankUserName: card.bankUserName,
  bankReservedPhone: card.bankReservedPhone,
  platformIds: card.platformIds,
});
