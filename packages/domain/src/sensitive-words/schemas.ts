/** Sensitive-word check and the operator's word list (spec 1 §5, §7; spec 3 §7; decision 0004). */
import { z } from 'zod';
import { MSG } from '../messages';
import { pageQuerySchema } from '../api/envelope';

export const SENSITIVE_WORDS = {
  wordMaxLength: 30,
  /** the longest text one check takes: an agreement template's text with room to spare */
  textMaxLength: 50_000,
  addMaxCount: 200,
} as const;

export const sensitiveCheckBodySchema = z.object({
  senWords: z.string().max(SENSITIVE_WORDS.textMaxLength, MSG.sensitiveTextTooLong(SENSITIVE_WORDS.textMaxLength)),
});
/** The words found, as the list holds them; empty when the text is clean. */
export const sensitiveCheckResultSchema = z.object({ words: z.array(z.string()) });

export const sensitiveWordSchema = z
  .string()
  .trim()
  .min(1, MSG.sensitiveWordRequired)
  .max(SENSITIVE_WORDS.wordMaxLength, MSG.sensitiveWordTooLong(SENSITIVE_WORDS.wordMaxLength));

export const sensitiveWordListQuerySchema = pageQuerySchema.extend({
  word: z.string().trim().max(SENSITIVE_WORDS.wordMaxLength).optional(),
});

export const sensitiveWordRecordSchema = z.object({
  id: z.number().int(),
  word: z.string(),
  createName: z.string(),
  /** epoch milliseconds */
  createTime: z.number().int(),
});
export type SensitiveWordRecord = z.infer<typeof sensitiveWordRecordSchema>;

export const sensitiveWordAddBodySchema = z.object({
  words: z
    .array(sensitiveWordSchema)
    .min(1, MSG.sensitiveWordRequired)
    .max(SENSITIVE_WORDS.addMaxCount, MSG.sensitiveWordsTooMany(SENSITIVE_WORDS.addMaxCount)),
});
export const sensitiveWordAddResultSchema = z.object({ added: z.array(z.string()), existing: z.array(z.string()) });

export const sensitiveWordDeleteBodySchema = z.object({
  ids: z.array(z.number().int().positive()).min(1, MSG.sensitiveWordsDeleteRequired).max(500),
});
