/** The envelope's shape and codes, free of zod so the console's first screen needs no schema library. */

/** Every JSON answer of the server (DESIGN §3). */
export interface Envelope<T> {
  success: boolean;
  code: number;
  message: string;
  result: T;
  timestamp: number;
}

/**
 * Paged lists answer `{ records, total }`. Past the server's exact-count limit the total is an
 * estimate and the answer says so with `totalExact: false` (the pager shows 约 N 条); an exact
 * total carries no flag, so older clients read the same shape (decision 0011).
 */
export interface Page<T> {
  records: T[];
  total: number;
  totalExact?: false;
}

/**
 * Codes carried in the envelope. The spec's own codes are kept exactly (10001, 10013, 19007,
 * 200001); the rest are ours and documented in docs/decisions/0002-api-contract.md.
 */
export const ApiCode = {
  ok: 200,
  validation: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  rule: 422,
  tooMany: 429,
  serverError: 500,
  /** token missing, expired, revoked or forged */
  tokenInvalid: 10001,
  /** wrong user name or password */
  badCredentials: 10002,
  /** captcha required or wrong */
  captchaRequired: 10003,
  /** account or address throttled after repeated failures */
  loginLocked: 10005,
  /** getKey signature wrong, expired or replayed; or an unknown/used keyId */
  badSignature: 10006,
  /** project or fee missing (spec) */
  projectMissing: 10013,
  /** the enterprise has no service fee of its own (spec 3 §4: the same code) */
  feeMissing: 10013,
  /** last valid agreement between an enterprise and a platform (spec) */
  lastAgreement: 19007,
  /** terminal (organisation) not passed review (spec) */
  terminalNotPassed: 200001,
} as const;
