import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { escapeLiteral } from 'pg';
import { AppError } from '../core/errors';
import { isPlatformOperator, type Viewer } from '../core/tenancy';
import type { AppDb, Database, Tx } from './client';

/**
 * The roles requests, jobs and seeders run as; none owns anything or can bypass row-level
 * security. Each has its own policy on every tenant table (migration 0005, decision 0011):
 * APP_ROLE sees the tenant of the settings (tenant staff; without a session, whose tenant is
 * empty, nothing), ENTERPRISE_ROLE that tenant's rows of the enterprise of the settings, ALL_ROLE
 * every tenant (the platform operator and named system scopes).
 */
export const APP_ROLE = 'fieldpay_app';
export const ENTERPRISE_ROLE = 'fieldpay_enterprise';
export const ALL_ROLE = 'fieldpay_all';
export const WALL_ROLES = [APP_ROLE, ENTERPRISE_ROLE, ALL_ROLE] as const;
export type WallRole = (typeof WALL_ROLES)[number];

/** Who the database work is for; decides which tenant rows the wall lets through. */
export type ScopeViewer = Viewer;

/**
 * A viewer sees its tenant (and on the enterprise side its enterprise); `system` is every tenant,
 * for jobs, seeders and the few reads that must happen before a session exists, always with a
 * reason a reader can search for; `anonymous` (public routes) sees no tenant row at all.
 */
export type DbScope =
  | { kind: 'viewer'; viewer: ScopeViewer }
  | { kind: 'system'; reason: string }
  | { kind: 'anonymous' };

/**
 * The role and the transaction-local settings its policy reads (migration 0005): which tenant, and
 * on the enterprise side which enterprise. (Migration 0004's app.side and app.user_identity chose
 * between viewers inside one policy; the role does that now.)
 */
export interface ScopeSettings {
  role: WallRole;
  tenantId: string;
  enterpriseId: string;
}

export function settingsOf(scope: DbScope): ScopeSettings {
  if (scope.kind === 'system') return { role: ALL_ROLE, tenantId: '', enterpriseId: '' };
  // no session: the tenant role with no tenant sees no tenant row
  if (scope.kind === 'anonymous') return { role: APP_ROLE, tenantId: '', enterpriseId: '' };
  const { viewer } = scope;
  const enterprise = viewer.side === 'enterprise';
  return {
    role: isPlatformOperator(viewer) ? ALL_ROLE : enterprise ? ENTERPRISE_ROLE : APP_ROLE,
    tenantId: String(viewer.tenantId),
    // an enterprise session without its enterprise matches no enterprise row
    enterpriseId: enterprise && viewer.enterpriseId !== null ? String(viewer.enterpriseId) : '',
  };
}

/** One statement: the role and the settings, all local to the transaction. */
export const SETTINGS_SQL = `select set_config('role', $1, true), set_config('app.tenant_id', $2, true),
  set_config('app.enterprise_id', $3, true)`;

export const settingsParams = (settings: ScopeSettings): string[] => [
  settings.role,
  settings.tenantId,
  settings.enterpriseId,
];

/**
 * BEGIN and the role and settings, as one message of the simple protocol (which takes no
 * parameters, so the values are quoted literals: each is a number, a fixed word or empty).
 * PostgreSQL runs the statements of a message in order and stops at the first that fails, so
 * nothing of it runs outside the transaction, and a failed setting aborts the transaction: every
 * statement sent after it is refused rather than run around the wall. SET LOCAL is what
 * set_config(…, true) does, without a query to plan (bench/project-list.ts measures both).
 */
export const openingSql = (settings: ScopeSettings): string => {
  if (!(WALL_ROLES as readonly string[]).includes(settings.role)) throw new Error(`not a wall role: ${settings.role}`);
  const [, tenantId, enterpriseId] = settingsParams(settings).map(escapeLiteral);
  return `begin; set local role ${settings.role}; set local app.tenant_id = ${tenantId}; set local app.enterprise_id = ${enterpriseId}`;
};

export const applySettings = (tx: Tx, settings: ScopeSettings) =>
  tx.execute(
    sql`select set_config('role', ${settings.role}, true), set_config('app.tenant_id', ${settings.tenantId}, true),
      set_config('app.enterprise_id', ${settings.enterpriseId}, true)`,
  );

interface ActiveScope {
  owner: DbScopes;
  tx: Tx;
  settings: ScopeSettings;
  /** set once the transaction has ended: a late query must fail, never run on a reused connection */
  ended: boolean;
  /** work to do once the outermost transaction has committed (e.g. sending a job that reads its rows) */
  afterCommit: Array<() => Promise<void>>;
}

/** One per process: the scope the current async work runs in. */
const storage = new AsyncLocalStorage<ActiveScope>();

/**
 * Switches the current scope's transaction to every tenant for `work`, for a read that is
 * cross-tenant by design (an enterprise account's own tenants, projects shared with a tenant).
 * The caller still narrows the rows itself; the name makes each such read easy to find and review.
 */
