import type { Database } from './db/client';
import { BankConnection, bankSimDataDir } from './integrations/bank';
import { createGeocoder } from './integrations/geocoder';
import { compactListChanges } from './db/list-changes';
import { AccessService } from './platform/access/service';
import { CaptchaService } from './platform/auth/captcha';
import { DesensitizationService } from './platform/auth/desensitization';
import { KeyService } from './platform/auth/keys';
import { SessionService } from './platform/auth/sessions';
import { LoginThrottle } from './platform/auth/throttle';
import { WorkerSessionService } from './platform/auth/worker-sessions';
import type { AppContext } from './platform/context';
import { ExportService } from './platform/exports/service';
import { FileService } from './platform/files/service';
import { JobQueue } from './platform/jobs/queue';
import { LookupRegistry } from './platform/lookups/registry';
import { LoginLogService, loginLogExport } from './platform/system/login-log';
import { SmsCodes } from './platform/auth/sms-codes';
import { SensitiveWordService } from './platform/sensitive-words/service';
import { auditExport } from './platform/system/audit-query';
import { lookupTenants } from './platform/tenants/lookups';

/** The platform's long-lived services, one instance each per process; modules add to its registries. */
export function createServices(ctx: AppContext, database: Pick<Database, 'executeSql' | 'kind'>) {
  const files = new FileService(ctx);
  // an embedded PGlite is open in this process only: every job running at start is dead
  const jobs = new JobQueue(ctx, database.executeSql, database.kind === 'pglite');
  const exports = new ExportService(ctx, files.storage, jobs);
  // every ten minutes, the notes of writes that list totals follow are folded (db/list-changes.ts)
  jobs.register(
    'db.compact-list-changes',
    async () => {
      await ctx.scopes.withSystem("list totals: folding every tenant's notes of writes", compactListChanges);
    },
    { cron: '*/10 * * * *' },
  );
  const lookups = new LookupRegistry();
  // the platform answers the tenant lookup itself; the modules add theirs (app.ts)
  lookups.add('tenants', { tenant: lookupTenants });
  // the platform's own exports (the modules define theirs in app.ts)
  const loginLog = new LoginLogService(ctx);
  exports.define(auditExport);
  exports.define(loginLogExport(loginLog));
  const services = {
    ctx,
    keys: new KeyService(ctx),
    captcha: new CaptchaService(ctx),
    sessions: new SessionService(ctx),
    workerSessions: new WorkerSessionService(ctx),
    throttle: new LoginThrottle(ctx),
    loginLog,
    sms: new SmsCodes(ctx),
    /** the bank behind the direct connection (in process or over HTTP, config.bank) */
    bank: new BankConnection({
      ...ctx.config.bank,
      databaseUrl: ctx.config.bank.databaseUrl,
      dataDir: ctx.config.env === 'test' ? undefined : bankSimDataDir(ctx.config.dataDir),
    }),
    access: new AccessService(ctx),
    /** reverse geocoding of the task map (offline by default, config.maps) */
    geocoder: createGeocoder(ctx.config.maps),
    files,
    jobs,
    exports,
    lookups,
    sensitiveWords: new SensitiveWordService(ctx),
  };
  return Object.assign(services, { desensitization: new DesensitizationService(services) });
}
export type Services = ReturnType<typeof createServices>;
