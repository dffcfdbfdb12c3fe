import crypto from 'node:crypto';
import PgBoss from 'pg-boss';
import type { ExecuteSql } from '../../db/client';
import type { AppContext } from '../context';

export interface JobAttempt {
  jobId: string;
  /** no retry follows if this attempt throws */
  isLastAttempt: boolean;
}
export type JobHandler<Data> = (data: Data, attempt: JobAttempt) => Promise<void>;
/**
 * 'short' keeps at most one queued (not yet running) job per singleton key; 'standard' none.
 * pg-boss's 'stately' and 'singleton' are not offered: their unique index on running jobs makes a
 * worker's fetch fail while a job of a dead process still counts as running, and a failing fetch
 * holds up every job of the queue behind it (decision 0015).
 */
export type QueuePolicy = 'standard' | 'short';

/** What a queue's dead-job hook learns about a job whose process died. */
export interface DeadJob {
  jobId: string;
  /** pg-boss runs it again; false: it was the last attempt and has now failed */
  retried: boolean;
}

interface Registration {
  name: string;
  handler: JobHandler<never>;
  /** cron in China Standard Time, for recurring jobs */
  cron?: string;
  retryLimit: number;
  policy: QueuePolicy;
  concurrency: number;
  groupOf?: (data: never) => string | undefined;
  onDead?: (data: never, dead: DeadJob) => Promise<void>;
}

export interface RegisterOptions<Data> {
  cron?: string;
  retryLimit?: number;
  policy?: QueuePolicy;
  /** jobs of this queue one process runs at once (default 1) */
  concurrency?: number;
  /**
   * At most one job of a group runs at once, across processes: a job fetched while another of its
   * group runs is put back for GROUP_WAIT_SECONDS, and the workers go on with other groups' jobs.
   */
  groupOf?: (data: Data) => string | undefined;
  /** runs when a job of this queue is found abandoned by a dead process, before it is failed */
  onDead?: (data: Data, dead: DeadJob) => Promise<void>;
}

export interface JobQueueOptions {
  /** how often idle workers look for new jobs; tests use the minimum */
  pollingIntervalSeconds?: number;
}

/** how often a process refreshes the heartbeat of the jobs it runs */
export const HEARTBEAT_SECONDS = 5;
/** a running job whose heartbeat is older than this belongs to a dead process */
export const LEASE_SECONDS = 20;
/** how often every process looks for jobs of dead processes */
export const SWEEP_SECONDS = 5;
/** how long a job whose group is busy waits before it is fetched again */
export const GROUP_WAIT_SECONDS = 3;

interface ActiveJobRow {
  id: string;
  name: string;
  data: unknown;
  retry_count: number;
  retry_limit: number;
}

/**
 * Durable jobs on pg-boss (DESIGN §2), over the app's own database connection: PGlite's single
 * connection embedded, or the PostgreSQL pool. Modules register handlers before `start`; a job
 * sent is a row in pgboss.job, so it survives a restart.
 *
 * Each running job has a row in `job_runs` with its process's id and a heartbeat (decision 0015):
 * at start and every SWEEP_SECONDS a process fails the running jobs whose heartbeat stopped (all of
 * them at start on PGlite, which only one process can open), so a kill -9 costs a job a retry
 * within LEASE_SECONDS, not pg-boss's 30-minute expiry.
 *
 * Senders write their own record first (inside their transaction) and send the job after commit;
 * a record whose job was lost between the two is picked up by the module's `onStart` recovery.
 */
