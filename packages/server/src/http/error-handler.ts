import { ApiCode, MSG } from '@fieldpay/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { failure } from './envelope';
import { AppError, type FailureKind } from '../core/errors';

/** The one place business failures become HTTP statuses (DESIGN §3). */
const STATUS_OF: Record<FailureKind, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  rule: 422,
  tooMany: 429,
};
import { describeIssue } from './field-labels';

/**
 * What the log keeps of an unexpected error: a failed statement's text and the database's error code,
 * never its bound parameters (Drizzle writes them into the message; they carry names and numbers).
 */
export function loggableError(error: Error): Error {
  if (!(error instanceof DrizzleQueryError)) return error;
  // the database's own message quotes the offending value ('invalid input syntax …: "139…"'): its code only
  const cause = error.cause as { code?: string } | undefined;
  const logged = new Error(`Failed query: ${error.query}`);
  logged.name = 'DrizzleQueryError';
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  logged.stack = [`${logged.name}: ${logged.message}`, ...frames].join('\n');
  Object.assign(logged, { code: cause?.code });
  return logged;
}

/**
 * busboy's errors for a multipart body that breaks off or is malformed: plain Errors without a code
 * (@fastify/multipart itself recognises the first by its text).
 */
const BROKEN_MULTIPART = new Set([
  'Unexpected end of multipart data',
  'Unexpected end of form',
  'Malformed part header',
]);

/** Fastify's `frameworkErrors`: the router's refusals, answered in the envelope like any other. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send(failure(414, MSG.urlTooLong));
  } else if (error.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send(failure(ApiCode.validation, MSG.malformedUrl));
  } else {
    reply.status(400).send(failure(ApiCode.validation, MSG.malformedJson));
  }
}

/**
 * One error policy: known failures keep their status, code and Chinese message; anything else is
 * logged in full and answered with a generic 500 — no stack trace or SQL ever reaches a client.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(STATUS_OF[error.kind]).send(failure(error.code, error.message, error.result));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = first ? describeIssue(first.instancePath, first.message ?? '', error.validationContext) : '';
      return reply.status(400).send(failure(ApiCode.validation, message || MSG.malformedJson));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(failure(413, MSG.bodyTooLarge));
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(failure(ApiCode.validation, MSG.malformedJson));
      case 'FST_MP_PREMATURE_CLOSE':
        return reply.status(400).send(failure(ApiCode.validation, MSG.uploadIncomplete));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(failure(415, MSG.malformedJson));
    }
    if (BROKEN_MULTIPART.has(error.message)) {
      return reply.status(400).send(failure(ApiCode.validation, MSG.uploadIncomplete));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(failure(ApiCode.tooMany, MSG.tooManyRequests));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.status(error.statusCode).send(failure(error.statusCode, MSG.malformedJson));
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.status(500).send(failure(ApiCode.serverError, MSG.serverError));
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(failure(ApiCode.notFound, MSG.notFound)));
}
