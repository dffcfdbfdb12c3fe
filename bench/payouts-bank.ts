/**
 * Child process of bench/payouts.ts with BENCH_BANK=http: the bank simulator as its own process
 * (what `npm run bank-sim` starts), on BANK_SIM_DATABASE_URL; prints `{"port":N}` once listening.
 *   node --import tsx bench/payouts-bank.ts PORT
 */
import { buildBankSimServer } from '../packages/server/src/integrations/bank/http-server';
import { openSimStore } from '../packages/server/src/integrations/bank/sim-store';
import { BankSimulator } from '../packages/server/src/integrations/bank/simulator';

const port = Number(process.argv[2]);
const sql = await openSimStore({ databaseUrl: process.env.BANK_SIM_DATABASE_URL, dataDir: undefined });
const bank = new BankSimulator(sql, { finishDelayMs: Number(process.env.BANK_SIM_FINISH_DELAY_MS ?? 0) });
const server = buildBankSimServer(bank);
await server.listen({ port, host: '127.0.0.1' });
console.log(JSON.stringify({ port }));
process.on('SIGTERM', async () => {
  await server.close();
  await sql.close();
  process.exit(0);
});
