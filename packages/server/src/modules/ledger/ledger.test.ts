import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEnterpriseUser, createTenant, useTestApp } from '../../../test/app';
import { insertBankPlatform } from '../../../test/lookups';
import { AppError } from '../../core/errors';
import { virtualAccounts } from '../../db/schema';
import { payBankAccounts, platformAccount, postEntries, postEntry, reverseEntry } from './posting';

const t = useTestApp();
let tenantId: number;
let enterpriseId: number;
let accounts: { enterpriseAccountId: number; bankAccountId: number };
let clearing: number;
let reference = 0;
const nextReference = () => `test-${++reference}`;

/** Every account's cached balance against the sum of its postings, from its normal side. */
async function balancesAgainstPostings() {
  const { rows } = await t.database.executeSql(
    `select a.id, a.balance_fen::bigint as cached, (a.normal_side * coalesce(sum(p.amount_fen), 0))::bigint as derived
     from ledger_accounts a left join ledger_postings p on p.account_id = a.id
     group by a.id order by a.id`,
    [],
  );
  return rows.map((row) => ({ id: Number(row.id), cached: Number(row.cached), derived: Number(row.derived) }));
}

const balanceOf = async (accountId: number) =>
  Number(
    (await t.database.executeSql('select balance_fen from ledger_accounts where id = $1', [accountId])).rows[0]
      .balance_fen,
  );

const topUp = (amountFen: number, ref = nextReference()) =>
  postEntry(t.services.ctx.scopes, {
    tenantId,
    enterpriseId,
    entryType: 'topUp',
    reference: ref,
    lines: [
      { accountId: accounts.bankAccountId, amountFen },
      { accountId: accounts.enterpriseAccountId, amountFen: -amountFen },
    ],
  });

/** the enterprise pays `amountFen` into the platform's clearing account */
const pay = (amountFen: number, ref = nextReference()) =>
  postEntry(t.services.ctx.scopes, {
    tenantId,
    enterpriseId,
    entryType: 'settlementPay',
    reference: ref,
    lines: [
      { accountId: accounts.enterpriseAccountId, amountFen },
      { accountId: clearing, amountFen: -amountFen },
    ],
  });

beforeAll(async () => {
  tenantId = await createTenant(t.database);
  enterpriseId = (await createEnterpriseUser(t.database, { tenantIds: [tenantId] })).enterpriseIds[0];
  const platformId = await insertBankPlatform(t.database, tenantId, '招商银行CBS直连');
  const [account] = await t.database.db
    .insert(virtualAccounts)
    .values({ tenantId, enterpriseId, platformId, accountName: '测试企业', accountNo: '7310000099' })
    .returning({ id: virtualAccounts.id });
  await t.services.ctx.scopes.withSystem('test: opening the ledger accounts', async () => {
    accounts = await payBankAccounts(t.services.ctx.scopes, {
      tenantId,
      enterpriseId,
      virtualAccountId: account.id,
      name: '测试企业',
    });
    clearing = await platformAccount(t.services.ctx.scopes, tenantId, 'clearing');
  });
});

