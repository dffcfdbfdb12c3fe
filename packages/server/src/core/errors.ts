import { ApiCode, MSG } from '@fieldpay/domain';

/** A failure the client should see (thrown by services, mapped to the answer by the HTTP error handler): status, envelope code, Chinese message, optional result. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly result: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const fail = {
  validation: (message: string, result: unknown = null) => new AppError(400, ApiCode.validation, message, result),
  unauthorized: (message: string = MSG.tokenInvalid) => new AppError(401, ApiCode.tokenInvalid, message),
  forbidden: (message: string = MSG.forbidden) => new AppError(403, ApiCode.forbidden, message),
  notFound: (message: string = MSG.notFound, code: number = ApiCode.notFound) => new AppError(404, code, message),
  conflict: (message: string) => new AppError(409, ApiCode.conflict, message),
  rule: (message: string, code: number = ApiCode.rule) => new AppError(422, code, message),
  tooMany: (message: string, code: number = ApiCode.tooMany, result: unknown = null) =>
    new AppError(429, code, message, result),
};
