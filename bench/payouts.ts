/**
 * Payout benchmark (issue 12): lines paid out per second through the bank simulator by the
 * settlement module's payout runner (packages/server/src/modules/settlements/payouts.ts), on one
 * settlement with many lines, on PostgreSQL. The settlement is made, approved and paid through the
 * real calls (createSettlementListV2, auditSettlement, sendPhone + confirmSettlement with the
 * transaction password); its persons, cards and audited tasks are written by SQL first. Then the
 * clock runs from the payment (one open instruction: the enterprise's transfer) until no
 * instruction of the settlement is open: the payment reaches the channel account, one payout per
 * line is sent, each is answered by the bank and booked in the ledger (the runner's rounds, as the
 * settlements.payouts job and the reconciler run them). After the run the script asserts exactly
 * once: every line paid by exactly one successful instruction, which the bank holds once and
 * credited once, one payout entry per line in the ledger, every entry balanced, every cached
 * balance equal to its postings, the person payable account back at zero and the channel account's
 * ledger balance equal to the bank's. Target >= 500 lines/s; the figures are printed, never
 * asserted (the exactly-once checks are).
 *   npm run bench:payouts   BENCH_LINES=5000 BENCH_BANK=inprocess|http BENCH_RUNNERS=1
 *                           BENCH_FINISH_DELAY_MS=0
 * BENCH_BANK=http runs the simulator as its own process (npm run bank-sim, port 8863) so every bank
 * call crosses HTTP; inprocess (default) keeps it in the server. BENCH_RUNNERS runs that many
 * runners at once (as several job workers would). BENCH_FINISH_DELAY_MS is how long the bank takes
 * to finish an accepted transfer (0: at its next call, as the tests have it). The run creates a
 * database bench_settle_pay_<random> and drops it. BENCH_DATABASE_URL names the server.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { fromPostgres, openDatabase } from '../packages/server/src/db/client';
import { runPayouts } from '../packages/server/src/modules/settlements/payouts';
import { MODULES } from '../packages/server/src/modules';
import { applyReferenceData } from '../packages/server/src/seed/reference';
import { TEST_SERVER_SECRET, TEST_SIGN_SECRET, type TestContext } from '../packages/server/test/app';
import { approve, createSettlement, createSettlementWorld, fund, pay } from '../packages/server/test/settlements';
import { type Child, startChild, stopChild } from './support';

const LINES = Number(process.env.BENCH_LINES ?? 5000);
const BANK = (process.env.BENCH_BANK ?? 'inprocess') as 'inprocess' | 'http';
const RUNNERS = Number(process.env.BENCH_RUNNERS ?? 1);
const FINISH_DELAY_MS = Number(process.env.BENCH_FINISH_DELAY_MS ?? 0);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BANK_PORT = 8863;
const TARGET_LINES_PER_SECOND = 500;
/** each person's one task: 100.00 yuan */
const PRICE_FEN = 10_000;

const ok = (good: boolean) => (good ? 'OK' : 'MISSED');

