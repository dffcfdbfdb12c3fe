import type { Operation, OperationAnswer } from '@fieldpay/domain';
import { envelopeOf } from '@fieldpay/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ok } from './envelope';
import type { ZodApp } from './types';

/** What a handler receives: the input parsed by the operation's schema, and the request it came in. */
export type OperationHandler<O extends Operation> = (
  input: z.output<O['input']>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<OperationAnswer<O>>;

/**
 * Registers the route of an operation declared in domain: its path, method, access, input and
 * answer schemas (so the OpenAPI document and the validation come from the one declaration), with
 * the handler's result in the success envelope.
 */
export function registerOperation<O extends Operation>(
  app: ZodApp,
  operation: O,
  handler: OperationHandler<O>,
  options: { message?: string } = {},
): void {
  const inputKey = operation.method === 'GET' ? 'querystring' : 'body';
  app.route({
    method: operation.method,
    url: operation.path,
    config: { access: operation.access },
    schema: {
      tags: [operation.tag],
      summary: operation.summary,
      [inputKey]: operation.input,
      response: { 200: envelopeOf(operation.answer) },
    },
    handler: async (request, reply) => {
      const input = (operation.method === 'GET' ? request.query : request.body) as z.output<O['input']>;
      return ok(await handler(input, request, reply), options.message);
    },
  });
}
