import { index, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The jobs running now, one row per pg-boss job a live process is working on (decision 0015). The
 * process refreshes `heartbeat_at` while the job runs and deletes the row when it ends; a row whose
 * heartbeat has stopped belongs to a dead process, and its job is failed (retried while retries
 * remain). `group_key` keeps one running job per group (one user's exports) across processes.
 * Only the job queue reads and writes it, as the database user, outside any tenant scope.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    /** pgboss.job id */
    jobId: uuid('job_id').primaryKey(),
    queue: varchar('queue', { length: 64 }).notNull(),
    /** the process running it: a random id per process start */
    owner: varchar('owner', { length: 64 }).notNull(),
    groupKey: varchar('group_key', { length: 64 }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('job_runs_queue_group').on(t.queue, t.groupKey).where(sql`group_key is not null`),
    index('job_runs_owner').on(t.owner),
  ],
);
