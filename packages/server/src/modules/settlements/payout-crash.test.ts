/**
 * Issue 12's crash test with real processes: the server (main.ts under tsx) runs in a child
 * process on a database of its own (file-based PGlite, or with TEST_DATABASE_URL a fresh
 * PostgreSQL database), the bank simulator in another (`npm run bank-sim`'s main.ts, the server on
 * BANK_GATEWAY=http), so what the bank recorded outlives the server. Two settlements of many lines
 * are made and approved before the server starts; each is paid through the server's API while a
 * test-only crash point (crash-points.ts, PAYOUT_CRASH_AT) is armed:
 *   (a) `before-bank:1`: every payout's yurref is committed, the first is about to go to the bank;
 *   (b) `after-accept:<n>`: the bank has accepted n payouts whose answers the database never got.
 * The test waits for the point (the server says so on stderr and freezes), kills the server with
 * SIGKILL, starts it again without the point, and waits for the reconciler (the dead job's retry,
 * the follow-ups, the minute's reconcile) to settle the settlement. Then, on the stopped
 * server's database and the bank's statement: exactly one transfer per line, nothing refunded,
 * one payout entry per line, every entry balanced, every balance equal to its postings, person
 * payable at zero, the channel account the same in the ledger and at the bank.
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import type { StatementLine } from '../../integrations/bank';
import { HttpBankGateway } from '../../integrations/bank/http-client';
import { prepareServer } from '../../start';
import { encryptPassword, TEST_SERVER_SECRET, TEST_SIGN_SECRET, type TestContext } from '../../../test/app';
import { withDatabase } from '../../../test/global-setup';
import {
  freePort,
  getKeyOver,
  type HttpSession as Session,
  type LoggedProcess,
  sessionHeaders,
  signInOver,
  spawnLogged,
  startServerProcess,
  stopProcess,
  until as untilWith,
} from '../../../test/processes';
import {
  approve,
  createSettlement,
  createSettlementWorld,
  fund,
  PAY_PASSWORD,
  type SettlementWorld,
} from '../../../test/settlements';

/** lines of each settlement (one person, one audited task of 100.00 yuan each) */
const LINES = 300;
const PRICE_FEN = 10_000;
/** the enterprise user's sign-in password (createEnterpriseUser's default) */
const ENTERPRISE_PASSWORD = 'Enterprise@12345';
const adminUrl = process.env.TEST_DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-payout-crash-'));
let databaseName: string | undefined;
let databaseUrl: string | undefined;
let bankBase = '';
let bankProcess: ChildProcess | undefined;
let server: (LoggedProcess & { base: string }) | undefined;
const serverLog = () => server?.log() ?? '';
let world: SettlementWorld;
const settlementIds: number[] = [];

