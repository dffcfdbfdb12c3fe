/**
 * The settlement a short balance interrupts (spec 2 §2 routes): the settlement dialog opens the financial
 * account page with sign=1 and the settlement serialized in the address; the page offers the way back to
 * that settlement's payment. The address is the user's to edit, so what comes back is read through this
 * schema and only shown; the payment is checked again by the server.
 */
import { z } from 'zod';
import { parseYuanToFen } from '../money';

export const pendingSettlementSchema = z.object({
  id: z.number().int().positive(),
  settlementSn: z.string().min(1).max(64),
  /** yuan as the API answers it */
  amount: z.string().refine((text) => parseYuanToFen(text) !== null),
});
export type PendingSettlement = z.infer<typeof pendingSettlementSchema>;

/** The settlement serialized in an address parameter, or null when it does not read as one. */
export function parsePendingSettlement(text: string | null): PendingSettlement | null {
  if (!text) return null;
  try {
    const parsed = pendingSettlementSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
