import type { Operation, OperationAnswer } from '@fieldpay/domain';
import { envelopeOf, noInput, pathParamsOf } from '@fieldpay/domain';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { ok } from './envelope';
import type { ZodApp } from './types';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** set on the routes registered from a declared operation (registerOperation) */
    operation?: boolean;
  }
}

/** What a handler receives: the input parsed by the operation's schema, and the request it came in. */
export type OperationHandler<O extends Operation> = (
  input: z.output<O['input']>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<OperationAnswer<O>>;

export interface OperationOptions<O extends Operation> {
  /** the envelope's message; a function when it depends on the answer (e.g. how many were marked read) */
  message?: string | ((answer: OperationAnswer<O>) => string);
  /** a per-route rate limit (@fastify/rate-limit), e.g. CREDENTIAL_RATE_LIMIT.rateLimit */
  rateLimit?: { max: number; timeWindow: string };
  /** `[]`: the document shows the call needs no token (the public landing page's call) */
  security?: [];
  /** a larger body than the app's default, in bytes (the worker's base64 photo) */
  bodyLimit?: number;
}

/**
 * The input's schemas by where they travel: the path parameters (`:name` segments) in `params`,
 * the rest in the query of a GET or the body of a POST. An operation without input declares none.
 */
function inputSchemas(operation: Operation): Record<string, z.ZodType> {
  if (operation.input === noInput) return {};
  const inputKey = operation.method === 'GET' ? 'querystring' : 'body';
  const names = pathParamsOf(operation.path);
  if (names.length === 0) return { [inputKey]: operation.input };
  if (!(operation.input instanceof z.ZodObject)) {
    throw new Error(`operation ${operation.path}: path parameters need an object input`);
  }
  // a mask of the parameters' keys (zod's pick/omit take the keys as `{ key: true }`)
  const inPath = Object.fromEntries(names.map((name) => [name, true])) as Record<string, true> & Record<number, never>;
  const rest = operation.input.omit(inPath);
  return {
    params: operation.input.pick(inPath),
    ...(Object.keys(rest.shape).length > 0 ? { [inputKey]: rest } : {}),
  };
}

/**
 * The route's method, path, access and schemas as an operation declares them (so the OpenAPI
 * document and the validation come from the one declaration). An operation without input declares
 * no query or body schema, so a caller may send nothing.
 */
export function operationRoute<O extends Operation>(
  operation: O,
  options: Pick<OperationOptions<O>, 'rateLimit' | 'security' | 'bodyLimit'> = {},
): Pick<RouteOptions, 'method' | 'url' | 'config' | 'schema' | 'bodyLimit'> {
  return {
    method: operation.method,
    url: operation.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: {
      access: operation.access,
      operation: true,
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    },
    schema: {
      tags: [operation.tag],
      summary: operation.summary,
      ...inputSchemas(operation),
      ...(options.security ? { security: options.security } : {}),
      response: { 200: envelopeOf(operation.answer) },
    },
  };
}

/**
 * Registers the route of an operation declared in domain, with the handler's result in the success
 * envelope. Every JSON call is registered this way; the routes registered by hand are the ones in
 * HAND_REGISTERED_ROUTES below (src/architecture.test.ts and http/route-inventory.test.ts hold them to it).
 */
export function registerOperation<O extends Operation>(
  app: ZodApp,
  operation: O,
  handler: OperationHandler<O>,
  options: OperationOptions<O> = {},
): void {
  const { message } = options;
  const inPath = pathParamsOf(operation.path).length > 0;
  app.route({
    ...operationRoute(operation, options),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const carried = operation.method === 'GET' ? request.query : request.body;
      const input = (inPath ? { ...(carried as object), ...(request.params as object) } : carried) as z.output<
        O['input']
      >;
      const answer = await handler(input, request, reply);
      return ok(answer, typeof message === 'function' ? message(answer) : message);
    },
  });
}

/** A route registered without registerOperation, and why it cannot be an operation. */
export interface HandRegisteredRoute {
  method: 'GET' | 'POST';
  /** the route's pattern as Fastify lists it */
  url: string;
  /** the source file registering it, relative to src/ */
  file: string;
  why: string;
}

const UPLOAD_WHY = 'multipart/form-data body (files are streamed to storage), not JSON';

/**
 * The documented exceptions: routes that are not JSON in and JSON out. Each still declares its
 * access (http/access.ts refuses a route that does not).
 */