describe('posting', () => {
  it('books a balanced entry and keeps every cached balance equal to the sum of its postings', async () => {
    await topUp(10_000);
    await pay(2_500);
    expect(await balanceOf(accounts.enterpriseAccountId)).toBe(7_500);
    expect(await balanceOf(accounts.bankAccountId)).toBe(10_000);
    expect(await balanceOf(clearing)).toBe(2_500);
    for (const row of await balancesAgainstPostings()) expect(row.cached).toBe(row.derived);
  });

  it('books an entry of the same type and reference once', async () => {
    const ref = nextReference();
    const before = await balanceOf(accounts.enterpriseAccountId);
    const first = await topUp(1_000, ref);
    const again = await topUp(1_000, ref);
    expect(first.created).toBe(true);
    expect(again).toEqual({ entryId: first.entryId, created: false });
    expect(await balanceOf(accounts.enterpriseAccountId)).toBe(before + 1_000);
  });

  it('refuses lines that do not balance, zero or fractional amounts, before writing anything', async () => {
    const scopes = t.services.ctx.scopes;
    const base = { tenantId, enterpriseId, entryType: 'topUp' as const, reference: nextReference() };
    await expect(
      postEntry(scopes, {
        ...base,
        lines: [
          { accountId: accounts.bankAccountId, amountFen: 5 },
          { accountId: accounts.enterpriseAccountId, amountFen: -4 },
        ],
      }),
    ).rejects.toThrow(/does not balance/);
    await expect(
      postEntry(scopes, {
        ...base,
        lines: [
          { accountId: accounts.bankAccountId, amountFen: 0.5 },
          { accountId: accounts.enterpriseAccountId, amountFen: -0.5 },
        ],
      }),
    ).rejects.toThrow(/integer/);
    await expect(
      postEntry(scopes, { ...base, lines: [{ accountId: accounts.bankAccountId, amountFen: 1 }] }),
    ).rejects.toThrow(/two postings/);
    const { rows } = await t.database.executeSql('select count(*)::int as n from ledger_entries where reference = $1', [
      base.reference,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses a debit past the balance with 当前余额不足，请充值 and books nothing', async () => {
    const before = await balanceOf(accounts.enterpriseAccountId);
    const refused = await pay(before + 1).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe('当前余额不足，请充值');
    expect(await balanceOf(accounts.enterpriseAccountId)).toBe(before);
  });

  it('posts a batch in order, each entry at the balance the ones before it left, once per reference', async () => {
    const scopes = t.services.ctx.scopes;
    const entry = (amountFen: number, ref: string) => ({
      tenantId,
      enterpriseId,
      entryType: 'settlementPay' as const,
      reference: ref,
      lines: [
        { accountId: accounts.enterpriseAccountId, amountFen },
        { accountId: clearing, amountFen: -amountFen },
      ],
    });
    await topUp(3_000);
    const before = await balanceOf(accounts.enterpriseAccountId);
    const earlier = await pay(100);
    const [a, b] = [nextReference(), nextReference()];
    const posted = await postEntries(scopes, [
      entry(1_000, a),
      entry(1_000, a),
      entry(500, b),
      entry(100, `test-${reference - 2}`),
    ]);
    expect(posted.map((one) => one.created)).toEqual([true, false, true, false]);
    expect(posted[1].entryId).toBe(posted[0].entryId);
    expect(posted[3].entryId).toBe(earlier.entryId);
    expect(await balanceOf(accounts.enterpriseAccountId)).toBe(before - 100 - 1_500);
    // a batch one of whose entries would take an account below zero books none of them
    const left = await balanceOf(accounts.enterpriseAccountId);
    const refused = await postEntries(scopes, [entry(1, nextReference()), entry(left, nextReference())]).catch(
      (e: unknown) => e,
    );
    expect((refused as AppError).message).toBe('当前余额不足，请充值');
    expect(await balanceOf(accounts.enterpriseAccountId)).toBe(left);
    for (const row of await balancesAgainstPostings()) expect(row.cached).toBe(row.derived);
  });

  it('corrects an entry by a new reversing entry, once', async () => {
    const before = await balanceOf(accounts.enterpriseAccountId);
    const paid = await pay(100);
    const reversed = await reverseEntry(t.services.ctx.scopes, { tenantId, entryId: paid.entryId, memo: '付款冲正' });
    const again = await reverseEntry(t.services.ctx.scopes, { tenantId, entryId: paid.entryId, memo: '付款冲正' });
    expect(reversed.created).toBe(true);
    expect(again.created).toBe(false);
    expect(await balanceOf(accounts.enterpriseAccountId)).toBe(before);
  });
});

describe('the database guards the journal', () => {
  it('refuses UPDATE and DELETE of posted entries and postings', async () => {
    await topUp(50);
    for (const statement of [
      'update ledger_postings set amount_fen = amount_fen * 2',
      'delete from ledger_postings',
      `update ledger_entries set memo = 'changed'`,
      'delete from ledger_entries',
      'truncate ledger_postings cascade',
    ]) {
      await expect(t.database.executeSql(statement, [])).rejects.toThrow(/immutable/);
    }
  });

  it('refuses at commit an entry whose postings do not balance, even written around the posting function', async () => {
    const failure = await t.database.db
      .transaction(async (tx) => {
        const { rows } = await tx.execute(
          sql`insert into ledger_entries (tenant_id, entry_type, reference) values (${tenantId}, 'topUp', ${nextReference()}) returning id`,
        );
        const entryId = Number((rows[0] as { id: number }).id);
        await tx.execute(
          sql`insert into ledger_postings (tenant_id, entry_id, account_id, amount_fen, balance_after_fen)
              values (${tenantId}, ${entryId}, ${accounts.bankAccountId}, 1, 0)`,
        );
      })
      .catch((error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`);
    // drizzle on pg reports the failed COMMIT with the database's words as its cause
    expect(failure).toMatch(/does not balance/);
  });

  it('refuses a negative cached balance', async () => {
    await expect(
      t.database.executeSql('update ledger_accounts set balance_fen = -1 where id = $1', [
        accounts.enterpriseAccountId,
      ]),
    ).rejects.toThrow(/ledger_accounts_not_negative/);
  });
});

describe('no account goes negative under concurrent debits', () => {
  it('lets exactly as many of 50 simultaneous debits through as the balance covers', async () => {
    const spendable = await balanceOf(accounts.enterpriseAccountId);
    await topUp(15_000 - spendable);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => pay(1_000)));
    const done = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(done).toHaveLength(15);
    expect(refused).toHaveLength(35);
    for (const result of refused) expect((result as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
    expect(await balanceOf(accounts.enterpriseAccountId)).toBe(0);
    for (const row of await balancesAgainstPostings()) expect(row.cached).toBe(row.derived);
    const { rows } = await t.database.executeSql(
      'select entry_id, sum(amount_fen)::bigint as total from ledger_postings group by entry_id having sum(amount_fen) <> 0',
      [],
    );
    expect(rows).toEqual([]);
  });
});
