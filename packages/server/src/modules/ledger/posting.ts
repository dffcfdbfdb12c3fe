import { LEDGER_ACCOUNT_KINDS, type LedgerAccountKind, type LedgerEntryType, MSG } from '@fieldpay/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { fail } from '../../core/errors';
import type { Tx } from '../../db/client';
import type { DbScopes } from '../../db/scope';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../../db/schema';

/** One line of an entry: signed fen on one account, debit positive and credit negative. */
export interface PostingLine {
  accountId: number;
  amountFen: number;
}

export interface EntryInput {
  tenantId: number;
  /** the enterprise concerned, null for the platform's own movements */
  enterpriseId: number | null;
  entryType: LedgerEntryType;
  /** the business event's key, unique per type and tenant: a second post of it books nothing */
  reference: string;
  memo?: string;
  createdBy?: number | null;
  reversesEntryId?: number | null;
  /** when it happened (a deposit: when the bank booked it); now by default */
  postedAt?: Date;
  lines: PostingLine[];
}

export interface PostedEntry {
  entryId: number;
  /** false when the entry of this type and reference was posted before (nothing booked now) */
  created: boolean;
}

const WHY = "ledger: an entry may touch the platform's own accounts beside the enterprise's";

/**
 * THE posting function: every money movement of the ledger goes through it (decision 0018).
 * In the caller's transaction it checks the lines (integers, none zero, at least two, summing to
 * zero), locks the accounts in id order (so two entries never wait on each other in a circle),
 * refuses with 当前余额不足，请充值 when any account would go below zero, and writes the entry,
 * its postings and the accounts' cached balances. An entry of the same type and reference posted
 * before (or a moment ago by a concurrent request) is answered as it is, booking nothing again.
 * Nothing is written before every check has passed. The database checks the balance again when the
 * transaction commits, and refuses any change to a posted entry.
 */
export async function postEntry(scopes: DbScopes, input: EntryInput): Promise<PostedEntry> {
  const [posted] = await postEntries(scopes, [input]);
  return posted;
}

/** The checks every entry passes before anything is written (see postEntry). */
function checkEntry(input: EntryInput): void {
  if (input.lines.length < 2) throw new RangeError('an entry has at least two postings');
  let total = 0;
  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.amountFen) || line.amountFen === 0) {
      throw new RangeError(`a posting is a non-zero integer of fen, got ${line.amountFen}`);
    }
    total += line.amountFen;
  }
  if (total !== 0) throw new RangeError(`entry ${input.entryType}:${input.reference} does not balance (${total} fen)`);
  if (!input.reference || input.reference.length > 64)
    throw new RangeError('an entry needs a reference of 1 to 64 characters');
}

const entryKey = (entry: { tenantId: number; entryType: string; reference: string }) =>
  `${entry.tenantId}\u0000${entry.entryType}\u0000${entry.reference}`;

/**
 * postEntry for several entries in one transaction (the payout runner books a batch of payouts
 * at once): the same checks and locks, the entries applied in the order given, each seeing the
 * balances the ones before it left; a balance below zero anywhere refuses them all. An entry
 * posted before (or twice in `inputs`) is answered as it is, booking nothing again. The accounts
 * are locked once and written once, so the entries cost a few statements, not a few each.
 */
