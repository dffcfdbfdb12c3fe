import { createdAtColumn, idColumn } from './columns';
import { integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The platform's sensitive-word list, one for every tenant (the operator keeps it, like the
 * dictionaries). `normalized` is what the matcher compares (full-width folded, lower case, no
 * spacing); a deleted word keeps its row (deletedAt) so the starter list does not bring it back.
 */
export const sensitiveWords = pgTable(
  'sensitive_words',
  {
    id: idColumn(),
    word: varchar('word', { length: 30 }).notNull(),
    normalized: varchar('normalized', { length: 60 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdName: varchar('created_name', { length: 32 }).notNull().default(''),
    createdAt: createdAtColumn(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('sensitive_words_normalized').on(t.normalized)],
);
