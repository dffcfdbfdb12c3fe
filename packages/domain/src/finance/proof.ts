/**
 * The electronic receipt (电子回单) of one account flow (spec 2 §7 "downloadProof"): a PDF the
 * server draws from the flow's ledger posting, downloaded from the account flows. It streams a
 * file, so it is a hand-registered route, not an operation (server http/operation.ts).
 */
import { z } from 'zod';
import { recordIdSchema } from '../api/ids';

/** GET ?id=: the receipt PDF of the flow `id` (the ledger posting the flow list answers). */
export const ACCOUNT_PROOF_PATH = '/api/sys/finance/account/downloadProof';

export const accountProofQuerySchema = z.object({ id: recordIdSchema() });
export type AccountProofQuery = z.infer<typeof accountProofQuerySchema>;
