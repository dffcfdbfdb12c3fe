import path from 'node:path';
import type { SimulatedBank } from './gateway';
import { HttpBankGateway } from './http-client';
import { openSimStore, type SimSql } from './sim-store';
import { BankSimulator } from './simulator';

export * from './gateway';
export { makeYurref, yurrefPrefix } from './yurref';

export interface BankConfig {
  /** `inprocess` (default): the simulator inside the server; `http`: the simulator's own process at `url` */
  mode: 'inprocess' | 'http';
  url: string;
  /** the HTTP client's answer timeout */
  timeoutMs: number;
  /** in process: how long an accepted transfer takes to finish */
  finishDelayMs: number;
  /** in process: where the bank keeps its books (PostgreSQL: schema bank_sim; unset: PGlite under dataDir) */
  databaseUrl: string | undefined;
  /** in process on PGlite: its data directory; unset keeps the books in memory */
  dataDir: string | undefined;
}

/**
 * The bank the server talks to. In process, the simulator opens its books on first use (a test
 * that never touches money never pays for them) and closes them with `close()`.
 */
export class BankConnection {
  private opened: Promise<{ bank: SimulatedBank; sql: SimSql | null }> | undefined;

  constructor(private readonly config: BankConfig) {}

  /** the gateway (and, for tests and the fault console, the simulator's controls) */
  async gateway(): Promise<SimulatedBank> {
    this.opened ??= this.open();
    return (await this.opened).bank;
  }

  private async open(): Promise<{ bank: SimulatedBank; sql: SimSql | null }> {
    if (this.config.mode === 'http')
      return { bank: new HttpBankGateway(this.config.url, this.config.timeoutMs), sql: null };
    const sql = await openSimStore({ databaseUrl: this.config.databaseUrl, dataDir: this.config.dataDir });
    return { bank: new BankSimulator(sql, { finishDelayMs: this.config.finishDelayMs }), sql };
  }

  async close(): Promise<void> {
    if (!this.opened) return;
    const { sql } = await this.opened;
    await sql?.close();
  }
}

/** The in-process bank's data directory under the server's, for PGlite installations. */
export const bankSimDataDir = (serverDataDir: string): string => path.join(serverDataDir, 'bank-sim');
