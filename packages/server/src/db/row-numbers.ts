/**
 * Numbers made from a row's own id (the agreement's XY…, the template's XM…, the enterprise's QY…): unique
 * without a counter to race on. The row goes in with this provisional unique value and gets its number
 * from its id by an update in the same transaction, so no reader ever sees the provisional one.
 */
import { sql } from 'drizzle-orm';

/** 't' and 31 random hex digits: unique, and never of a real number's shape. */
export const provisionalNumber = () => sql`'t' || left(replace(gen_random_uuid()::text, '-', ''), 31)`;
