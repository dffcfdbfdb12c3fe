import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BANK_BATCH_LIMIT,
  BANK_FAILURE,
  BankTimeoutError,
  NO_FAULTS,
  type SimulatedBank,
  type TransferRecord,
} from './gateway';
import { HttpBankGateway } from './http-client';
import { buildBankSimServer } from './http-server';
import { openSimStore, type SimSql } from './sim-store';
import { BankSimulator } from './simulator';
import { makeYurref } from './yurref';
import { withDatabase } from '../../../test/global-setup';

/**
 * One contract, two ways to reach the bank: the simulator in process, and the same simulator as
 * its own HTTP server behind HttpBankGateway. Both must answer alike, faults included.
 */
interface Harness {
  bank: SimulatedBank;
  close(): Promise<void>;
}

async function inProcess(): Promise<Harness> {
  const sql = await openSimStore({});
  return { bank: new BankSimulator(sql, { finishDelayMs: 20 }), close: () => sql.close() };
}

async function overHttp(): Promise<Harness> {
  const sql: SimSql = await openSimStore({});
  const server: FastifyInstance = buildBankSimServer(new BankSimulator(sql, { finishDelayMs: 20 }));
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    bank: new HttpBankGateway(`http://127.0.0.1:${port}`, 1000),
    close: async () => {
      await server.close();
      await sql.close();
    },
  };
}

let sequence = 0;
const nextYurref = () => makeYurref('P', ++sequence, 1, new Date('2025-11-24T02:00:00Z'));
const accountNo = (prefix: string) => `${prefix}${String(++sequence).padStart(8, '0')}`;

async function finished(bank: SimulatedBank, yurref: string): Promise<TransferRecord> {
  return vi.waitFor(
    async () => {
      const transfer = await bank.queryTransfer(yurref);
      if (!transfer || transfer.status === 'processing') throw new Error(`${yurref} still processing`);
      return transfer;
    },
    { timeout: 5000, interval: 10 },
  );
}

