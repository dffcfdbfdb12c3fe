import { z } from 'zod';
import { MAX_RECORD_ID } from '../limits';

/**
 * A record id in a query or body (a number or its text): an integer up to the largest id the
 * database holds, so `1e308` or `2147483648` is refused by validation instead of failing the statement.
 * `lowest` 0 where 0 means "the platform" (tenant ids of the operator's filters).
 */
export const recordIdSchema = (lowest: 0 | 1 = 1) => z.coerce.number().int().min(lowest).max(MAX_RECORD_ID);