const env = () => ({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  SIGN_SECRET: TEST_SIGN_SECRET,
  SERVER_SECRET: TEST_SERVER_SECRET,
  SEED_DEMO: '0',
  BANK_GATEWAY: 'http',
  BANK_URL: bankBase,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

/** Polls `probe` until it answers; fails with the server's log. */
const until = <T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>) =>
  untilWith(what, timeoutMs, probe, serverLog);

/** The bank simulator as its own process (what `npm run bank-sim` runs), finishing transfers at once. */
async function startBank(): Promise<void> {
  const port = await freePort();
  const bank = spawnLogged('packages/server/src/integrations/bank/main.ts', {
    BANK_SIM_PORT: String(port),
    BANK_SIM_FINISH_DELAY_MS: '0',
    ...(databaseUrl ? { BANK_SIM_DATABASE_URL: databaseUrl } : { BANK_SIM_DATA_DIR: path.join(dataDir, 'bank') }),
  });
  const { child, log } = bank;
  bankProcess = child;
  await until('the bank simulator listens', 60_000, async () => {
    if (child.exitCode !== null) throw new Error(`the bank simulator exited with ${child.exitCode}\n${log()}`);
    return log().includes('bank simulator listening') ? true : undefined;
  });
  bankBase = `http://127.0.0.1:${port}`;
}

/** Starts main.ts in a child process (with `extra` env) and waits until /api/health answers; the base URL. */
async function startServer(extra: Record<string, string> = {}): Promise<string> {
  server = await startServerProcess({ ...env(), ...extra });
  return server.base;
}

const signIn = (base: string) => signInOver(base, 'enterprise', world.phone, ENTERPRISE_PASSWORD);
const getKey = getKeyOver;
const headers = sessionHeaders;

/** Pays the settlement through the server's API: the SMS code from the dev outbox, the password under a fresh key. */
async function payOverHttp(base: string, settlementId: number): Promise<void> {
  const session = await signIn(base);
  const sent = await fetch(`${base}/api/sys/password/sendPhone`, {
    method: 'POST',
    headers: headers(session),
    body: JSON.stringify({ phone: world.phone, settlementId }),
  }).then((r) => r.json());
  if (!sent.success) throw new Error(`sendPhone refused: ${sent.message}`);
  const outbox = await fetch(`${base}/api/dev/sms-outbox?phone=${world.phone}`).then((r) => r.json());
  const code = /(\d{6})/.exec(String(outbox.result[0]?.content))?.[1];
  const { keyId, publicKey } = await getKey(base);
  const paid = await fetch(`${base}/api/sys/order/confirmSettlement`, {
    method: 'POST',
    headers: headers(session),
    body: JSON.stringify({
      id: settlementId,
      bankNo: 'CMB',
      password: encryptPassword(publicKey, PAY_PASSWORD),
      keyId,
      phone: world.phone,
      phoneCode: code,
      type: 1,
    }),
  }).then((r) => r.json());
  if (!paid.success) throw new Error(`confirmSettlement refused: ${paid.message}`);
}

/** The settlement's payStatus as the enterprise sees it (2: 已结算). */
async function payStatusOf(base: string, session: Session, settlementId: number): Promise<number> {
  const answer = await fetch(`${base}/api/sys/order/getSettlementDetail?settlementId=${settlementId}`, {
    headers: headers(session),
  })
    .then((r) => r.json())
    .catch((error: unknown) => {
      throw new Error(
        `the server did not answer (exit ${server?.child.exitCode}): ${error}\n${serverLog().slice(-6000)}`,
      );
    });
  return Number(answer.result.payStatus);
}

/** Runs `work` on the database while no server holds it (PGlite: one process at a time). */
async function withDatabaseOpen<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** LINES persons with verified cards and one audited task each, by SQL (as bench/payouts.ts does). */
async function addTasks(t: TestContext, batch: string): Promise<void> {
  const sql = (text: string, params: unknown[] = []) => t.database.executeSql(text, params);
  if (batch === 'A') {
    await sql(
      `insert into persons (tenant_id, user_sn, name, phone)
       select $1, 'CRASH' || g, '中断发放' || g, '16' || lpad(g::text, 9, '0') from generate_series(1, $2::int) g`,
      [world.tenantId, LINES],
    );
    await sql(
      `insert into person_bank_cards (tenant_id, person_id, account_no, account_name, bank_name, verified, is_default)
       select tenant_id, id, '6222' || lpad(id::text, 15, '0'), name, '中国工商银行', 1, 1
       from persons where tenant_id = $1 and user_sn like 'CRASH%'`,
      [world.tenantId],
    );
  }
  await sql(
    `insert into tasks (tenant_id, enterprise_id, project_id, service_type_id, visit_type_id, task_sn, title,
       start_time, end_time, person_id, status, audit_status, price_fen)
     select p.tenant_id, $2, $3, $4, 'cgfw', 'RWCRASH' || $6 || p.id, '门店拜访', now() - interval '3 days',
       now() + interval '3 days', p.id, 2, 2, $5
     from persons p where p.tenant_id = $1 and p.user_sn like 'CRASH%'`,
    [world.tenantId, world.enterpriseId, world.projectId, world.serviceTypeId, PRICE_FEN, batch],
  );
}

beforeAll(async () => {
  if (adminUrl) {
    databaseName = `fp_paycrash_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName} template ${inject('pgTemplate')}`);
    await admin.end();
    databaseUrl = withDatabase(adminUrl, databaseName);
  }
  await startBank();
  // the world and two approved settlements of LINES lines, made through the app in this process
  // (its bank: the simulator's process), before any server runs
  const config = loadConfig(env());
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const built = await prepareServer(config, database);
    await built.app.ready();
    const t: TestContext = { app: built.app, database, services: built.services, config, modules: built.modules };
    try {
      world = await createSettlementWorld(t, { taxModel: 0 });
      await fund(t, world, ((2 * LINES * PRICE_FEN * 1.1) / 100).toFixed(2));
      for (const batch of ['A', 'B']) {
        await addTasks(t, batch);
        const created = await createSettlement(t, world);
        if (created.statusCode !== 200) throw new Error(`create failed: ${created.body}`);
        const { id } = created.json().result as { id: number };
        const approved = await approve(t, world, id);
        if (approved.statusCode !== 200) throw new Error(`audit failed: ${approved.body}`);
        settlementIds.push(id);
      }
    } finally {
      await built.app.close();
    }
  } finally {
    await database.close();
  }
}, 300_000);