export async function postEntries(scopes: DbScopes, inputs: readonly EntryInput[]): Promise<PostedEntry[]> {
  for (const input of inputs) checkEntry(input);
  if (inputs.length === 0) return [];

  return scopes.withSystem(WHY, async (tx) => {
    const accountIds = [...new Set(inputs.flatMap((input) => input.lines.map((line) => line.accountId)))].sort(
      (a, b) => a - b,
    );
    const accounts = await tx
      .select()
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, accountIds))
      .orderBy(asc(ledgerAccounts.id))
      .for('update');
    const byId = new Map(accounts.map((account) => [account.id, account]));
    for (const input of inputs) {
      if (input.lines.some((line) => byId.get(line.accountId)?.tenantId !== input.tenantId)) {
        throw new RangeError(
          `entry ${input.entryType}:${input.reference} names an account outside tenant ${input.tenantId}`,
        );
      }
    }
    const earlier = new Map((await existingEntries(tx, inputs)).map((entry) => [entryKey(entry), entry.id]));

    /** the postings of the entries to write, each at the balance the entries before it left */
    const plan = (writing: readonly EntryInput[]) => {
      const balances = new Map(accounts.map((account) => [account.id, account.balanceFen]));
      const postings = writing.map((input) => {
        const lines = input.lines.map((line) => {
          const account = byId.get(line.accountId) as (typeof accounts)[number];
          const balanceAfterFen = (balances.get(account.id) as number) + account.normalSide * line.amountFen;
          balances.set(account.id, balanceAfterFen);
          return { line, account, balanceAfterFen };
        });
        // each entry leaves every account it touches at zero or above, as if posted alone
        if (input.lines.some((line) => (balances.get(line.accountId) as number) < 0))
          throw fail.rule(MSG.insufficientBalance);
        return lines;
      });
      return { postings, balances };
    };
    const seen = new Set<string>();
    const fresh = inputs.filter((input) => {
      const key = entryKey(input);
      if (earlier.has(key) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    // nothing is written before every entry has passed
    plan(fresh);
    const inserted =
      fresh.length === 0
        ? []
        : await tx
            .insert(ledgerEntries)
            .values(
              fresh.map((input) => ({
                tenantId: input.tenantId,
                enterpriseId: input.enterpriseId,
                entryType: input.entryType,
                reference: input.reference,
                memo: (input.memo ?? '').slice(0, 200),
                createdBy: input.createdBy ?? null,
                reversesEntryId: input.reversesEntryId ?? null,
                ...(input.postedAt ? { postedAt: input.postedAt } : {}),
              })),
            )
            .onConflictDoNothing({ target: [ledgerEntries.tenantId, ledgerEntries.entryType, ledgerEntries.reference] })
            .returning({
              id: ledgerEntries.id,
              tenantId: ledgerEntries.tenantId,
              entryType: ledgerEntries.entryType,
              reference: ledgerEntries.reference,
            });
    const created = new Map(inserted.map((entry) => [entryKey(entry), entry.id]));
    // an entry of the same reference posted a moment ago by a concurrent request is not booked again
    const written = fresh.filter((input) => created.has(entryKey(input)));
    if (written.length < fresh.length) {
      for (const entry of await existingEntries(tx, fresh))
        if (!created.has(entryKey(entry))) earlier.set(entryKey(entry), entry.id);
    }
    const { postings, balances } = plan(written);
    if (written.length > 0) {
      await tx.insert(ledgerPostings).values(
        written.flatMap((input, index) =>
          postings[index].map(({ line, account, balanceAfterFen }) => ({
            tenantId: input.tenantId,
            enterpriseId: account.enterpriseId,
            entryId: created.get(entryKey(input)) as number,
            accountId: line.accountId,
            amountFen: line.amountFen,
            balanceAfterFen,
          })),
        ),
      );
      await Promise.all(
        accounts
          .filter((account) => balances.get(account.id) !== account.balanceFen)
          .map((account) =>
            tx
              .update(ledgerAccounts)
              .set({ balanceFen: balances.get(account.id) as number })
              .where(eq(ledgerAccounts.id, account.id)),
          ),
      );
    }
    return inputs.map((input) => {
      const key = entryKey(input);
      const id = created.get(key);
      // the first of two same entries in one call is the one created
      if (id !== undefined && written.find((entry) => entryKey(entry) === key) === input)
        return { entryId: id, created: true };
      return { entryId: (id ?? earlier.get(key)) as number, created: false };
    });
  });
}

/** The entries of these types and references already posted. */
const existingEntries = (tx: Tx, inputs: readonly EntryInput[]) =>
  tx
    .select({
      id: ledgerEntries.id,
      tenantId: ledgerEntries.tenantId,
      entryType: ledgerEntries.entryType,
      reference: ledgerEntries.reference,
    })
    .from(ledgerEntries)
    .where(
      and(
        inArray(ledgerEntries.tenantId, [...new Set(inputs.map((input) => input.tenantId))]),
        inArray(ledgerEntries.entryType, [...new Set(inputs.map((input) => input.entryType))]),
        inArray(ledgerEntries.reference, [...new Set(inputs.map((input) => input.reference))]),
      ),
    )
    .then((rows) => {
      const wanted = new Set(inputs.map(entryKey));
      return rows.filter((row) => wanted.has(entryKey(row)));
    });

export interface AccountSpec {
  tenantId: number;
  enterpriseId: number | null;
  kind: LedgerAccountKind;
  code: string;
  name: string;
  virtualAccountId?: number | null;
}

/** The account of this code, opened at a zero balance when it is missing. */
export async function ensureAccount(scopes: DbScopes, spec: AccountSpec): Promise<number> {
  return scopes.withSystem('ledger: opening an account of the tenant', async (tx) => {
    await tx
      .insert(ledgerAccounts)
      .values({
        tenantId: spec.tenantId,
        enterpriseId: spec.enterpriseId,
        kind: spec.kind,
        code: spec.code,
        name: spec.name.slice(0, 100),
        normalSide: LEDGER_ACCOUNT_KINDS[spec.kind].normalSide,
        virtualAccountId: spec.virtualAccountId ?? null,
      })
      .onConflictDoNothing({ target: [ledgerAccounts.tenantId, ledgerAccounts.code] });
    const [row] = await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.tenantId, spec.tenantId), eq(ledgerAccounts.code, spec.code)));
    return row.id;
  });
}

