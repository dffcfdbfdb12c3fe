import { ApiCode, MSG } from '@fieldpay/domain';
import type { FastifyInstance } from 'fastify';
import { failure } from './envelope';
import { describeIssue } from './field-labels';

/**
 * A NUL byte or half of a UTF-16 surrogate pair: PostgreSQL cannot store or even compare them, so
 * one in any filter or field made the statement fail with a 500.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isUnreadable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The path of the first string holding an unreadable character, as `/field/0/inner`, or null. */
export function unreadablePath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isUnreadable(value) ? path || '/' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unreadablePath(item, `${path}/${index}`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = isUnreadable(key) ? `${path}/${key}` : unreadablePath(item, `${path}/${key}`);
      if (found) return found;
    }
  }
  return null;
}

/**
 * One check for every route, before its schema: text that the database cannot hold is refused
 * with a 400 naming the field, instead of each route patching its own filters.
 */
export function installTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const found = unreadablePath(value);
      if (found) {
        return reply
          .status(400)
          .send(failure(ApiCode.validation, describeIssue(found === '/' ? '' : found, MSG.textUnreadable, part)));
      }
    }
  });
}
