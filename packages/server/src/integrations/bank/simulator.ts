import {
  type AccountInput,
  BANK_FAILURE,
  type BankFaults,
  BankTimeoutError,
  type DepositInput,
  type DepositNotice,
  NO_FAULTS,
  type SimulatedBank,
  type StatementLine,
  type StatementQuery,
  type TransferAnswer,
  type TransferInstruction,
  type TransferRecord,
  type TransferStatus,
  YURREF_PATTERN,
} from './gateway';
import type { SimSql } from './sim-store';

export interface SimulatorOptions {
  /** how long an accepted transfer takes to finish (default 2 s) */
  finishDelayMs?: number;
  faults?: Partial<BankFaults>;
  /** seeds the stream the fault rates are drawn from, so a run can be repeated */
  seed?: number;
  /** the bank's clock (epoch ms) */
  now?: () => number;
}

/** mulberry32: a small seeded stream of numbers in [0, 1) */
function seededStream(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface TransferRow {
  yurref: string;
  bank_ref: string;
  payer_account_no: string;
  payee_account_no: string;
  payee_name: string;
  amount_fen: string | number;
  purpose: string;
  status: TransferStatus;
  outcome: TransferStatus;
  failure_reason: string | null;
  debited: boolean;
  accepted_at: Date | string;
  finish_at: Date | string;
  finished_at: Date | string | null;
}

interface AccountRow {
  account_no: string;
  account_name: string;
  status: 'open' | 'closed';
  balance_fen: string | number;
}

interface LineRow {
  seq: string | number;
  bank_ref: string;
  account_no: string;
  kind: StatementLine['kind'];
  direction: 'C' | 'D';
  amount_fen: string | number;
  balance_fen: string | number;
  counterparty_account_no: string;
  counterparty_name: string;
  yurref: string | null;
  remark: string;
  booked_at: Date | string;
}

const millis = (value: Date | string): number => new Date(value).getTime();

const toTransfer = (row: TransferRow): TransferRecord => ({
  yurref: row.yurref,
  bankRef: row.bank_ref,
  payerAccountNo: row.payer_account_no,
  payeeAccountNo: row.payee_account_no,
  payeeName: row.payee_name,
  amountFen: Number(row.amount_fen),
  purpose: row.purpose,
  status: row.status,
  failureReason: row.status === 'failed' ? row.failure_reason : null,
  acceptedAt: millis(row.accepted_at),
  finishedAt: row.finished_at === null ? null : millis(row.finished_at),
});

const toLine = (row: LineRow): StatementLine => ({
  seq: Number(row.seq),
  bankRef: row.bank_ref,
  accountNo: row.account_no,
  kind: row.kind,
  direction: row.direction,
  amountFen: Number(row.amount_fen),
  balanceFen: Number(row.balance_fen),
  counterpartyAccountNo: row.counterparty_account_no,
  counterpartyName: row.counterparty_name,
  yurref: row.yurref,
  remark: row.remark,
  bookedAt: millis(row.booked_at),
});

const validAmount = (fen: number) => Number.isSafeInteger(fen) && fen > 0;

/**
 * The built-in bank: accounts with balances, transfers by yurref that finish after a delay,
 * deposits and statements, all kept in its own tables (sim-store.ts) so a restart of either side
 * loses nothing. A transfer's result is decided when it is accepted (payee closed or named
 * otherwise, payer short of money, a drawn bank failure) and shows once its finish time has come:
 * every call first books the transfers that are due, so results arrive without anyone asking for
 * them in particular, as a bank's batch run would.
 */
export class BankSimulator implements SimulatedBank {
  private faults: BankFaults;
  private finishDelayMs: number;
  private readonly draw: () => number;
  private readonly now: () => number;

  constructor(
    private readonly sql: SimSql,
    options: SimulatorOptions = {},
  ) {
    this.faults = { ...NO_FAULTS, ...options.faults };
    this.finishDelayMs = options.finishDelayMs ?? 2000;
    this.draw = seededStream(options.seed ?? 20251124);
    this.now = options.now ?? Date.now;
  }

  async setFaults(faults: Partial<BankFaults>): Promise<void> {
    this.faults = { ...this.faults, ...faults };
  }

  async setFinishDelay(ms: number): Promise<void> {
    this.finishDelayMs = ms;
  }

  /** the faults in force (the HTTP server applies the slow answer and the lost answer itself) */
  currentFaults(): BankFaults {
    return { ...this.faults };
  }

  /** Draws whether a fault of this rate happens now. */
  happens(rate: number): boolean {
    return rate > 0 && this.draw() < rate;
  }

  async openAccount(account: AccountInput): Promise<void> {
    await this.sql.query(
      `insert into bank_sim.accounts (account_no, account_name) values ($1, $2) on conflict (account_no) do nothing`,
      [account.accountNo, account.accountName],
    );
  }

  async closeAccount(accountNo: string): Promise<void> {
    await this.sql.query(`update bank_sim.accounts set status = 'closed' where account_no = $1`, [accountNo]);
  }

  async balance(accountNo: string): Promise<number | null> {
    await this.finishDue();
    const [row] = await this.sql.query<AccountRow>(`select * from bank_sim.accounts where account_no = $1`, [
      accountNo,
    ]);
    return row ? Number(row.balance_fen) : null;
  }

  /**
   * In process, the line's faults are drawn here: the request lost, a slow answer (in process there
   * is no client timeout: it only comes late, after answers to later requests), or the answer lost
   * after acceptance. Over HTTP the server draws them and calls `accept`.
   */
  async transfer(instruction: TransferInstruction): Promise<TransferAnswer> {
    if (this.happens(this.faults.timeoutBeforeAcceptRate)) throw new BankTimeoutError();
    if (this.faults.slowAnswerMs > 0 && this.happens(this.faults.slowAnswerRate))
      await new Promise((resolve) => setTimeout(resolve, this.faults.slowAnswerMs));
    const answer = await this.accept(instruction);
    if (answer.outcome === 'accepted' && this.happens(this.faults.timeoutAfterAcceptRate)) {
      throw new BankTimeoutError();
    }
    return answer;
  }

  /** The bank's side of an instruction, without the line between: records it once per yurref. */
  async accept(instruction: TransferInstruction): Promise<TransferAnswer> {
    if (!YURREF_PATTERN.test(instruction.yurref)) return { outcome: 'rejected', reason: BANK_FAILURE.badYurref };
    if (!validAmount(instruction.amountFen)) return { outcome: 'rejected', reason: BANK_FAILURE.badAmount };
    await this.finishDue();
    return this.sql.transaction(async (tx) => {
      const [existing] = await tx.query<TransferRow>(`select * from bank_sim.transfers where yurref = $1`, [
        instruction.yurref,
      ]);
      if (existing) return { outcome: 'exists', transfer: toTransfer(existing) } as const;
      const [payee] = await tx.query<AccountRow>(`select * from bank_sim.accounts where account_no = $1`, [
        instruction.payeeAccountNo,
      ]);
      const [bankRef] = await tx.query<{ ref: string }>(
        `select 'T' || lpad(nextval('bank_sim.refs')::text, 15, '0') as ref`,
      );
      // the payer's row is locked last (its balance decides), so the transfers of one paying account
      // wait for each other over as few statements as can be; a yurref sent twice at once is caught
      // by the insert below
      const [payer] = await tx.query<AccountRow>(`select * from bank_sim.accounts where account_no = $1 for update`, [
        instruction.payerAccountNo,
      ]);
      if (!payer) return { outcome: 'rejected', reason: BANK_FAILURE.unknownPayer } as const;
      if (payer.status === 'closed') return { outcome: 'rejected', reason: BANK_FAILURE.payerClosed } as const;
      let failure: string | null = null;
      if (payee && payee.status === 'closed') failure = BANK_FAILURE.closedAccount;
      else if (payee && payee.account_name !== instruction.payeeName) failure = BANK_FAILURE.wrongName;
      else if (Number(payer.balance_fen) < instruction.amountFen) failure = BANK_FAILURE.insufficientFunds;
      else if (this.happens(this.faults.failureRate)) failure = BANK_FAILURE.bankBusy;
      // money leaves the payer when the bank accepts; a transfer that then fails is refunded
      const debited = Number(payer.balance_fen) >= instruction.amountFen;
      const now = this.now();
      const [inserted] = await tx.query<TransferRow>(
        `insert into bank_sim.transfers (yurref, bank_ref, payer_account_no, payee_account_no, payee_name, amount_fen,
           purpose, status, outcome, failure_reason, debited, accepted_at, finish_at)
         values ($1, $2, $3, $4, $5, $6, $7, 'processing', $8, $9, $10, $11, $12)
         on conflict (yurref) do nothing
         returning *`,
        [
          instruction.yurref,
          bankRef.ref,
          instruction.payerAccountNo,
          instruction.payeeAccountNo,
          instruction.payeeName,
          instruction.amountFen,
          instruction.purpose,
          failure ? 'failed' : 'success',
          failure,
          debited,
          new Date(now),
          new Date(now + this.finishDelayMs),
        ],
      );
      if (!inserted) {
        // the same yurref accepted a moment ago by a concurrent call
        const [first] = await tx.query<TransferRow>(`select * from bank_sim.transfers where yurref = $1`, [
          instruction.yurref,
        ]);
        return { outcome: 'exists', transfer: toTransfer(first) } as const;
      }
      if (debited) {
        await this.book(tx, {
          bankRef: bankRef.ref,
          accountNo: instruction.payerAccountNo,
          kind: 'transferOut',
          amountFen: instruction.amountFen,
          counterpartyAccountNo: instruction.payeeAccountNo,
          counterpartyName: instruction.payeeName,
          yurref: instruction.yurref,
          remark: instruction.purpose,
          at: now,
        });
      }
      return { outcome: 'accepted', transfer: toTransfer(inserted) } as const;
    });
  }

  async queryTransfer(yurref: string): Promise<TransferRecord | null> {
    if (!YURREF_PATTERN.test(yurref)) return null;
    await this.finishDue();
    const [row] = await this.sql.query<TransferRow>(`select * from bank_sim.transfers where yurref = $1`, [yurref]);
    return row ? toTransfer(row) : null;
  }

  async deposit(input: DepositInput): Promise<DepositNotice> {
    if (!validAmount(input.amountFen)) throw new RangeError(BANK_FAILURE.badAmount);
    const now = this.now();
    return this.sql.transaction(async (tx) => {
      const [account] = await tx.query<AccountRow>(`select * from bank_sim.accounts where account_no = $1`, [
        input.accountNo,
      ]);
      if (!account || account.status === 'closed')
        throw new RangeError(`${input.accountNo}: ${BANK_FAILURE.closedAccount}`);
      const [bankRef] = await tx.query<{ ref: string }>(
        `select 'D' || lpad(nextval('bank_sim.refs')::text, 15, '0') as ref`,
      );
      await this.book(tx, {
        bankRef: bankRef.ref,
        accountNo: input.accountNo,
        kind: 'deposit',
        amountFen: input.amountFen,
        counterpartyAccountNo: input.payerAccountNo,
        counterpartyName: input.payerName,
        yurref: null,
        remark: input.remark,
        at: now,
      });
      return {
        bankRef: bankRef.ref,
        accountNo: input.accountNo,
        amountFen: input.amountFen,
        payerName: input.payerName,
        payerAccountNo: input.payerAccountNo,
        remark: input.remark,
        bookedAt: now,
      };
    });
  }

  async statement(query: StatementQuery): Promise<StatementLine[]> {
    await this.finishDue();
    const rows = await this.sql.query<LineRow>(
      `select * from bank_sim.statement_lines where account_no = $1 and seq > $2 order by seq limit $3`,
      [query.accountNo, query.afterSeq ?? 0, Math.min(Math.max(query.limit ?? 200, 1), 1000)],
    );
    return rows.map(toLine);
  }

  /** Books the transfers whose finish time has come: credits the payee's account or refunds the payer. */
  async finishDue(): Promise<number> {
    const now = this.now();
    return this.sql.transaction(async (tx) => {
      const due = await tx.query<TransferRow>(
        `update bank_sim.transfers set status = outcome, finished_at = finish_at
         where yurref in (select yurref from bank_sim.transfers
                          where status = 'processing' and finish_at <= $1
                          order by finish_at limit 500 for update skip locked)
         returning *`,
        [new Date(now)],
      );
      for (const row of due) {
        const at = millis(row.finish_at);
        if (row.outcome === 'success') {
          const [payee] = await tx.query<AccountRow>(
            `select * from bank_sim.accounts where account_no = $1 and status = 'open'`,
            [row.payee_account_no],
          );
          if (payee) {
            await this.book(tx, {
              bankRef: row.bank_ref,
              accountNo: row.payee_account_no,
              kind: 'transferIn',
              amountFen: Number(row.amount_fen),
              counterpartyAccountNo: row.payer_account_no,
              counterpartyName: await this.nameOf(tx, row.payer_account_no),
              yurref: row.yurref,
              remark: row.purpose,
              at,
            });
          }
        } else if (row.debited) {
          await this.book(tx, {
            bankRef: row.bank_ref,
            accountNo: row.payer_account_no,
            kind: 'refund',
            amountFen: Number(row.amount_fen),
            counterpartyAccountNo: row.payee_account_no,
            counterpartyName: row.payee_name,
            yurref: row.yurref,
            remark: `退回：${row.failure_reason ?? ''}`,
            at,
          });
        }
      }
      return due.length;
    });
  }

  private async nameOf(tx: SimSql, accountNo: string): Promise<string> {
    const [row] = await tx.query<AccountRow>(`select account_name from bank_sim.accounts where account_no = $1`, [
      accountNo,
    ]);
    return row?.account_name ?? '';
  }

  /** One statement line and the account's new balance, in the caller's transaction. */
  private async book(
    tx: SimSql,
    line: {
      bankRef: string;
      accountNo: string;
      kind: StatementLine['kind'];
      amountFen: number;
      counterpartyAccountNo: string;
      counterpartyName: string;
      yurref: string | null;
      remark: string;
      at: number;
    },
  ): Promise<void> {
    const direction = line.kind === 'transferOut' ? 'D' : 'C';
    const signed = direction === 'D' ? -line.amountFen : line.amountFen;
    // the new balance and the line that shows it, in one statement
    await tx.query(
      `with account as (
         update bank_sim.accounts set balance_fen = balance_fen + $6 where account_no = $2 returning balance_fen
       )
       insert into bank_sim.statement_lines (bank_ref, account_no, kind, direction, amount_fen, balance_fen,
         counterparty_account_no, counterparty_name, yurref, remark, booked_at)
       select $1, $2, $3, $4, $5, account.balance_fen, $7, $8, $9, $10, $11 from account`,
      [
        line.bankRef,
        line.accountNo,
        line.kind,
        direction,
        line.amountFen,
        signed,
        line.counterpartyAccountNo,
        line.counterpartyName,
        line.yurref,
        line.remark.slice(0, 200),
        new Date(line.at),
      ],
    );
  }
}