/** The two accounts of an enterprise's paying bank: what the platform owes it, and the money at the bank. */
export async function payBankAccounts(
  scopes: DbScopes,
  payBank: { tenantId: number; enterpriseId: number; virtualAccountId: number; name: string },
): Promise<{ enterpriseAccountId: number; bankAccountId: number }> {
  const common = {
    tenantId: payBank.tenantId,
    enterpriseId: payBank.enterpriseId,
    virtualAccountId: payBank.virtualAccountId,
  };
  return {
    enterpriseAccountId: await ensureAccount(scopes, {
      ...common,
      kind: 'enterprise',
      code: `enterprise:${payBank.virtualAccountId}`,
      name: `${payBank.name}（企业账户）`,
    }),
    bankAccountId: await ensureAccount(scopes, {
      ...common,
      kind: 'bank',
      code: `bank:${payBank.virtualAccountId}`,
      name: `${payBank.name}（银行存款）`,
    }),
  };
}

/** The platform's own accounts of a tenant (clearing, fee income, tax payable, person payable). */
export async function platformAccount(
  scopes: DbScopes,
  tenantId: number,
  kind: Exclude<LedgerAccountKind, 'enterprise' | 'bank'>,
): Promise<number> {
  return ensureAccount(scopes, {
    tenantId,
    enterpriseId: null,
    kind,
    code: kind,
    name: LEDGER_ACCOUNT_KINDS[kind].name,
  });
}

/**
 * Corrects a posted entry the only way the ledger allows: a new entry of the opposite postings
 * (type correction, reference the entry's id), itself posted once however often it is asked for.
 */
export async function reverseEntry(
  scopes: DbScopes,
  input: { tenantId: number; entryId: number; memo: string; createdBy?: number | null },
): Promise<PostedEntry> {
  const original = await scopes.withSystem('ledger: reading the entry a correction reverses', async (tx) => {
    const [entry] = await tx
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, input.tenantId), eq(ledgerEntries.id, input.entryId)));
    const postings = entry
      ? await tx
          .select()
          .from(ledgerPostings)
          .where(eq(ledgerPostings.entryId, entry.id))
          .orderBy(asc(ledgerPostings.id))
      : [];
    return entry ? { entry, postings } : null;
  });
  if (!original) throw fail.notFound();
  return postEntry(scopes, {
    tenantId: input.tenantId,
    enterpriseId: original.entry.enterpriseId,
    entryType: 'correction',
    reference: `entry:${original.entry.id}`,
    memo: input.memo,
    createdBy: input.createdBy,
    reversesEntryId: original.entry.id,
    lines: original.postings.map((posting) => ({ accountId: posting.accountId, amountFen: -posting.amountFen })),
  });
}
