/**
 * The simulated bank as its own process: `npm run bank-sim` (BANK_SIM_PORT, default 8090;
 * BANK_SIM_DATABASE_URL for PostgreSQL, else PGlite under BANK_SIM_DATA_DIR, default ./data/bank-sim;
 * BANK_SIM_FINISH_DELAY_MS). Point the server at it with BANK_GATEWAY=http BANK_URL=http://host:port.
 */
import path from 'node:path';
import { buildBankSimServer } from './http-server';
import { openSimStore } from './sim-store';
import { BankSimulator } from './simulator';

const port = Number(process.env.BANK_SIM_PORT ?? 8090);
const sql = await openSimStore({
  databaseUrl: process.env.BANK_SIM_DATABASE_URL || undefined,
  dataDir: path.resolve(process.env.BANK_SIM_DATA_DIR ?? './data/bank-sim'),
});
const bank = new BankSimulator(sql, { finishDelayMs: Number(process.env.BANK_SIM_FINISH_DELAY_MS ?? 2000) });
const server = buildBankSimServer(bank);
await server.listen({ port, host: process.env.BANK_SIM_HOST ?? '127.0.0.1' });
console.log(`bank simulator listening on ${port}`);
const stop = async () => {
  await server.close();
  await sql.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
