import {
  type AccountInput,
  BANK_BATCH_LIMIT,
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

/** a JSON array of texts ($1) as an array, so the column's index serves `= any(...)` */
const JSON_TEXTS = 'array(select jsonb_array_elements_text($1::jsonb))';

/** how many due transfers one transaction of finishDue books */
const FINISH_LIMIT = 1000;

/** One line of an account's statement to book. */
interface BookLine {
  bankRef: string;
  accountNo: string;
  kind: StatementLine['kind'];
  amountFen: number;
  counterpartyAccountNo: string;
  counterpartyName: string;
  yurref: string | null;
  remark: string;
  at: number;
}

/** Another batch inserted one of this batch's yurrefs while it ran: the batch is read again. */
class ConcurrentYurref extends Error {}

/**
 * The built-in bank: accounts with balances, transfers by yurref that finish after a delay,
 * deposits and statements, all kept in its own tables (sim-store.ts) so a restart of either side
 * loses nothing. A transfer's result is decided when it is accepted (payee closed or named
 * otherwise, payer short of money, a drawn bank failure) and shows once its finish time has come:
 * every call first books the transfers that are due, so results arrive without anyone asking for
 * them in particular, as a bank's batch run would. Batch payment and batch status queries
 * (transferBatch, queryTransfers) answer each instruction as the single calls would.
 */
export class BankSimulator implements SimulatedBank {
  private faults: BankFaults;
  private finishDelayMs: number;
  private readonly draw: () => number;
  private readonly now: () => number;
  /** the run of finishDue under way, and the one the calls that came during it wait for */
  private finishing: Promise<number> | undefined;
  private finishingNext: Promise<number> | undefined;

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
   * after acceptance. Over HTTP the server draws them and calls `acceptBatch`. A single transfer is
   * a batch of one: the same faults, the same books.
   */
  async transfer(instruction: TransferInstruction): Promise<TransferAnswer> {
    const [answer] = await this.transferBatch([instruction]);
    return answer;
  }

  /** A batch on the line: lost whole, slow whole, its answer lost whole once any of it was accepted. */
  async transferBatch(instructions: readonly TransferInstruction[]): Promise<TransferAnswer[]> {
    if (instructions.length > BANK_BATCH_LIMIT) throw new RangeError(BANK_FAILURE.batchTooLarge);
    if (this.happens(this.faults.timeoutBeforeAcceptRate)) throw new BankTimeoutError();
    if (this.faults.slowAnswerMs > 0 && this.happens(this.faults.slowAnswerRate))
      await new Promise((resolve) => setTimeout(resolve, this.faults.slowAnswerMs));
    const answers = await this.acceptBatch(instructions);
    if (answers.some((answer) => answer.outcome === 'accepted') && this.happens(this.faults.timeoutAfterAcceptRate)) {
      throw new BankTimeoutError();
    }
    return answers;
  }

  /** The bank's side of an instruction, without the line between: records it once per yurref. */
  async accept(instruction: TransferInstruction): Promise<TransferAnswer> {
    const [answer] = await this.acceptBatch([instruction]);
    return answer;
  }

  /**
   * The bank's side of a batch: each instruction answered on its own, in order, as `accept` would
   * answer it alone. A malformed one is refused (nothing recorded). The first well-formed
   * instruction of a yurref is the one the bank takes; a later one of the same yurref in the batch
   * answers "exists" with the transfer the first made (or the first one's refusal).
   */
  async acceptBatch(instructions: readonly TransferInstruction[]): Promise<TransferAnswer[]> {
    if (instructions.length > BANK_BATCH_LIMIT) throw new RangeError(BANK_FAILURE.batchTooLarge);
    const malformed = instructions.map((instruction): TransferAnswer | undefined =>
      !YURREF_PATTERN.test(instruction.yurref)
        ? { outcome: 'rejected', reason: BANK_FAILURE.badYurref }
        : !validAmount(instruction.amountFen)
          ? { outcome: 'rejected', reason: BANK_FAILURE.badAmount }
          : undefined,
    );
    const firstOf = new Map<string, number>();
    instructions.forEach((instruction, index) => {
      if (!malformed[index] && !firstOf.has(instruction.yurref)) firstOf.set(instruction.yurref, index);
    });
    const firsts = [...firstOf.values()];
    const taken = new Map<number, TransferAnswer>();
    if (firsts.length > 0) {
      await this.finishDue();
      const answers = await this.record(firsts.map((index) => instructions[index]));
      firsts.forEach((index, at) => {
        taken.set(index, answers[at]);
      });
    }
    return instructions.map((instruction, index) => {
      const refused = malformed[index];
      if (refused) return refused;
      const first = taken.get(firstOf.get(instruction.yurref) as number) as TransferAnswer;
      if (firstOf.get(instruction.yurref) === index || first.outcome === 'rejected') return first;
      return { outcome: 'exists', transfer: first.transfer };
    });
  }

  /**
   * Records distinct, well-formed instructions in one transaction: the paying accounts locked first
   * (in account order, as every booking of the bank locks), then the yurrefs the bank already has
   * read, so a concurrent batch of the same payer and yurrefs, committed while this one waited for
   * the lock, answers "exists" here. Each new instruction is checked at the balance the ones before
   * it left; the transfers, their debits and the balances are written in three statements.
   */
  private async record(instructions: readonly TransferInstruction[]): Promise<TransferAnswer[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.sql.transaction((tx) => this.recordIn(tx, instructions));
      } catch (error) {
        // a yurref inserted meanwhile by a batch of another paying account: read again, it "exists"
        if (!(error instanceof ConcurrentYurref) || attempt >= 3) throw error;
      }
    }
  }

  private async recordIn(tx: SimSql, instructions: readonly TransferInstruction[]): Promise<TransferAnswer[]> {
    const payerNos = [...new Set(instructions.map((instruction) => instruction.payerAccountNo))].sort();
    const payers = new Map(
      (
        await tx.query<AccountRow>(
          `select * from bank_sim.accounts where account_no = any(${JSON_TEXTS}) order by account_no for update`,
          [JSON.stringify(payerNos)],
        )
      ).map((row) => [row.account_no, row]),
    );
    const existing = new Map(
      (
        await tx.query<TransferRow>(`select * from bank_sim.transfers where yurref = any(${JSON_TEXTS})`, [
          JSON.stringify(instructions.map((instruction) => instruction.yurref)),
        ])
      ).map((row) => [row.yurref, row]),
    );
    const payees = new Map(
      (
        await tx.query<AccountRow>(
          `select account_no, account_name, status from bank_sim.accounts where account_no = any(${JSON_TEXTS})`,
          [JSON.stringify([...new Set(instructions.map((instruction) => instruction.payeeAccountNo))])],
        )
      ).map((row) => [row.account_no, row]),
    );
    const balances = new Map([...payers.values()].map((payer) => [payer.account_no, Number(payer.balance_fen)]));
    const answers: TransferAnswer[] = [];
    const fresh: Array<{ instruction: TransferInstruction; at: number; failure: string | null; debited: boolean }> = [];
    instructions.forEach((instruction, at) => {
      const first = existing.get(instruction.yurref);
      const payer = payers.get(instruction.payerAccountNo);
      if (first) answers[at] = { outcome: 'exists', transfer: toTransfer(first) };
      else if (!payer) answers[at] = { outcome: 'rejected', reason: BANK_FAILURE.unknownPayer };
      else if (payer.status === 'closed') answers[at] = { outcome: 'rejected', reason: BANK_FAILURE.payerClosed };
      else {
        const payee = payees.get(instruction.payeeAccountNo);
        const balance = balances.get(payer.account_no) as number;
        let failure: string | null = null;
        if (payee && payee.status === 'closed') failure = BANK_FAILURE.closedAccount;
        else if (payee && payee.account_name !== instruction.payeeName) failure = BANK_FAILURE.wrongName;
        else if (balance < instruction.amountFen) failure = BANK_FAILURE.insufficientFunds;
        else if (this.happens(this.faults.failureRate)) failure = BANK_FAILURE.bankBusy;
        // money leaves the payer when the bank accepts; a transfer that then fails is refunded
        const debited = balance >= instruction.amountFen;
        if (debited) balances.set(payer.account_no, balance - instruction.amountFen);
        fresh.push({ instruction, at, failure, debited });
      }
    });
    if (fresh.length === 0) return answers;
    const refs = await tx.query<{ ref: string }>(
      `select 'T' || lpad(nextval('bank_sim.refs')::text, 15, '0') as ref from generate_series(1, $1::int)`,
      [fresh.length],
    );
    const now = this.now();
    const inserted = await tx.query<TransferRow>(
      `insert into bank_sim.transfers (yurref, bank_ref, payer_account_no, payee_account_no, payee_name, amount_fen,
         purpose, status, outcome, failure_reason, debited, accepted_at, finish_at)
       select t.yurref, t.bank_ref, t.payer_account_no, t.payee_account_no, t.payee_name, t.amount_fen, t.purpose,
         'processing', t.outcome, t.failure_reason, t.debited, $2, $3
       from jsonb_to_recordset($1::jsonb) as t(yurref varchar, bank_ref varchar, payer_account_no varchar,
         payee_account_no varchar, payee_name varchar, amount_fen bigint, purpose varchar, outcome varchar,
         failure_reason varchar, debited boolean)
       on conflict (yurref) do nothing
       returning *`,
      [
        JSON.stringify(
          fresh.map(({ instruction, failure, debited }, index) => ({
            yurref: instruction.yurref,
            bank_ref: refs[index].ref,
            payer_account_no: instruction.payerAccountNo,
            payee_account_no: instruction.payeeAccountNo,
            payee_name: instruction.payeeName,
            amount_fen: instruction.amountFen,
            purpose: instruction.purpose,
            outcome: failure ? 'failed' : 'success',
            failure_reason: failure,
            debited,
          })),
        ),
        new Date(now),
        new Date(now + this.finishDelayMs),
      ],
    );
    if (inserted.length < fresh.length) throw new ConcurrentYurref();
    const byYurref = new Map(inserted.map((row) => [row.yurref, row]));
    const lines: BookLine[] = [];
    for (const { instruction, at } of fresh) {
      const row = byYurref.get(instruction.yurref) as TransferRow;
      answers[at] = { outcome: 'accepted', transfer: toTransfer(row) };
      if (row.debited)
        lines.push({
          bankRef: row.bank_ref,
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
    await this.bookLines(
      tx,
      lines,
      new Map([...payers.values()].map((payer) => [payer.account_no, Number(payer.balance_fen)])),
    );
    return answers;
  }

  async queryTransfer(yurref: string): Promise<TransferRecord | null> {
    const [record] = await this.queryTransfers([yurref]);
    return record;
  }

  async queryTransfers(yurrefs: readonly string[]): Promise<Array<TransferRecord | null>> {
    if (yurrefs.length > BANK_BATCH_LIMIT) throw new RangeError(BANK_FAILURE.batchTooLarge);
    const wellFormed = yurrefs.filter((yurref) => YURREF_PATTERN.test(yurref));
    if (wellFormed.length === 0) return yurrefs.map(() => null);
    await this.finishDue();
    const rows = await this.sql.query<TransferRow>(
      `select * from bank_sim.transfers where yurref = any(${JSON_TEXTS})`,
      [JSON.stringify(wellFormed)],
    );
    const byYurref = new Map(rows.map((row) => [row.yurref, toTransfer(row)]));
    return yurrefs.map((yurref) => byYurref.get(yurref) ?? null);
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

  /**
   * Books the transfers whose finish time has come: credits the payee's account or refunds the
   * payer. Set-based: per transaction, up to FINISH_LIMIT due transfers are marked final in one
   * statement, the accounts they credit are locked in account order in one, and their statement
   * lines and the balances are written in two.
   */
  async finishDue(): Promise<number> {
    // one run at a time in this process: a call that comes while one runs waits for the next run
    // (one for every call that waited), which books what was due when it came. Concurrent runs
    // would skip each other's rows (skip locked), and a status query could read as processing a
    // transfer another run is booking at that moment.
    if (!this.finishing) {
      this.finishing = this.finishAll().finally(() => {
        this.finishing = undefined;
      });
      return this.finishing;
    }
    this.finishingNext ??= this.finishing
      .catch(() => 0)
      .then(() => {
        this.finishingNext = undefined;
        return this.finishDue();
      });
    return this.finishingNext;
  }

  private async finishAll(): Promise<number> {
    let finished = 0;
    for (;;) {
      const some = await this.sql.transaction((tx) => this.finishSome(tx, this.now()));
      finished += some;
      if (some < FINISH_LIMIT) return finished;
    }
  }

  private async finishSome(tx: SimSql, now: number): Promise<number> {
    const due = await tx.query<TransferRow>(
      `update bank_sim.transfers set status = outcome, finished_at = finish_at
       where yurref in (select yurref from bank_sim.transfers
                        where status = 'processing' and finish_at <= $1
                        order by finish_at limit $2 for update skip locked)
       returning *`,
      [new Date(now), FINISH_LIMIT],
    );
    if (due.length === 0) return 0;
    due.sort((a, b) => millis(a.finish_at) - millis(b.finish_at) || a.bank_ref.localeCompare(b.bank_ref));
    const credited = due.filter((row) => row.outcome === 'success');
    const refunded = due.filter((row) => row.outcome !== 'success' && row.debited);
    const lockNos = [
      ...new Set([...credited.map((row) => row.payee_account_no), ...refunded.map((row) => row.payer_account_no)]),
    ].sort();
    const accounts = new Map(
      (
        await tx.query<AccountRow>(
          `select * from bank_sim.accounts where account_no = any(${JSON_TEXTS}) order by account_no for update`,
          [JSON.stringify(lockNos)],
        )
      ).map((row) => [row.account_no, row]),
    );
    const payerNames = new Map(
      (
        await tx.query<AccountRow>(
          `select account_no, account_name from bank_sim.accounts where account_no = any(${JSON_TEXTS})`,
          [JSON.stringify([...new Set(credited.map((row) => row.payer_account_no))])],
        )
      ).map((row) => [row.account_no, row.account_name]),
    );
    const lines: BookLine[] = [];
    for (const row of due) {
      const at = millis(row.finish_at);
      if (row.outcome === 'success') {
        // a payee the bank does not hold (another bank's card) or has closed: nothing to book here
        if (accounts.get(row.payee_account_no)?.status !== 'open') continue;
        lines.push({
          bankRef: row.bank_ref,
          accountNo: row.payee_account_no,
          kind: 'transferIn',
          amountFen: Number(row.amount_fen),
          counterpartyAccountNo: row.payer_account_no,
          counterpartyName: payerNames.get(row.payer_account_no) ?? '',
          yurref: row.yurref,
          remark: row.purpose,
          at,
        });
      } else if (row.debited && accounts.has(row.payer_account_no)) {
        lines.push({
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
    await this.bookLines(
      tx,
      lines,
      new Map([...accounts.values()].map((account) => [account.account_no, Number(account.balance_fen)])),
    );
    return due.length;
  }

  /**
   * Statement lines in their order and the accounts' new balances, in two statements of the
   * caller's transaction, which holds the accounts' row locks and read their balances (`balances`).
   */
  private async bookLines(tx: SimSql, lines: readonly BookLine[], balances: Map<string, number>): Promise<void> {
    if (lines.length === 0) return;
    const moved = new Map<string, number>();
    const rows = lines.map((line, ord) => {
      const direction = line.kind === 'transferOut' ? 'D' : 'C';
      const signed = direction === 'D' ? -line.amountFen : line.amountFen;
      const balance = (balances.get(line.accountNo) ?? 0) + signed;
      balances.set(line.accountNo, balance);
      moved.set(line.accountNo, (moved.get(line.accountNo) ?? 0) + signed);
      return {
        ord,
        bank_ref: line.bankRef,
        account_no: line.accountNo,
        kind: line.kind,
        direction,
        amount_fen: line.amountFen,
        balance_fen: balance,
        counterparty_account_no: line.counterpartyAccountNo,
        counterparty_name: line.counterpartyName,
        yurref: line.yurref,
        remark: line.remark.slice(0, 200),
        booked_at: new Date(line.at).toISOString(),
      };
    });
    await tx.query(
      `update bank_sim.accounts a set balance_fen = a.balance_fen + m.delta
       from jsonb_to_recordset($1::jsonb) as m(account_no varchar, delta bigint)
       where a.account_no = m.account_no`,
      [JSON.stringify([...moved].map(([account_no, delta]) => ({ account_no, delta })))],
    );
    // seq follows the order the rows are inserted in: the lines' own order
    await tx.query(
      `insert into bank_sim.statement_lines (bank_ref, account_no, kind, direction, amount_fen, balance_fen,
         counterparty_account_no, counterparty_name, yurref, remark, booked_at)
       select l.bank_ref, l.account_no, l.kind, l.direction, l.amount_fen, l.balance_fen, l.counterparty_account_no,
         l.counterparty_name, l.yurref, l.remark, l.booked_at
       from jsonb_to_recordset($1::jsonb) as l(ord int, bank_ref varchar, account_no varchar, kind varchar,
         direction char(1), amount_fen bigint, balance_fen bigint, counterparty_account_no varchar,
         counterparty_name varchar, yurref varchar, remark varchar, booked_at timestamptz)
       order by l.ord`,
      [JSON.stringify(rows)],
    );
  }

  /** One statement line and the account's new balance, in the caller's transaction. */
  private async book(tx: SimSql, line: BookLine): Promise<void> {
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