export class JobQueue {
  private boss: PgBoss | null = null;
  private readonly registrations: Registration[] = [];
  private readonly startHooks: Array<() => Promise<void>> = [];
  /** this process's id in job_runs */
  readonly owner = `${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
  private timers: NodeJS.Timeout[] = [];
  private sweeping: Promise<void> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly executeSql: ExecuteSql,
    /** only this process can open the database (embedded PGlite): every running job at start is dead */
    private readonly exclusive = false,
  ) {}

  register<Data>(name: string, handler: JobHandler<Data>, options: RegisterOptions<Data> = {}): void {
    this.registrations.push({
      name,
      handler: handler as JobHandler<never>,
      cron: options.cron,
      retryLimit: options.retryLimit ?? 2,
      policy: options.policy ?? 'standard',
      concurrency: options.concurrency ?? 1,
      groupOf: options.groupOf as Registration['groupOf'],
      onDead: options.onDead as Registration['onDead'],
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
      const queueOptions = {
        name: registration.name,
        policy: registration.policy,
        retryLimit: registration.retryLimit,
        retryDelay: 5,
        retryBackoff: true,
        // a backstop only: dead jobs are found by their heartbeat long before
        expireInSeconds: 30 * 60,
      };
      await boss.createQueue(registration.name, queueOptions);
      // a queue made by an earlier version keeps its old policy otherwise
      await boss.updateQueue(registration.name, queueOptions);
    }
    this.boss = boss;
    // before this process fetches anything: every running job then belongs to another process
    await this.sweep(this.exclusive);
    for (const registration of this.registrations) {
      for (let worker = 0; worker < registration.concurrency; worker++) {
        await boss.work<Record<string, unknown>>(registration.name, { includeMetadata: true }, ([job]) =>
          this.runJob(boss, registration, job),
        );
      }
      if (registration.cron) {
        await boss.schedule(registration.name, registration.cron, {}, { tz: 'Asia/Shanghai' });
      }
    }
    this.timers = [
      setInterval(() => void this.heartbeat(), HEARTBEAT_SECONDS * 1000),
      setInterval(() => void this.sweep(false), SWEEP_SECONDS * 1000),
    ];
    for (const timer of this.timers) timer.unref();
    for (const hook of this.startHooks) await hook();
  }

  private async runJob(
    boss: PgBoss,
    registration: Registration,
    job: PgBoss.JobWithMetadata<Record<string, unknown>>,
  ): Promise<void> {
    const group = registration.groupOf?.(job.data as never);
    // the job is ours now: a row left by an earlier attempt of it is stale
    await this.executeSql('delete from job_runs where job_id = $1', [job.id]);
    const claimed = await this.executeSql(
      `insert into job_runs (job_id, queue, owner, group_key) values ($1, $2, $3, $4)
       on conflict do nothing returning job_id`,
      [job.id, registration.name, this.owner, group ?? null],
    );
    if (claimed.rows.length === 0) {
      // another job of the group runs (here or in another process): this one waits its turn
      // without holding a worker, as a new job, so it spends none of its retries
      await boss.send(registration.name, job.data, {
        ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
        startAfter: GROUP_WAIT_SECONDS,
      });
      return;
    }
    try {
      await registration.handler(job.data as never, {
        jobId: job.id,
        isLastAttempt: job.retryCount >= job.retryLimit,
      });
    } finally {
      await this.executeSql('delete from job_runs where job_id = $1', [job.id]).catch((error: unknown) =>
        this.ctx.log.error({ err: error, jobId: job.id }, 'job run row not removed; the sweep removes it'),
      );
    }
  }

  private async heartbeat(): Promise<void> {
    try {
      await this.executeSql('update job_runs set heartbeat_at = now() where owner = $1', [this.owner]);
    } catch (error) {
      this.ctx.log.error({ err: error }, 'job heartbeat failed');
    }
  }

  /**
   * Fails the running jobs of dead processes: their heartbeat is older than LEASE_SECONDS (or they
   * never wrote one and started that long ago); with `everyOther`, every running job not of this
   * process. pg-boss retries them while retries remain. Runs of dead processes go too.
   */
  async sweep(everyOther: boolean): Promise<void> {
    if (this.sweeping) return this.sweeping;
    this.sweeping = this.sweepOnce(everyOther)
      .catch((error: unknown) => this.ctx.log.error({ err: error }, 'dead job sweep failed'))
      .finally(() => {
        this.sweeping = null;
      });
    return this.sweeping;
  }

  private async sweepOnce(everyOther: boolean): Promise<void> {
    const boss = this.boss;
    if (!boss || this.registrations.length === 0) return;
    const { rows } = await this.executeSql(
      `select j.id, j.name, j.data, j.retry_count, j.retry_limit
       from pgboss.job j left join job_runs r on r.job_id = j.id
       where j.name = any($1::text[]) and j.state = 'active'
         and (r.owner is null or r.owner <> $2)
         and ($3::boolean or coalesce(r.heartbeat_at, j.started_on) < now() - make_interval(secs => $4))`,
      [this.registrations.map((r) => r.name), this.owner, everyOther, LEASE_SECONDS],
    );
    for (const row of rows as unknown as ActiveJobRow[]) {
      const registration = this.registrations.find((r) => r.name === row.name);
      const retried = Number(row.retry_count) < Number(row.retry_limit);
      this.ctx.log.warn({ jobId: row.id, queue: row.name, retried }, 'job of a dead process failed');
      try {
        await registration?.onDead?.(row.data as never, { jobId: row.id, retried });
      } catch (error) {
        this.ctx.log.error({ err: error, jobId: row.id }, 'dead job hook failed');
      }
      await this.executeSql('delete from job_runs where job_id = $1', [row.id]);
      await boss.fail(row.name, row.id, { message: 'the process running it stopped' });
    }
    await this.executeSql(
      `delete from job_runs where owner <> $1 and ($2::boolean or heartbeat_at < now() - make_interval(secs => $3))`,
      [this.owner, everyOther, LEASE_SECONDS],
    );
  }

  /** Singleton keys of the queue's jobs waiting, waiting to be retried or running, anywhere. */
  async liveKeys(name: string): Promise<Set<string>> {
    const { rows } = await this.executeSql(
      `select distinct singleton_key from pgboss.job
       where name = $1 and state in ('created', 'retry', 'active') and singleton_key is not null`,
      [name],
    );
    return new Set(rows.map((row) => String(row.singleton_key)));
  }

  /** Ids of the jobs some live process is running now (their run rows). */
  async runningJobIds(): Promise<Set<string>> {
    const { rows } = await this.executeSql('select job_id from job_runs', []);
    return new Set(rows.map((row) => String(row.job_id)));
  }

  /**
   * Sends a job; answers false when the queue is not running here (the sender's record stays
   * pending and the start hook sends it). singletonKey keeps one waiting job per record;
   * startAfterSeconds delays it.
   */
  async send(name: string, data: object, singletonKey?: string, startAfterSeconds?: number): Promise<boolean> {
    const boss = this.boss;
    if (!boss) return false;
    // inside a request the job waits for the commit: it must find its record, and on PGlite a
    // second statement outside the open transaction would wait for it forever
    await this.ctx.scopes.afterCommit(async () => {
      await boss.send(name, data, {
        ...(singletonKey ? { singletonKey } : {}),
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
      });
    });
    return true;
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    this.boss = null;
    // the heartbeat goes on while running jobs finish
    await boss.stop({ graceful: true, wait: true, timeout: 20_000 });
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.sweeping;
  }
}