function check(good: boolean, what: string): void {
  if (!good) throw new Error(`exactly once broken: ${what}`);
  console.log(`  ✓ ${what}`);
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = `bench_settle_pay_${crypto.randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-bench-payouts-'));
  let bankChild: Child | undefined;
  let context: TestContext | undefined;
  try {
    const setupStarted = Date.now();
    const migrating = await openDatabase({ databaseUrl, dataDir: '' });
    await migrating.migrate();
    await applyReferenceData(migrating.db, MODULES);
    await migrating.close();
    if (BANK === 'http') {
      bankChild = await startChild('payouts-bank.ts', [String(BANK_PORT)], {
        BANK_SIM_DATABASE_URL: databaseUrl,
        BANK_SIM_FINISH_DELAY_MS: String(FINISH_DELAY_MS),
      });
    }
    const config = {
      ...loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SIGN_SECRET: TEST_SIGN_SECRET,
        SERVER_SECRET: TEST_SERVER_SECRET,
        DATABASE_URL: databaseUrl,
        BANK_GATEWAY: BANK,
        BANK_URL: `http://127.0.0.1:${BANK_PORT}`,
      }),
      dataDir,
    };
    config.bank.finishDelayMs = FINISH_DELAY_MS;
    const database = fromPostgres(databaseUrl);
    const built = await buildApp(config, database);
    await built.app.ready();
    const t: TestContext = { app: built.app, database, services: built.services, config, modules: built.modules };
    context = t;
    const world = await createSettlementWorld(t, { taxModel: 0 });
    const bank = await t.services.bank.gateway();
    // the world's helper makes transfers finish at the bank's next call; the bench's delay wins
    await bank.setFinishDelay(FINISH_DELAY_MS);
    // the persons, their verified cards and one audited task each, in three statements
    const sql = (text: string, params: unknown[] = []) => t.database.executeSql(text, params);
    await sql(
      `insert into persons (tenant_id, user_sn, name, phone)
       select $1, 'BPAY' || g, '发放压测' || g, '16' || lpad(g::text, 9, '0') from generate_series(1, $2::int) g`,
      [world.tenantId, LINES],
    );
    await sql(
      `insert into person_bank_cards (tenant_id, person_id, account_no, account_name, bank_name, verified, is_default)
       select tenant_id, id, '6222' || lpad(id::text, 15, '0'), name, '中国工商银行', 1, 1
       from persons where tenant_id = $1 and user_sn like 'BPAY%'`,
      [world.tenantId],
    );
    await sql(
      `insert into tasks (tenant_id, enterprise_id, project_id, service_type_id, visit_type_id, task_sn, title,
         start_time, end_time, person_id, status, audit_status, price_fen)
       select p.tenant_id, $2, $3, $4, 'cgfw', 'RWPAY' || p.id, '门店拜访', now() - interval '3 days',
         now() + interval '3 days', p.id, 2, 2, $5
       from persons p where p.tenant_id = $1 and p.user_sn like 'BPAY%'`,
      [world.tenantId, world.enterpriseId, world.projectId, world.serviceTypeId, PRICE_FEN],
    );
    await fund(t, world, ((LINES * PRICE_FEN * 2) / 100).toFixed(2));
    const created = await createSettlement(t, world);
    if (created.statusCode !== 200) throw new Error(`create failed: ${created.body}`);
    const settlement = created.json().result as { id: number; amount: string };
    const approved = await approve(t, world, settlement.id);
    if (approved.statusCode !== 200) throw new Error(`audit failed: ${approved.body}`);
    const paid = await pay(t, world, settlement.id);
    if (paid.statusCode !== 200) throw new Error(`pay failed: ${paid.body}`);
    const [{ lines }] = (
      await sql('select count(*)::int as lines from settlement_lines where settlement_id = $1 and is_success = 1', [
        settlement.id,
      ])
    ).rows as Array<{ lines: number }>;
    if (lines !== LINES) throw new Error(`the settlement has ${lines} payable lines, not ${LINES}`);
    console.log(
      `database ${name}: settlement ${settlement.id} of ${lines} lines (${settlement.amount} yuan) made, approved and paid in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

    // the clock: from the paid settlement to nothing open
    const open = async () =>
      Number(
        (
          await sql(
            "select count(*)::int as n from settlement_transfers where settlement_id = $1 and status in ('created', 'processing')",
            [settlement.id],
          )
        ).rows[0].n,
      );
    // the time spent in the bank's calls (the simulator's own work, and the HTTP line in http mode),
    // summed over the calls, and the wall time while at least one call was in flight (the rest of
    // the run is the runner's own database work: reading the open instructions, applying answers)
    const METHODS = ['transfer', 'queryTransfer', 'transferBatch', 'queryTransfers'] as const;
    const inBank = Object.fromEntries(METHODS.map((method) => [method, { ms: 0, calls: 0, items: 0 }])) as Record<
      (typeof METHODS)[number],
      { ms: number; calls: number; items: number }
    >;
    const wall = { inFlight: 0, since: 0, ms: 0 };
    for (const method of METHODS) {
      if (typeof (bank as unknown as Record<string, unknown>)[method] !== 'function') continue;
      const call = (bank as unknown as Record<string, (arg: unknown) => Promise<unknown>>)[method].bind(bank);
      (bank as unknown as Record<string, unknown>)[method] = async (arg: unknown) => {
        const at = performance.now();
        if (wall.inFlight++ === 0) wall.since = at;
        try {
          return await call(arg);
        } finally {
          const end = performance.now();
          if (--wall.inFlight === 0) wall.ms += end - wall.since;
          inBank[method].ms += end - at;
          inBank[method].calls++;
          inBank[method].items += Array.isArray(arg) ? arg.length : 1;
        }
      };
    }
    let rounds = 0;
    const started = performance.now();
    const runner = async () => {
      for (;;) {
        const round = await runPayouts(t.services, { settlementId: settlement.id });
        rounds++;
        if (round.open === 0) return;
        // a bank that finishes later: wait for it rather than asking in a tight loop
        if (round.finished === 0 && FINISH_DELAY_MS > 0) await new Promise((r) => setTimeout(r, FINISH_DELAY_MS / 4));
      }
    };
    await Promise.all(Array.from({ length: RUNNERS }, runner));
    const seconds = (performance.now() - started) / 1000;
    if ((await open()) !== 0) throw new Error('instructions left open');
    const rate = lines / seconds;

    console.log(
      `\nPayouts through the bank simulator (${BANK === 'http' ? 'its own process, over HTTP' : 'in process'}, finish delay ${FINISH_DELAY_MS} ms), ${RUNNERS} runner${RUNNERS > 1 ? 's' : ''}, PostgreSQL`,
    );
    console.log(
      `  ${lines} lines paid out in ${seconds.toFixed(2)} s: ${rate.toFixed(0)} lines/s (target >= ${TARGET_LINES_PER_SECOND}) ${ok(rate >= TARGET_LINES_PER_SECOND)}; ${rounds} runner rounds`,
    );
    const calls = (name: string, spent: { ms: number; calls: number; items: number }) =>
      `${spent.calls} ${name} (${spent.items} instructions) took ${(spent.ms / 1000).toFixed(2)} s (${(spent.ms / Math.max(1, spent.calls)).toFixed(1)} ms each)`;
    console.log("  bank calls, summed over the runner's lanes:");
    for (const method of METHODS) if (inBank[method].calls > 0) console.log(`    ${calls(method, inBank[method])}`);
    console.log(
      `  wall time with a bank call in flight: ${(wall.ms / 1000).toFixed(2)} s of ${seconds.toFixed(2)} s; the rest (the runner's database work) ${(seconds - wall.ms / 1000).toFixed(2)} s; load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    console.log('\nExactly once:');
    const one = async <R>(text: string, params: unknown[] = []) => (await sql(text, params)).rows[0] as R;
    const perLine = await one<{ lines: number; once: number; attempts: number }>(
      `select count(*)::int as lines, count(*) filter (where s.n = 1)::int as once, coalesce(sum(s.attempts), 0)::int as attempts
       from settlement_lines l
       cross join lateral (select count(*) filter (where t.status = 'success')::int as n, count(*)::int as attempts
         from settlement_transfers t where t.line_id = l.id and t.kind = 'P') s
       where l.settlement_id = $1`,
      [settlement.id],
    );
    check(
      perLine.lines === LINES && perLine.once === LINES,
      `${perLine.once} of ${perLine.lines} lines have exactly one successful payout instruction (${perLine.attempts} instructions)`,
    );
    const linesPaid = await one<{ n: number }>(
      'select count(*)::int as n from settlement_lines where settlement_id = $1 and pay_status = 1',
      [settlement.id],
    );
    check(linesPaid.n === LINES, `${linesPaid.n} lines marked paid`);
    const state = await one<{ pay_status: number }>('select pay_status from settlements where id = $1', [
      settlement.id,
    ]);
    check(state.pay_status === 2, 'the settlement is 已结算 (payStatus 2)');
    const atBank = await one<{ n: number; distinct_refs: number; fen: string; credited: number; expected_fen: string }>(
      `select count(*)::int as n, count(distinct b.yurref)::int as distinct_refs, coalesce(sum(b.amount_fen), 0) as fen,
         (select count(*)::int from bank_sim.statement_lines sl
          where sl.kind = 'transferIn' and sl.yurref in (select yurref from settlement_transfers
            where settlement_id = $1 and kind = 'P')) as credited,
         (select sum(received_fen) from settlement_lines where settlement_id = $1) as expected_fen
       from bank_sim.transfers b
       where b.status = 'success' and b.yurref in (select yurref from settlement_transfers where settlement_id = $1 and kind = 'P')`,
      [settlement.id],
    );
    check(
      atBank.n === LINES && atBank.distinct_refs === LINES && Number(atBank.fen) === Number(atBank.expected_fen),
      `the bank holds ${atBank.n} successful payouts, one per yurref, ${atBank.fen} fen (the lines' ${atBank.expected_fen})`,
    );
    const debits = await one<{ n: number }>(
      `select count(*)::int as n from bank_sim.statement_lines sl
       where sl.kind = 'transferOut' and sl.yurref in (select yurref from settlement_transfers where settlement_id = $1)`,
      [settlement.id],
    );
    check(debits.n === LINES + 1, `the bank debited ${debits.n} times (the payment and one per line)`);
    const entries = await one<{ n: number; distinct_refs: number }>(
      `select count(*)::int as n, count(distinct reference)::int as distinct_refs from ledger_entries
       where entry_type = 'payout' and reference in (select yurref from settlement_transfers where settlement_id = $1 and kind = 'P')`,
      [settlement.id],
    );
    check(
      entries.n === LINES && entries.distinct_refs === LINES,
      `${entries.n} payout entries in the ledger, one per line`,
    );
    const unbalanced = await one<{ n: number }>(
      'select count(*)::int as n from (select entry_id from ledger_postings group by entry_id having sum(amount_fen) <> 0) x',
    );
    const allEntries = await one<{ n: number }>('select count(*)::int as n from ledger_entries');
    check(unbalanced.n === 0, `every one of the ledger's ${allEntries.n} entries balances`);
    const drifted = await one<{ n: number }>(
      `select count(*)::int as n from ledger_accounts a
       where a.balance_fen <> a.normal_side * (select coalesce(sum(p.amount_fen), 0) from ledger_postings p where p.account_id = a.id)`,
    );
    check(drifted.n === 0, 'every account balance equals its postings');
    const payable = await one<{ balance_fen: string }>(
      `select balance_fen from ledger_accounts where tenant_id = $1 and kind = 'personPayable'`,
      [world.tenantId],
    );
    check(Number(payable.balance_fen) === 0, 'the person payable account is back at 0');
    const channel = await one<{ ledger: string; bank: string }>(
      `select (select a.balance_fen from ledger_accounts a where a.tenant_id = $1 and a.code like 'channel:%') as ledger,
         (select balance_fen from bank_sim.accounts where account_no = $2) as bank`,
      [world.tenantId, world.channelAccountNo],
    );
    check(
      Number(channel.ledger) === Number(channel.bank),
      `the channel account: ${channel.ledger} fen in the ledger, ${channel.bank} fen at the bank`,
    );
  } finally {
    await context?.app.close();
    await context?.database.close();
    if (bankChild) await stopChild(bankChild);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