function contract(name: string, make: () => Promise<Harness>) {
  describe(`bank contract: ${name}`, () => {
    let harness: Harness;
    let bank: SimulatedBank;
    let payer: string;
    beforeAll(async () => {
      harness = await make();
      bank = harness.bank;
      payer = accountNo('7310');
      await bank.openAccount({ accountNo: payer, accountName: '杭州星联医药科技有限公司' });
      await bank.openAccount({ accountNo: payer, accountName: '杭州星联医药科技有限公司' });
      await bank.deposit({
        accountNo: payer,
        amountFen: 1_000_000,
        payerName: '杭州星联医药科技有限公司',
        payerAccountNo: '6225880000000001',
        remark: '充值',
      });
    });
    afterAll(() => harness?.close());

    it('books a deposit on the statement with its own bank reference', async () => {
      const account = accountNo('7311');
      await bank.openAccount({ accountNo: account, accountName: '上海易众信息技术有限公司' });
      const notice = await bank.deposit({
        accountNo: account,
        amountFen: 12_345,
        payerName: '上海易众信息技术有限公司',
        payerAccountNo: '6225880000000002',
        remark: '充值',
      });
      expect(notice.bankRef).toMatch(/^D\d{15}$/);
      const lines = await bank.statement({ accountNo: account });
      expect(lines).toEqual([
        expect.objectContaining({
          bankRef: notice.bankRef,
          kind: 'deposit',
          direction: 'C',
          amountFen: 12_345,
          balanceFen: 12_345,
        }),
      ]);
      expect(await bank.statement({ accountNo: account, afterSeq: lines[0].seq })).toEqual([]);
      expect(await bank.balance(account)).toBe(12_345);
      expect(await bank.balance('0000000000')).toBeNull();
    });

    it('accepts a transfer, finishes it later and credits the payee', async () => {
      const payee = accountNo('6222');
      await bank.openAccount({ accountNo: payee, accountName: '王芳' });
      const yurref = nextYurref();
      const answer = await bank.transfer({
        yurref,
        payerAccountNo: payer,
        payeeAccountNo: payee,
        payeeName: '王芳',
        amountFen: 5_000,
        purpose: '劳务报酬',
      });
      expect(answer).toEqual({
        outcome: 'accepted',
        transfer: expect.objectContaining({ yurref, status: 'processing' }),
      });
      const transfer = await finished(bank, yurref);
      expect(transfer).toMatchObject({ status: 'success', failureReason: null, amountFen: 5_000 });
      expect(await bank.balance(payee)).toBe(5_000);
      const [line] = await bank.statement({ accountNo: payee });
      expect(line).toMatchObject({ kind: 'transferIn', yurref, amountFen: 5_000 });
    });

    it('answers a repeated yurref with "exists" and the first transfer, never moving money twice', async () => {
      const before = await bank.balance(payer);
      const yurref = nextYurref();
      const instruction = {
        yurref,
        payerAccountNo: payer,
        payeeAccountNo: '6217000000000001',
        payeeName: '李雷',
        amountFen: 700,
        purpose: '劳务报酬',
      };
      const first = await bank.transfer(instruction);
      const again = await bank.transfer({ ...instruction, amountFen: 9_999 });
      expect(first.outcome).toBe('accepted');
      expect(again).toEqual({ outcome: 'exists', transfer: expect.objectContaining({ yurref, amountFen: 700 }) });
      if (first.outcome !== 'accepted' || again.outcome !== 'exists') return;
      expect(again.transfer.bankRef).toBe(first.transfer.bankRef);
      await finished(bank, yurref);
      expect(await bank.balance(payer)).toBe((before ?? 0) - 700);
    });

    it('accepts one of twenty simultaneous sends of one yurref', async () => {
      const yurref = nextYurref();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          bank.transfer({
            yurref,
            payerAccountNo: payer,
            payeeAccountNo: '6217000000000002',
            payeeName: '韩梅梅',
            amountFen: 100,
            purpose: '劳务报酬',
          }),
        ),
      );
      expect(answers.filter((answer) => answer.outcome === 'accepted')).toHaveLength(1);
      expect(answers.filter((answer) => answer.outcome === 'exists')).toHaveLength(19);
      const debits = (await bank.statement({ accountNo: payer, limit: 1000 })).filter((line) => line.yurref === yurref);
      expect(debits).toHaveLength(1);
    });

    it('fails a transfer to a payee of another name, and refunds the payer', async () => {
      const payee = accountNo('6223');
      await bank.openAccount({ accountNo: payee, accountName: '张伟' });
      const before = await bank.balance(payer);
      const yurref = nextYurref();
      await bank.transfer({
        yurref,
        payerAccountNo: payer,
        payeeAccountNo: payee,
        payeeName: '张卫',
        amountFen: 300,
        purpose: '劳务报酬',
      });
      expect(await finished(bank, yurref)).toMatchObject({ status: 'failed', failureReason: BANK_FAILURE.wrongName });
      expect(await bank.balance(payer)).toBe(before);
      const lines = (await bank.statement({ accountNo: payer, limit: 1000 })).filter((line) => line.yurref === yurref);
      expect(lines.map((line) => [line.kind, line.direction])).toEqual([
        ['transferOut', 'D'],
        ['refund', 'C'],
      ]);
    });

    it('fails a transfer to a closed card', async () => {
      const payee = accountNo('6224');
      await bank.openAccount({ accountNo: payee, accountName: '赵敏' });
      await bank.closeAccount(payee);
      const yurref = nextYurref();
      await bank.transfer({
        yurref,
        payerAccountNo: payer,
        payeeAccountNo: payee,
        payeeName: '赵敏',
        amountFen: 300,
        purpose: '劳务报酬',
      });
      expect(await finished(bank, yurref)).toMatchObject({
        status: 'failed',
        failureReason: BANK_FAILURE.closedAccount,
      });
    });

    it('fails a transfer the payer cannot cover without touching its balance', async () => {
      const poor = accountNo('7312');
      await bank.openAccount({ accountNo: poor, accountName: '空账户有限公司' });
      const yurref = nextYurref();
      await bank.transfer({
        yurref,
        payerAccountNo: poor,
        payeeAccountNo: '6217000000000003',
        payeeName: '周杰',
        amountFen: 1,
        purpose: '劳务报酬',
      });
      expect(await finished(bank, yurref)).toMatchObject({
        status: 'failed',
        failureReason: BANK_FAILURE.insufficientFunds,
      });
      expect(await bank.statement({ accountNo: poor })).toEqual([]);
    });

    it('rejects a malformed yurref and an unknown payer, recording nothing', async () => {
      const tooLong = 'F'.repeat(31);
      expect(
        await bank.transfer({
          yurref: tooLong,
          payerAccountNo: payer,
          payeeAccountNo: '6217000000000004',
          payeeName: '甲',
          amountFen: 1,
          purpose: '劳务报酬',
        }),
      ).toEqual({ outcome: 'rejected', reason: BANK_FAILURE.badYurref });
      const yurref = nextYurref();
      expect(
        await bank.transfer({
          yurref,
          payerAccountNo: '9999999999',
          payeeAccountNo: '6217000000000004',
          payeeName: '甲',
          amountFen: 1,
          purpose: '劳务报酬',
        }),
      ).toEqual({ outcome: 'rejected', reason: BANK_FAILURE.unknownPayer });
      expect(await bank.queryTransfer(yurref)).toBeNull();
    });

    it('loses the answer after acceptance: the caller times out, asks by yurref, and a resend is "exists"', async () => {
      await bank.setFaults({ timeoutAfterAcceptRate: 1 });
      const yurref = nextYurref();
      const instruction = {
        yurref,
        payerAccountNo: payer,
        payeeAccountNo: '6217000000000005',
        payeeName: '乙',
        amountFen: 200,
        purpose: '劳务报酬',
      };
      await expect(bank.transfer(instruction)).rejects.toBeInstanceOf(BankTimeoutError);
      await bank.setFaults(NO_FAULTS);
      expect(await bank.queryTransfer(yurref)).toMatchObject({ yurref, amountFen: 200 });
      expect((await bank.transfer(instruction)).outcome).toBe('exists');
    });

    it('loses the request before acceptance: nothing recorded, a resend is accepted', async () => {
      await bank.setFaults({ timeoutBeforeAcceptRate: 1 });
      const yurref = nextYurref();
      const instruction = {
        yurref,
        payerAccountNo: payer,
        payeeAccountNo: '6217000000000006',
        payeeName: '丙',
        amountFen: 200,
        purpose: '劳务报酬',
      };
      await expect(bank.transfer(instruction)).rejects.toBeInstanceOf(BankTimeoutError);
      await bank.setFaults(NO_FAULTS);
      expect(await bank.queryTransfer(yurref)).toBeNull();
      expect((await bank.transfer(instruction)).outcome).toBe('accepted');
    });

    it('fails transfers for reasons of its own at the configured rate', async () => {
      await bank.setFaults({ failureRate: 1 });
      const yurref = nextYurref();
      await bank.transfer({
        yurref,
        payerAccountNo: payer,
        payeeAccountNo: '6217000000000007',
        payeeName: '丁',
        amountFen: 200,
        purpose: '劳务报酬',
      });
      await bank.setFaults(NO_FAULTS);
      expect(await finished(bank, yurref)).toMatchObject({ status: 'failed', failureReason: BANK_FAILURE.bankBusy });
    });

    it('batch payment: each instruction answered on its own, in order (partial duplicates, partial failures)', async () => {
      // a second paying account with little money: its second transfer cannot be covered
      const poor = accountNo('7312');
      await bank.openAccount({ accountNo: poor, accountName: '宁波小微贸易有限公司' });
      await bank.deposit({
        accountNo: poor,
        amountFen: 1_000,
        payerName: '宁波小微贸易有限公司',
        payerAccountNo: '6225880000000003',
        remark: '充值',
      });
      const closed = accountNo('6224');
      await bank.openAccount({ accountNo: closed, accountName: '赵敏' });
      await bank.closeAccount(closed);
      const payerBefore = (await bank.balance(payer)) as number;
      const [sentBefore, fresh, toClosed, poorFirst, poorSecond] = [1, 2, 3, 4, 5].map(() => nextYurref());
      const base = {
        payerAccountNo: payer,
        payeeAccountNo: '6217000000000010',
        payeeName: '钱多多',
        purpose: '劳务报酬',
      };
      expect((await bank.transfer({ ...base, yurref: sentBefore, amountFen: 300 })).outcome).toBe('accepted');
      const answers = await bank.transferBatch([
        { ...base, yurref: sentBefore, amountFen: 300 },
        { ...base, yurref: fresh, amountFen: 400 },
        { ...base, yurref: fresh, amountFen: 400 },
        { ...base, yurref: 'FP-bad', amountFen: 400 },
        { ...base, yurref: toClosed, payeeAccountNo: closed, payeeName: '赵敏', amountFen: 500 },
        { ...base, yurref: poorFirst, payerAccountNo: poor, amountFen: 600 },
        { ...base, yurref: poorSecond, payerAccountNo: poor, amountFen: 600 },
      ]);
      expect(answers.map((answer) => answer.outcome)).toEqual([
        'exists',
        'accepted',
        'exists',
        'rejected',
        'accepted',
        'accepted',
        'accepted',
      ]);
      const [first, accepted, duplicate, malformed] = answers;
      expect(first.outcome === 'exists' && first.transfer.yurref).toBe(sentBefore);
      expect(malformed).toEqual({ outcome: 'rejected', reason: BANK_FAILURE.badYurref });
      // the duplicate inside the batch is the transfer the first one made, not a second one
      if (accepted.outcome !== 'accepted' || duplicate.outcome !== 'exists') throw new Error('unexpected answers');
      expect(duplicate.transfer.bankRef).toBe(accepted.transfer.bankRef);
      for (const yurref of [fresh, toClosed, poorFirst, poorSecond]) await finished(bank, yurref);
      const records = await bank.queryTransfers([fresh, 'FP-bad', toClosed, nextYurref(), poorFirst, poorSecond]);
      expect(records.map((record) => record && [record.yurref, record.status, record.failureReason])).toEqual([
        [fresh, 'success', null],
        null,
        [toClosed, 'failed', BANK_FAILURE.closedAccount],
        null,
        [poorFirst, 'success', null],
        [poorSecond, 'failed', BANK_FAILURE.insufficientFunds],
      ]);
      // money moved once per accepted yurref: the closed card's refunded, the uncovered one never debited
      const payerLines = (await bank.statement({ accountNo: payer, limit: 1000 })).filter((line) =>
        [sentBefore, fresh, toClosed].includes(line.yurref ?? ''),
      );
      expect(payerLines.map((line) => [line.yurref, line.kind, line.amountFen])).toEqual([
        [sentBefore, 'transferOut', 300],
        [fresh, 'transferOut', 400],
        [toClosed, 'transferOut', 500],
        [toClosed, 'refund', 500],
      ]);
      expect(await bank.balance(payer)).toBe(payerBefore - 700);
      const poorLines = await bank.statement({ accountNo: poor });
      expect(poorLines.map((line) => [line.kind, line.amountFen, line.balanceFen])).toEqual([
        ['deposit', 1_000, 1_000],
        ['transferOut', 600, 400],
      ]);
    });

    it('batch payment: a lost request records nothing; a lost answer recorded all of it, and a resend is "exists"', async () => {
      const batch = [1, 2, 3].map((n) => ({
        yurref: nextYurref(),
        payerAccountNo: payer,
        payeeAccountNo: `621700000000002${n}`,
        payeeName: '孙丽',
        amountFen: 100 * n,
        purpose: '劳务报酬',
      }));
      const yurrefs = batch.map((instruction) => instruction.yurref);
      await bank.setFaults({ timeoutBeforeAcceptRate: 1 });
      await expect(bank.transferBatch(batch)).rejects.toBeInstanceOf(BankTimeoutError);
      await bank.setFaults(NO_FAULTS);
      expect(await bank.queryTransfers(yurrefs)).toEqual([null, null, null]);
      await bank.setFaults({ timeoutAfterAcceptRate: 1 });
      await expect(bank.transferBatch(batch)).rejects.toBeInstanceOf(BankTimeoutError);
      await bank.setFaults(NO_FAULTS);
      expect((await bank.queryTransfers(yurrefs)).map((record) => record?.amountFen)).toEqual([100, 200, 300]);
      expect((await bank.transferBatch(batch)).map((answer) => answer.outcome)).toEqual(['exists', 'exists', 'exists']);
      const debits = (await bank.statement({ accountNo: payer, limit: 1000 })).filter(
        (line) => yurrefs.includes(line.yurref ?? '') && line.kind === 'transferOut',
      );
      expect(debits).toHaveLength(3);
    });

    it('batch payment: two batches of the same yurrefs at once move each one once', async () => {
      const batch = Array.from({ length: 10 }, (_, n) => ({
        yurref: nextYurref(),
        payerAccountNo: payer,
        payeeAccountNo: `62170000000003${String(n).padStart(2, '0')}`,
        payeeName: '周杰',
        amountFen: 50,
        purpose: '劳务报酬',
      }));
      const [one, two] = await Promise.all([bank.transferBatch(batch), bank.transferBatch([...batch].reverse())]);
      const outcomes = [...one, ...two].map((answer) => answer.outcome);
      expect(outcomes.filter((outcome) => outcome === 'accepted')).toHaveLength(10);
      expect(outcomes.filter((outcome) => outcome === 'exists')).toHaveLength(10);
      const yurrefs = batch.map((instruction) => instruction.yurref);
      const debits = (await bank.statement({ accountNo: payer, limit: 1000 })).filter((line) =>
        yurrefs.includes(line.yurref ?? ''),
      );
      expect(debits).toHaveLength(10);
    });

    it('refuses a batch over the limit whole, and answers an empty one with nothing', async () => {
      const many = Array.from({ length: BANK_BATCH_LIMIT + 1 }, () => ({
        yurref: nextYurref(),
        payerAccountNo: payer,
        payeeAccountNo: '6217000000000040',
        payeeName: '吴刚',
        amountFen: 1,
        purpose: '劳务报酬',
      }));
      await expect(bank.transferBatch(many)).rejects.toThrow(BANK_FAILURE.batchTooLarge);
      await expect(bank.queryTransfers(many.map((instruction) => instruction.yurref))).rejects.toThrow(
        BANK_FAILURE.batchTooLarge,
      );
      expect(await bank.queryTransfers(many.slice(0, 3).map((instruction) => instruction.yurref))).toEqual([
        null,
        null,
        null,
      ]);
      expect(await bank.transferBatch([])).toEqual([]);
      expect(await bank.queryTransfers([])).toEqual([]);
    });
  });
}