export function unsafeAcrossTenants<T>(reason: string, work: (db: Tx) => Promise<T>): Promise<T> {
  const current = storage.getStore();
  if (!current || current.ended) throw new Error(`unsafeAcrossTenants outside a scope: ${reason}`);
  return current.owner.withSystem(reason, work);
}

/**
 * The settings the current statement runs under, as a string: what a cache of query answers must
 * key on besides the query, since the wall shows each scope other rows. Empty outside a scope.
 */
export function activeScopeKey(): string {
  const current = storage.getStore();
  if (!current || current.ended) return '';
  const { role, tenantId, enterpriseId } = current.settings;
  return `${role}/${tenantId}/${enterpriseId}`;
}

/** Business failures keep what the handler wrote on purpose before failing (failed-attempt counters). */
const keepsWrites = (error: unknown) => error instanceof AppError;

/**
 * Every piece of database work runs inside one of these: a transaction that first sets the role
 * and the scope, then runs the work (on PostgreSQL the opening travels with the work's first
 * statement: one round trip for BEGIN, the settings and that statement; see Database.inScope). `db` is the handle services use; it is the
 * current scope's transaction, and refuses to work outside a scope, so nothing reaches the
 * tables around the wall.
 */
export class DbScopes {
  private readonly storage = storage;
  /** the handle services use: the current scope's transaction */
  readonly db: AppDb;

  constructor(private readonly database: Pick<Database, 'db' | 'inScope' | 'statementScoped'>) {
    this.db = new Proxy(database.db, {
      get(_target, property) {
        const active = storage.getStore();
        if (!active) {
          throw new Error(`database used outside a scope (.${String(property)}): run it in withViewer or withSystem`);
        }
        if (active.ended) throw new Error(`database used after its scope ended (.${String(property)})`);
        const value = Reflect.get(active.tx, property, active.tx);
        return typeof value === 'function' ? value.bind(active.tx) : value;
      },
    });
  }

  get active(): boolean {
    const current = this.storage.getStore();
    return current !== undefined && !current.ended;
  }

  withViewer<T>(viewer: ScopeViewer, work: (db: Tx) => Promise<T>): Promise<T> {
    return this.run({ kind: 'viewer', viewer }, work);
  }

  /** Every tenant, for a named reason: jobs, seeders, reads before a session exists. */
  withSystem<T>(reason: string, work: (db: Tx) => Promise<T>): Promise<T> {
    return this.run({ kind: 'system', reason }, work);
  }

  /**
   * Runs `work` in `scope`. Inside another scope it switches the settings of the same transaction
   * (a second connection would wait for the first on PGlite) and restores them afterwards.
   */
  async run<T>(scope: DbScope, work: (db: Tx) => Promise<T>): Promise<T> {
    const settings = settingsOf(scope);
    const current = this.storage.getStore();
    if (current && !current.ended) return this.switched(current, settings, work);
    const active: ActiveScope = {
      owner: this,
      tx: undefined as unknown as Tx,
      settings,
      ended: false,
      afterCommit: [],
    };
    let outcome: { value: T } | { error: unknown };
    try {
      outcome = await this.database.inScope(settings, async (tx) => {
        active.tx = tx;
        try {
          return { value: await this.storage.run(active, () => work(tx)) };
        } catch (error) {
          if (keepsWrites(error)) return { error };
          throw error;
        }
      });
    } finally {
      active.ended = true;
    }
    for (const task of active.afterCommit) await task();
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  }

  private async switched<T>(current: ActiveScope, settings: ScopeSettings, work: (db: Tx) => Promise<T>): Promise<T> {
    const inner: ActiveScope = { ...current, settings };
    // not awaited: the work's first statement goes out right behind the settings (one round trip).
    // Should they fail, the transaction is aborted and refuses that statement; their error is thrown.
    const applied = applySettings(current.tx, settings).then(
      () => null,
      (error: unknown) => ({ error }),
    );
    let failed = false;
    try {
      const result = await this.storage.run(inner, () => work(current.tx));
      const refused = await applied;
      if (refused) throw refused.error;
      return result;
    } catch (error) {
      failed = true;
      const refused = await applied;
      throw refused ? refused.error : error;
    } finally {
      // after a failed statement the transaction accepts nothing more; it will roll back anyway
      await applySettings(current.tx, current.settings).catch((error) => {
        if (!failed) throw error;
      });
    }
  }

  /** Runs `task` after the current scope's transaction commits, or now when there is none. */
  async afterCommit(task: () => Promise<void>): Promise<void> {
    const current = this.storage.getStore();
    if (current && !current.ended) current.afterCommit.push(task);
    else await task();
  }

  /**
   * A handle for long work (an export reading 200,000 rows): each statement runs in its own short
   * transaction in `scope`, so nothing holds a transaction (or PGlite's only connection) for the
   * whole job, and progress written meanwhile is seen at once.
   */
  perStatement(scope: DbScope): AppDb {
    return this.database.statementScoped(settingsOf(scope));
  }
}
