import { ApiCode, type Envelope, MSG } from '@fieldpay/domain';

export const ok = <T>(result: T, message: string = MSG.operationSuccess): Envelope<T> => ({
  success: true,
  code: ApiCode.ok,
  message,
  result,
  timestamp: Date.now(),
});

export const failure = (code: number, message: string, result: unknown = null): Envelope<unknown> => ({
  success: false,
  code,
  message,
  result,
  timestamp: Date.now(),
});

/** The success envelope around a result that is already JSON text (validated where it was made). */
export const okJson = (resultJson: string, message: string = MSG.operationSuccess): string =>
  `{"success":true,"code":${ApiCode.ok},"message":${JSON.stringify(message)},"result":${resultJson},"timestamp":${Date.now()}}`;