/** In process with the books on PostgreSQL (schema bank_sim of a database of its own), when a server is given. */
async function onPostgres(): Promise<Harness> {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `fp_bank_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const sql = await openSimStore({ databaseUrl: withDatabase(adminUrl, name) });
  return {
    bank: new BankSimulator(sql, { finishDelayMs: 20 }),
    close: async () => {
      await sql.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

contract('in process', inProcess);
contract('over HTTP', overHttp);
if (process.env.TEST_DATABASE_URL) contract('in process, books on PostgreSQL', onPostgres);

describe('bank over HTTP: a slow line', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await overHttp();
  });
  afterAll(() => harness?.close());

  it('ends an answer slower than the client timeout as a timeout', async () => {
    await harness.bank.setFaults({ slowAnswerMs: 1500 });
    await expect(harness.bank.queryTransfer(nextYurref())).rejects.toBeInstanceOf(BankTimeoutError);
    await harness.bank.setFaults({ slowAnswerMs: 0 });
    expect(await harness.bank.queryTransfer(nextYurref())).toBeNull();
  });
});

describe('the bank keeps its books across a restart', () => {
  it('reopens the same data directory with its transfers', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-sim-'));
    try {
      const first = await openSimStore({ dataDir: dir });
      const bank = new BankSimulator(first, { finishDelayMs: 0 });
      await bank.openAccount({ accountNo: '7319000001', accountName: '重启测试有限公司' });
      await bank.deposit({
        accountNo: '7319000001',
        amountFen: 500,
        payerName: '重启测试有限公司',
        payerAccountNo: '1',
        remark: '充值',
      });
      await first.close();
      const second = await openSimStore({ dataDir: dir });
      expect(await new BankSimulator(second).balance('7319000001')).toBe(500);
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
