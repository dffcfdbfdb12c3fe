import { ApiCode, MSG } from '@fieldpay/domain';

/** What went wrong, in business terms; the HTTP error handler alone turns it into a status. */
export type FailureKind = 'validation' | 'unauthorized' | 'forbidden' | 'notFound' | 'conflict' | 'rule' | 'tooMany';

/**
 * A failure the user should see, thrown by services: its kind, the envelope code (the spec's codes
 * such as 10001 or 10013), the Chinese message and an optional result.
 */
export class AppError extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly code: number,
    message: string,
    readonly result: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const fail = {
  validation: (message: string, result: unknown = null, code: number = ApiCode.validation) =>
    new AppError('validation', code, message, result),
  unauthorized: (message: string = MSG.tokenInvalid, code: number = ApiCode.tokenInvalid, result: unknown = null) =>
    new AppError('unauthorized', code, message, result),
  forbidden: (message: string = MSG.forbidden) => new AppError('forbidden', ApiCode.forbidden, message),
  notFound: (message: string = MSG.notFound, code: number = ApiCode.notFound) =>
    new AppError('notFound', code, message),
  conflict: (message: string) => new AppError('conflict', ApiCode.conflict, message),
  rule: (message: string, code: number = ApiCode.rule, result: unknown = null) =>
    new AppError('rule', code, message, result),
  tooMany: (message: string, code: number = ApiCode.tooMany, result: unknown = null) =>
    new AppError('tooMany', code, message, result),
};
