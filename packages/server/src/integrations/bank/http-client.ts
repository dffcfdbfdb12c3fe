import {
  type AccountInput,
  type BankFaults,
  BankTimeoutError,
  type DepositInput,
  type DepositNotice,
  type SimulatedBank,
  type StatementLine,
  type StatementQuery,
  type TransferAnswer,
  type TransferInstruction,
  type TransferRecord,
} from './gateway';

/**
 * The bank over HTTP (the simulator running as its own process, http-server.ts). No answer within
 * `timeoutMs`, or a connection cut, is a BankTimeoutError: the instruction may have been recorded,
 * and the caller asks again by yurref (sending the same yurref again is safe: "exists").
 */
export class HttpBankGateway implements SimulatedBank {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 5000,
  ) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.baseUrl), {
        method,
        headers: body === undefined ? undefined : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      // aborted by the timeout, refused, or reset: no answer came
      throw new BankTimeoutError(`bank at ${this.baseUrl} gave no answer to ${path}: ${(error as Error).message}`);
    }
    let payload: { ok: boolean; answer?: T; error?: string };
    try {
      payload = (await response.json()) as typeof payload;
    } catch (error) {
      throw new BankTimeoutError(`bank answer to ${path} was cut: ${(error as Error).message}`);
    }
    if (!payload.ok) throw new Error(`bank refused ${path}: ${payload.error ?? response.status}`);
    return payload.answer as T;
  }

  openAccount(account: AccountInput): Promise<void> {
    return this.call('POST', '/bank/accounts', account);
  }

  async balance(accountNo: string): Promise<number | null> {
    const answer = await this.call<{ balanceFen: number | null }>(
      'GET',
      `/bank/accounts/${encodeURIComponent(accountNo)}/balance`,
    );
    return answer.balanceFen;
  }

  transfer(instruction: TransferInstruction): Promise<TransferAnswer> {
    return this.call('POST', '/bank/transfers', instruction);
  }

  async queryTransfer(yurref: string): Promise<TransferRecord | null> {
    const answer = await this.call<{ transfer: TransferRecord | null }>(
      'GET',
      `/bank/transfers/${encodeURIComponent(yurref)}`,
    );
    return answer.transfer;
  }

  /** One request for the batch: lost or late, it is lost whole (BankTimeoutError), as any call. */
  async transferBatch(instructions: readonly TransferInstruction[]): Promise<TransferAnswer[]> {
    if (instructions.length === 0) return [];
    return (await this.call<{ answers: TransferAnswer[] }>('POST', '/bank/transfers/batch', { instructions })).answers;
  }

  async queryTransfers(yurrefs: readonly string[]): Promise<Array<TransferRecord | null>> {
    if (yurrefs.length === 0) return [];
    return (await this.call<{ transfers: Array<TransferRecord | null> }>('POST', '/bank/transfers/query', { yurrefs }))
      .transfers;
  }

  deposit(input: DepositInput): Promise<DepositNotice> {
    return this.call('POST', '/bank/deposits', input);
  }

  async statement(query: StatementQuery): Promise<StatementLine[]> {
    return (await this.call<{ lines: StatementLine[] }>('POST', '/bank/statement', query)).lines;
  }

  async setFaults(faults: Partial<BankFaults>): Promise<void> {
    await this.call('POST', '/sim/faults', faults);
  }

  async setFinishDelay(ms: number): Promise<void> {
    await this.call('POST', '/sim/finish-delay', { ms });
  }

  async closeAccount(accountNo: string): Promise<void> {
    await this.call('POST', `/sim/accounts/${encodeURIComponent(accountNo)}/close`, {});
  }
}
