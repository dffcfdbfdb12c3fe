import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { BankFaults, DepositInput, StatementQuery, TransferAnswer, TransferInstruction } from './gateway';
import type { BankSimulator } from './simulator';

/**
 * The simulated bank as a process of its own (`npm run bank-sim`), speaking JSON over HTTP to
 * HttpBankGateway. Between the two, the faults of a real line can be injected: answers that come
 * late (slowAnswerMs, for a slowAnswerRate share of them: the client's timeout ends those slower than
 * it, and the bank goes on with the request after the client gave up), and answers lost after the bank has
 * recorded the transfer (timeoutAfterAcceptRate: the connection is cut). This is another system's
 * server, not the console's API: its routes are not operations of the domain.
 */
type Handler = (body: Record<string, unknown>, params: Record<string, string>) => Promise<unknown>;

interface SimRoute {
  method: 'GET' | 'POST';
  url: string;
  handler: Handler;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : String(value ?? ''));
const integer = (value: unknown): number => Number(value);

const instructionOf = (body: Record<string, unknown>): TransferInstruction => ({
  yurref: text(body.yurref),
  payerAccountNo: text(body.payerAccountNo),
  payeeAccountNo: text(body.payeeAccountNo),
  payeeName: text(body.payeeName),
  amountFen: integer(body.amountFen),
  purpose: text(body.purpose),
});

export function buildBankSimServer(bank: BankSimulator): FastifyInstance {
  // a large batch is a large body: 500 instructions fit well under 1 MiB
  const server = Fastify({ logger: false, bodyLimit: 4 * 1024 * 1024 });
  /**
   * The line's losses, injected here where the client cannot tell them from a timeout: the request
   * lost before the bank records any of it, or the answer lost after it accepted some (LOST: the
   * route cuts the connection). A request is lost whole, a single transfer or a batch.
   */
  const acceptOnTheLine = async (instructions: TransferInstruction[]): Promise<TransferAnswer[] | typeof LOST> => {
    const faults = bank.currentFaults();
    if (bank.happens(faults.timeoutBeforeAcceptRate)) return LOST;
    const answers = await bank.acceptBatch(instructions);
    const accepted = answers.some((answer) => answer.outcome === 'accepted');
    return accepted && bank.happens(faults.timeoutAfterAcceptRate) ? LOST : answers;
  };
  const routes: SimRoute[] = [
    {
      method: 'POST',
      url: '/bank/accounts',
      handler: async (body) => {
        await bank.openAccount({ accountNo: text(body.accountNo), accountName: text(body.accountName) });
        return null;
      },
    },
    {
      method: 'GET',
      url: '/bank/accounts/:accountNo/balance',
      handler: async (_body, params) => ({ balanceFen: await bank.balance(params.accountNo) }),
    },
    {
      method: 'POST',
      url: '/bank/transfers',
      handler: async (body) => {
        const answers = await acceptOnTheLine([instructionOf(body)]);
        return answers === LOST ? LOST : answers[0];
      },
    },
    {
      // batch payment (批量支付): one request, one answer per instruction in its order
      method: 'POST',
      url: '/bank/transfers/batch',
      handler: async (body) => {
        const items = Array.isArray(body.instructions) ? (body.instructions as Record<string, unknown>[]) : [];
        const answers = await acceptOnTheLine(items.map(instructionOf));
        return answers === LOST ? LOST : { answers };
      },
    },
    {
      method: 'GET',
      url: '/bank/transfers/:yurref',
      handler: async (_body, params) => ({ transfer: await bank.queryTransfer(params.yurref) }),
    },
    {
      // batch status query (批量查询): one request, each yurref's transfer or null in its order
      method: 'POST',
      url: '/bank/transfers/query',
      handler: async (body) => {
        const yurrefs = Array.isArray(body.yurrefs) ? body.yurrefs.map(text) : [];
        return { transfers: await bank.queryTransfers(yurrefs) };
      },
    },
    {
      method: 'POST',
      url: '/bank/deposits',
      handler: async (body) => {
        const input: DepositInput = {
          accountNo: text(body.accountNo),
          amountFen: integer(body.amountFen),
          payerName: text(body.payerName),
          payerAccountNo: text(body.payerAccountNo),
          remark: text(body.remark),
        };
        return bank.deposit(input);
      },
    },
    {
      method: 'POST',
      url: '/bank/statement',
      handler: async (body) => {
        const query: StatementQuery = {
          accountNo: text(body.accountNo),
          afterSeq: body.afterSeq === undefined ? undefined : integer(body.afterSeq),
          limit: body.limit === undefined ? undefined : integer(body.limit),
        };
        return { lines: await bank.statement(query) };
      },
    },
    {
      method: 'POST',
      url: '/sim/faults',
      handler: async (body) => {
        await bank.setFaults(body as Partial<BankFaults>);
        return bank.currentFaults();
      },
    },
    {
      method: 'POST',
      url: '/sim/finish-delay',
      handler: async (body) => {
        await bank.setFinishDelay(integer(body.ms));
        return null;
      },
    },
    {
      method: 'POST',
      url: '/sim/accounts/:accountNo/close',
      handler: async (_body, params) => {
        await bank.closeAccount(params.accountNo);
        return null;
      },
    },
  ];
  for (const route of routes) {
    server.route({
      method: route.method,
      url: route.url,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const faults = bank.currentFaults();
        if (!route.url.startsWith('/sim/') && faults.slowAnswerMs > 0 && bank.happens(faults.slowAnswerRate)) {
          await new Promise((resolve) => setTimeout(resolve, faults.slowAnswerMs));
        }
        try {
          const answer = await route.handler(
            (request.body ?? {}) as Record<string, unknown>,
            request.params as Record<string, string>,
          );
          if (answer === LOST) {
            reply.raw.destroy();
            return reply;
          }
          return { ok: true, answer };
        } catch (error) {
          reply.code(400);
          return { ok: false, error: error instanceof Error ? error.message : String(error) };
        }
      },
    });
  }
  return server;
}

/** marks an answer the line loses after the bank recorded the transfer */
const LOST = Symbol('lost answer');
