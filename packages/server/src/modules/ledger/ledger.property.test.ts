import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEnterpriseUser, createTenant, useTestApp } from '../../../test/app';
import { insertBankPlatform } from '../../../test/lookups';
import { AppError } from '../../core/errors';
import { virtualAccounts } from '../../db/schema';
import { payBankAccounts, platformAccount, postEntry, reverseEntry } from './posting';

/**
 * Random sequences of what the money core does to the ledger (top-ups, payments split into fee,
 * tax and person payable, payouts, returned payouts, corrections, repeats of an earlier event):
 * after each sequence every entry balances, no account is below zero, and every cached balance is
 * the sum of its postings. The settlement issue extends the actions with its own.
 */
const t = useTestApp();
let tenantId: number;
let enterpriseId: number;
let enterprise: number;
let bank: number;
let clearing: number;
let feeIncome: number;
let taxPayable: number;
let personPayable: number;
let run = 0;

type Action =
  | { kind: 'topUp'; fen: number }
  | { kind: 'pay'; fen: number; feePart: number; taxPart: number }
  | { kind: 'payout'; fen: number }
  | { kind: 'payoutReturned'; fen: number }
  | { kind: 'correctLast' }
  | { kind: 'repeatLast' };

const fen = fc.integer({ min: 1, max: 2_000_000 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fen.map((value) => ({ kind: 'topUp' as const, fen: value })),
  fc
    .tuple(fen, fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 20 }))
    .map(([value, feePart, taxPart]) => ({ kind: 'pay' as const, fen: value, feePart, taxPart })),
  fen.map((value) => ({ kind: 'payout' as const, fen: value })),
  fen.map((value) => ({ kind: 'payoutReturned' as const, fen: value })),
  fc.constant({ kind: 'correctLast' as const }),
  fc.constant({ kind: 'repeatLast' as const }),
);

async function invariants() {
  const { rows: unbalanced } = await t.database.executeSql(
    'select entry_id from ledger_postings group by entry_id having sum(amount_fen) <> 0 or count(*) < 2',
    [],
  );
  const { rows: accounts } = await t.database.executeSql(
    `select a.id, a.balance_fen::bigint as cached, (a.normal_side * coalesce(sum(p.amount_fen), 0))::bigint as derived
     from ledger_accounts a left join ledger_postings p on p.account_id = a.id group by a.id`,
    [],
  );
  return {
    unbalanced: unbalanced.length,
    negative: accounts.filter((row) => Number(row.cached) < 0).length,
    drifted: accounts.filter((row) => Number(row.cached) !== Number(row.derived)).length,
  };
}

beforeAll(async () => {
  tenantId = await createTenant(t.database);
  enterpriseId = (await createEnterpriseUser(t.database, { tenantIds: [tenantId] })).enterpriseIds[0];
  const platformId = await insertBankPlatform(t.database, tenantId, '招商银行CBS直连');
  const [account] = await t.database.db
    .insert(virtualAccounts)
    .values({ tenantId, enterpriseId, platformId, accountName: '性质测试企业', accountNo: '7310000777' })
    .returning({ id: virtualAccounts.id });
  const scopes = t.services.ctx.scopes;
  await scopes.withSystem('test: opening the ledger accounts', async () => {
    ({ enterpriseAccountId: enterprise, bankAccountId: bank } = await payBankAccounts(scopes, {
      tenantId,
      enterpriseId,
      virtualAccountId: account.id,
      name: '性质测试企业',
    }));
    clearing = await platformAccount(scopes, tenantId, 'clearing');
    feeIncome = await platformAccount(scopes, tenantId, 'feeIncome');
    taxPayable = await platformAccount(scopes, tenantId, 'taxPayable');
    personPayable = await platformAccount(scopes, tenantId, 'personPayable');
  });
});

describe('ledger properties', () => {
  it('keeps every entry balanced, no account negative and every balance derived, whatever happens', async () => {
    const scopes = t.services.ctx.scopes;
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 15 }), async (actions) => {
        run++;
        type Posted = { entryId: number; repeat: () => Promise<unknown> };
        let last: Posted | null = null;
        for (const [index, step] of actions.entries()) {
          const reference = `p${run}-${index}`;
          const post = (
            entryType: 'topUp' | 'settlementPay' | 'payout' | 'payoutReturned',
            lines: Array<[number, number]>,
          ) => {
            const input = {
              tenantId,
              enterpriseId,
              entryType,
              reference,
              lines: lines.map(([accountId, amountFen]) => ({ accountId, amountFen })),
            };
            return { input, run: () => postEntry(scopes, input) };
          };
          let attempt: { run: () => Promise<{ entryId: number }> } | null = null;
          if (step.kind === 'topUp')
            attempt = post('topUp', [
              [bank, step.fen],
              [enterprise, -step.fen],
            ]);
          if (step.kind === 'pay') {
            const fee = Math.floor((step.fen * step.feePart) / 100);
            const tax = Math.floor((step.fen * step.taxPart) / 100);
            // through the clearing account: the enterprise pays it, it is split to person, fee and tax
            const lines: Array<[number, number]> = [
              [enterprise, step.fen],
              [clearing, -step.fen],
              [clearing, step.fen],
            ];
            if (step.fen - fee - tax > 0) lines.push([personPayable, -(step.fen - fee - tax)]);
            if (fee > 0) lines.push([feeIncome, -fee]);
            if (tax > 0) lines.push([taxPayable, -tax]);
            attempt = post('settlementPay', lines);
          }
          if (step.kind === 'payout')
            attempt = post('payout', [
              [personPayable, step.fen],
              [bank, -step.fen],
            ]);
          if (step.kind === 'payoutReturned') {
            attempt = post('payoutReturned', [
              [bank, step.fen],
              [personPayable, -step.fen],
            ]);
          }
          if (step.kind === 'correctLast' && last) {
            const entryId: number = last.entryId;
            attempt = {
              run: (): Promise<{ entryId: number }> => reverseEntry(scopes, { tenantId, entryId, memo: '冲正' }),
            };
          }
          if (step.kind === 'repeatLast' && last) {
            const previous: Posted = last;
            attempt = {
              run: async (): Promise<{ entryId: number }> => {
                await previous.repeat();
                return { entryId: previous.entryId };
              },
            };
          }
          if (!attempt) continue;
          try {
            const posted: { entryId: number } = await attempt.run();
            const runIt = attempt.run;
            last = { entryId: posted.entryId, repeat: runIt };
          } catch (error) {
            // the only refusal a well-formed entry may meet is a balance that would go negative
            if (!(error instanceof AppError) || error.message !== '当前余额不足，请充值') throw error;
          }
        }
        expect(await invariants()).toEqual({ unbalanced: 0, negative: 0, drifted: 0 });
      }),
      { numRuns: 25, seed: 20251124 },
    );
  });
});
