/** zod schemas of the envelope and of paged requests and answers (the shapes themselves: ./codes.ts). */
import { z } from 'zod';

export const envelopeOf = <T extends z.ZodType>(result: T) =>
  z.object({
    success: z.boolean(),
    code: z.number().int(),
    message: z.string(),
    result,
    timestamp: z.number().int(),
  });

/** Paged lists answer `{ records, total }`; requests send pageNo (first page 1) and pageSize. */
/** A page size of at most `max`, `size` when none (or a bad one) is asked. */
export const pageSizeSchema = (size: number, max = 500) =>
  z.coerce.number().int().min(1).max(max).catch(size).default(size);

export const pageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100000).catch(1).default(1),
  pageSize: pageSizeSchema(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** `totalExact: false` marks an estimated total (decision 0011); exact totals leave it out. */
export const pageOf = <T extends z.ZodType>(record: T) =>
  z.object({ records: z.array(record), total: z.number().int(), totalExact: z.literal(false).optional() });
