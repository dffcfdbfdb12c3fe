import PgBoss from 'pg-boss';
import type { ExecuteSql } from '../../db/client';
import type { AppContext } from '../context';

export interface JobAttempt {
  jobId: string;
  /** no retry follows if this attempt throws */
  isLastAttempt: boolean;
}
export type JobHandler<Data> = (data: Data, attempt: JobAttempt) => Promise<void>;
export type QueuePolicy = 'standard' | 'stately';

interface Registration {
  name: string;
  handler: JobHandler<never>;
  /** cron in China Standard Time, for recurring jobs */
  cron?: string;
  retryLimit: number;
  policy: QueuePolicy;
}

export interface JobQueueOptions {
  /** how often idle workers look for new jobs; tests use the minimum */
  pollingIntervalSeconds?: number;
}

/**
 * Durable jobs on pg-boss (DESIGN §2), over the app's own database connection: PGlite's single
 * connection embedded, or the PostgreSQL pool. Modules register handlers before `start`; a job
 * sent is a row in pgboss.job, so it survives a restart and is retried after a crash.
 *
 * Senders write their own record first (inside their transaction) and send the job after commit;
 * a record whose job was lost between the two is picked up by the module's `onStart` recovery.
 */
export class JobQueue {
  private boss: PgBoss | null = null;
  private readonly registrations: Registration[] = [];
  private readonly startHooks: Array<() => Promise<void>> = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly executeSql: ExecuteSql,
  ) {}

  /** policy 'stately' keeps at most one queued and one running job per singleton key. */
  register<Data>(
    name: string,
    handler: JobHandler<Data>,
    options: { cron?: string; retryLimit?: number; policy?: QueuePolicy } = {},
  ): void {
    this.registrations.push({
      name,
      handler: handler as JobHandler<never>,
      cron: options.cron,
      retryLimit: options.retryLimit ?? 2,
      policy: options.policy ?? 'standard',
    });
  }

  /** Runs once the queue works, e.g. to re-send jobs of records left pending by a crash. */
  onStart(hook: () => Promise<void>): void {
    this.startHooks.push(hook);
  }

  get running(): boolean {
    return this.boss !== null;
  }

  async start(options: JobQueueOptions = {}): Promise<void> {
    if (this.boss) return;
    const boss = new PgBoss({
      db: { executeSql: this.executeSql },
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
      // finished jobs are kept a week for inspection, then dropped by pg-boss's maintenance
      deleteAfterDays: 7,
    });
    boss.on('error', (error) => this.ctx.log.error({ err: error }, 'job queue error'));
    await boss.start();
    for (const registration of this.registrations) {
      await boss.createQueue(registration.name, {
        name: registration.name,
        policy: registration.policy,
        retryLimit: registration.retryLimit,
        retryDelay: 5,
        retryBackoff: true,
        expireInSeconds: 30 * 60,
      });
      await boss.work<Record<string, unknown>>(registration.name, { includeMetadata: true }, async ([job]) => {
        await registration.handler(job.data as never, {
          jobId: job.id,
          isLastAttempt: job.retryCount >= job.retryLimit,
        });
      });
      if (registration.cron) {
        await boss.schedule(registration.name, registration.cron, {}, { tz: 'Asia/Shanghai' });
      }
    }
    this.boss = boss;
    for (const hook of this.startHooks) await hook();
  }

  /**
   * Sends a job; answers false when the queue is not running here (the sender's record stays
   * pending and the start hook sends it). singletonKey keeps one live job per record.
   */
  async send(name: string, data: object, singletonKey?: string): Promise<boolean> {
    const boss = this.boss;
    if (!boss) return false;
    // inside a request the job waits for the commit: it must find its record, and on PGlite a
    // second statement outside the open transaction would wait for it forever
    await this.ctx.scopes.afterCommit(async () => {
      await boss.send(name, data, singletonKey ? { singletonKey } : {});
    });
    return true;
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    this.boss = null;
    await boss.stop({ graceful: true, wait: true, timeout: 20_000 });
  }
}
