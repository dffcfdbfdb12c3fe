import { chinaDay } from '../../platform/china-time';
import { YURREF_PATTERN } from './gateway';

/** what an instruction is for: S a settlement's payment, P a payout line, R a refund to an enterprise, W a withdrawal */
export type YurrefKind = 'S' | 'P' | 'R' | 'W';

/**
 * `FP` + kind + the China date (yyMMdd) + the record id (10 digits) + the attempt (2 digits):
 * 21 characters, letters and digits only (decision 0018). The caller stores it in the same
 * transaction that decides to send it, and sends that stored value every time after, so a retry on
 * another day still sends the same yurref.
 */
export function makeYurref(kind: YurrefKind, recordId: number, attempt: number, at: Date): string {
  if (!Number.isSafeInteger(recordId) || recordId < 1 || recordId >= 1e10)
    throw new RangeError(`record id ${recordId}`);
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > 99) throw new RangeError(`attempt ${attempt}`);
  const yurref = `${yurrefPrefix(kind, at)}${String(recordId).padStart(10, '0')}${String(attempt).padStart(2, '0')}`;
  if (!YURREF_PATTERN.test(yurref)) throw new RangeError(`yurref ${yurref}`);
  return yurref;
}

/**
 * The yurref's first 9 characters (`FP` + kind + the China date), for a statement that makes many
 * yurrefs at once: prefix || lpad(id, 10, '0') || the attempt's 2 digits is makeYurref's value.
 */
export function yurrefPrefix(kind: YurrefKind, at: Date): string {
  return `FP${kind}${chinaDay(at)}`;
}
