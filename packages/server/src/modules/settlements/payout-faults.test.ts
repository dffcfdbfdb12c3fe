/**
 * Issue 12's bank-faults test over a real line: the simulator serves HTTP (http-server.ts, as
 * `npm run bank-sim` does) and the app talks to it through HttpBankGateway with a short answer
 * timeout, so the faults are the line's own: requests cut before the bank records them, answers cut
 * after it did, answers slower than the client waits (the bank goes on with the request after the
 * client gave up, while the runner asks by yurref and may send it again), the bank's own failures,
 * and two runners sending the same yurrefs ("exists"). Over 1,000 payouts: no line paid twice, every
 * line final or awaiting reconciliation, and after reconciliation one transfer per paid line and a
 * balanced ledger (test/payouts.ts). exactly-once.test.ts runs the same with the bank in process.
 */
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { expectPayoutsExactlyOnce, payOutUnderFaults } from '../../../test/payouts';
import {
  addWorker,
  approve,
  createSettlement,
  createSettlementWorld,
  fund,
  type SettlementWorld,
} from '../../../test/settlements';
import { buildBankSimServer } from '../../integrations/bank/http-server';
import { openSimStore, type SimSql } from '../../integrations/bank/sim-store';
import { BankSimulator } from '../../integrations/bank/simulator';

/** the gateway's answer timeout: slow answers below wait longer */
const TIMEOUT_MS = 1_000;

const port = await new Promise<number>((resolve, reject) => {
  const probe = createServer();
  probe.once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
  });
});

const t = useTestApp({
  bank: {
    mode: 'http',
    url: `http://127.0.0.1:${port}`,
    timeoutMs: TIMEOUT_MS,
    finishDelayMs: 0,
    databaseUrl: undefined,
  },
});
let world: SettlementWorld;
let sim: SimSql;
let simServer: FastifyInstance;

beforeAll(async () => {
  // the bank's process, here on its own in-memory books
  sim = await openSimStore({});
  simServer = buildBankSimServer(new BankSimulator(sim, { finishDelayMs: 0 }));
  await simServer.listen({ port, host: '127.0.0.1' });
  world = await createSettlementWorld(t, { taxModel: 0 });
  await fund(t, world, '20000.00');
});

afterAll(async () => {
  // the gateway's kept-alive connections would hold the close for a minute
  simServer?.server.closeAllConnections();
  await simServer?.close();
  await sim?.close();
});

it('bank faults over HTTP across 1,000 payouts: no duplicate transfer, every line final or awaiting reconciliation, the ledger balanced', async () => {
  const started = Date.now();
  for (let index = 0; index < 1000; index++) await addWorker(t, world, { priceFen: 1_000 });
  const created = (await createSettlement(t, world)).json().result as { id: number };
  expect((await approve(t, world, created.id)).statusCode).toBe(200);
  const made = Date.now();
  const tally = await payOutUnderFaults(t, world, created.id, {
    timeoutBeforeAcceptRate: 0.1,
    timeoutAfterAcceptRate: 0.1,
    failureRate: 0.05,
    slowAnswerMs: TIMEOUT_MS + 500,
    slowAnswerRate: 0.02,
  });
  const { paid, failed } = await expectPayoutsExactlyOnce(t, world, created.id, 1000);
  console.info(
    `1,000 payouts under bank faults (over HTTP): made in ${made - started} ms, paid out and checked in ${Date.now() - made} ms; ${tally.rounds} faulty rounds, ${tally.accepted} accepted, ${tally.exists} "exists", ${tally.timeouts} timeouts; ${paid} paid, ${failed} failed`,
  );
  expect(tally.exists).toBeGreaterThan(0);
  expect(tally.timeouts).toBeGreaterThan(0);
  expect(failed).toBeGreaterThan(0);
}, 240_000);