afterAll(async () => {
  await stopProcess(server?.child, 'SIGTERM');
  await stopProcess(bankProcess, 'SIGTERM');
  if (databaseName && adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** Pays the settlement with the crash point armed, kills the server there, restarts it, waits for 已结算. */
async function crashAndRecover(settlementId: number, point: string): Promise<void> {
  // a payment code may be asked for once a minute per user: the previous one is aged past that
  await withDatabaseOpen((database) =>
    database.executeSql(`update sms_codes set created_at = created_at - interval '61 seconds' where user_id = $1`, [
      world.enterpriseUserId,
    ]),
  );
  let base = await startServer({ PAYOUT_CRASH_AT: point });
  await payOverHttp(base, settlementId);
  await until(`the server reaches crash point ${point}`, 120_000, async () =>
    serverLog().includes(`payout crash point ${point} reached`) ? true : undefined,
  );
  await stopProcess(server?.child, 'SIGKILL');
  expect(server?.child.signalCode).toBe('SIGKILL');
  // where it died: every payout's yurref committed and still 'created' in the database; the bank
  // has none of them (a), or has accepted at least the n-th whose answer the database never got (b)
  const instructions = await withDatabaseOpen(
    async (database) =>
      (
        await database.executeSql(
          "select yurref, status from settlement_transfers where settlement_id = $1 and kind = 'P'",
          [settlementId],
        )
      ).rows as Array<{ yurref: string; status: string }>,
  );
  expect(instructions).toHaveLength(LINES);
  expect(instructions.filter((row) => row.status !== 'created')).toEqual([]);
  const debited = new Set((await channelStatement()).map((line) => line.yurref));
  const atBank = instructions.filter((row) => debited.has(row.yurref)).length;
  if (point.startsWith('before-bank')) expect(atBank).toBe(0);
  else expect(atBank).toBeGreaterThanOrEqual(Number(point.split(':')[1]));
  console.info(`payout crash at ${point}: ${atBank} of ${LINES} payouts at the bank, none noted in the database`);

  base = await startServer();
  const restartedAt = Date.now();
  const session = await signIn(base);
  await until(`settlement ${settlementId} settled after the restart`, 150_000, async () =>
    (await payStatusOf(base, session, settlementId)) === 2 ? true : undefined,
  );
  console.info(`payout crash at ${point}: settled ${Date.now() - restartedAt} ms after the restart`);
  await stopProcess(server?.child, 'SIGTERM');
}

/** Every statement line of the channel account at the bank. */
async function channelStatement(): Promise<StatementLine[]> {
  const bank = new HttpBankGateway(bankBase, 10_000);
  const lines: StatementLine[] = [];
  for (;;) {
    const page = await bank.statement({
      accountNo: world.channelAccountNo,
      afterSeq: lines.at(-1)?.seq ?? 0,
      limit: 1000,
    });
    lines.push(...page);
    if (page.length < 1000) return lines;
  }
}

it('a kill -9 after the yurrefs are committed and before the bank call, and after the bank accepted and before the database commit: the reconciler ends with exactly one transfer per line and a balanced ledger', async () => {
  await crashAndRecover(settlementIds[0], 'before-bank:1');
  await crashAndRecover(settlementIds[1], `after-accept:${LINES / 2}`);

  const statement = await channelStatement();
  const bankBalance = await new HttpBankGateway(bankBase, 10_000).balance(world.channelAccountNo);
  await withDatabaseOpen(async (database) => {
    const rows = async (text: string, params: unknown[] = []) => (await database.executeSql(text, params)).rows;
    for (const settlementId of settlementIds) {
      const [settlement] = await rows('select pay_status from settlements where id = $1', [settlementId]);
      expect(Number(settlement.pay_status)).toBe(2);
      // one instruction per line, successful, paid
      const lines = (await rows(
        `select l.id, l.pay_status, l.received_fen, count(t.id)::int as instructions,
           count(t.id) filter (where t.status = 'success')::int as succeeded, min(t.yurref) as yurref
         from settlement_lines l left join settlement_transfers t on t.line_id = l.id and t.kind = 'P'
         where l.settlement_id = $1 group by l.id`,
        [settlementId],
      )) as Array<{
        id: number;
        pay_status: number;
        received_fen: number;
        instructions: number;
        succeeded: number;
        yurref: string;
      }>;
      expect(lines).toHaveLength(LINES);
      expect(lines.filter((line) => Number(line.pay_status) !== 1)).toEqual([]);
      expect(lines.filter((line) => line.instructions !== 1 || line.succeeded !== 1)).toEqual([]);
      // at the bank: exactly one debit of the channel account per line's yurref, of its amount, none refunded
      const byYurref = new Map<string, StatementLine[]>();
      for (const line of statement)
        if (line.yurref) byYurref.set(line.yurref, [...(byYurref.get(line.yurref) ?? []), line]);
      for (const line of lines) {
        const atBank = byYurref.get(line.yurref) ?? [];
        expect(atBank.map((one) => [one.kind, one.amountFen])).toEqual([['transferOut', Number(line.received_fen)]]);
      }
      // one payout entry per line
      const [entries] = await rows(
        `select count(*)::int as n, count(distinct reference)::int as refs from ledger_entries
         where entry_type = 'payout' and reference in (select yurref from settlement_transfers where settlement_id = $1 and kind = 'P')`,
        [settlementId],
      );
      expect(entries).toEqual({ n: LINES, refs: LINES });
    }
    // the channel account's statement holds the two payments in and the payouts out, nothing else
    expect(statement.filter((line) => line.kind === 'refund')).toEqual([]);
    expect(statement.filter((line) => line.kind === 'transferOut')).toHaveLength(2 * LINES);
    // the ledger: every entry balances, every balance is its postings, person payable back at 0,
    // the channel account equal in the ledger and at the bank
    expect(await rows('select entry_id from ledger_postings group by entry_id having sum(amount_fen) <> 0')).toEqual(
      [],
    );
    expect(
      await rows(
        `select a.id from ledger_accounts a
         where a.balance_fen <> a.normal_side * (select coalesce(sum(p.amount_fen), 0) from ledger_postings p where p.account_id = a.id)`,
      ),
    ).toEqual([]);
    const [payable] = await rows(
      `select balance_fen from ledger_accounts where tenant_id = $1 and kind = 'personPayable'`,
      [world.tenantId],
    );
    expect(Number(payable.balance_fen)).toBe(0);
    const [channel] = await rows(
      `select balance_fen from ledger_accounts where tenant_id = $1 and code like 'channel:%'`,
      [world.tenantId],
    );
    expect(Number(channel.balance_fen)).toBe(bankBalance);
  });
}, 600_000);