export const HAND_REGISTERED_ROUTES: readonly HandRegisteredRoute[] = [
  { method: 'GET', url: '/', file: 'app.ts', why: 'the console page (index.html), not part of the API' },
  {
    method: 'GET',
    url: '/api/health',
    file: 'platform/system/routes.ts',
    why: 'health probe, hidden from the document',
  },
  {
    method: 'GET',
    url: '/api/dev/sms-outbox',
    file: 'platform/system/routes.ts',
    why: 'development only (absent in production), no declared answer',
  },
  {
    method: 'GET',
    url: '/platform/v2/queryPerm',
    file: 'platform/auth/routes.ts',
    why: 'answers the cached JSON text as is; registered from its declared operation (operationRoute)',
  },
  {
    method: 'GET',
    url: '/enterprise/v2/queryPerm',
    file: 'platform/auth/routes.ts',
    why: 'answers the cached JSON text as is; registered from its declared operation (operationRoute)',
  },
  { method: 'POST', url: '/api/resource/upload/upload', file: 'platform/files/routes.ts', why: UPLOAD_WHY },
  { method: 'POST', url: '/api/resource/upload/sourceUpload', file: 'platform/files/routes.ts', why: UPLOAD_WHY },
  {
    method: 'POST',
    url: '/api/resource/upload/uploadWithWatermark',
    file: 'platform/files/routes.ts',
    why: UPLOAD_WHY,
  },
  { method: 'POST', url: '/api/resource/upload/uploadOut', file: 'platform/files/routes.ts', why: UPLOAD_WHY },
  {
    method: 'GET',
    url: '/api/resource/file/:tenantId/:fileKey',
    file: 'platform/files/routes.ts',
    why: 'streams the stored file; the file is named in the path',
  },
  {
    method: 'GET',
    url: '/api/sys/task/photo/:tenantId/:photoId',
    file: 'modules/tasks/routes.ts',
    why: 'streams a task photo; the photo is named in the path (signed link or session)',
  },
  {
    method: 'GET',
    url: '/api/sys/person/material/:tenantId/:id',
    file: 'modules/persons/routes.ts',
    why: 'streams a person material; the material is named in the path (signed link only)',
  },
  {
    method: 'GET',
    url: '/api/sys/task/attachmentZip',
    file: 'modules/tasks/routes.ts',
    why: 'streams a zip of the task photos',
  },
  {
    method: 'GET',
    url: '/api/sys/order/exportAttachmentZip',
    file: 'modules/settlements/attachment-zip.ts',
    why: 'streams a zip of the attachments of a settlement or of a sub-order',
  },
  {
    method: 'GET',
    url: '/api/sys/downloadCache/download',
    file: 'platform/exports/routes.ts',
    why: 'streams the export workbook',
  },
  {
    method: 'GET',
    url: '/api/sys/order/pdf/download',
    file: 'modules/settlements/documents.ts',
    why: 'streams the reconciliation statement PDF',
  },
  {
    method: 'GET',
    url: '/api/sys/order/voucher/download',
    file: 'modules/settlements/documents.ts',
    why: 'answers the settlement voucher PDF',
  },
  {
    method: 'GET',
    url: '/api/sys/finance/account/downloadProof',
    file: 'modules/finance/proof.ts',
    why: 'answers the electronic receipt PDF of an account flow',
  },
  {
    method: 'GET',
    url: '/api/sys/enterpriseAgreement/pdf',
    file: 'modules/agreements/routes.ts',
    why: 'answers the online enterprise agreement as a PDF',
  },
  {
    method: 'GET',
    url: '/api/esign/sign/:token',
    file: 'modules/agreements/routes.ts',
    why: 'answers the signing page, HTML for a window without the console',
  },
  {
    method: 'POST',
    url: '/api/esign/sign/:token',
    file: 'modules/agreements/routes.ts',
    why: 'takes the signing page’s plain form and answers a page',
  },
  {
    method: 'GET',
    url: '/api/sys/personalAgreement/contractFile',
    file: 'modules/agreements/routes.ts',
    why: 'answers the signed contract PDF',
  },
  {
    method: 'GET',
    url: '/api/sys/lookup/:kind',
    file: 'platform/lookups/routes.ts',
    why: 'hidden fallback answering 查询类型不存在 for a kind outside the catalogue',
  },
];
