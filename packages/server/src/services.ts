import type { ExecuteSql } from './db/client';
import { BankConnection, bankSimDataDir } from './integrations/bank';
import { compactListChanges } from './db/list-changes';
import { AccessService } from './platform/access/service';
import { CaptchaService } from './platform/auth/captcha';
import { DesensitizationService } from './platform/auth/desensitization';
import { KeyService } from './platform/auth/keys';
import { SessionService } from './platform/auth/sessions';
import { LoginThrottle } from './platform/auth/throttle';
import type { AppContext } from './platform/context';
import { ExportService } from './platform/exports/service';
import { FileService } from './platform/files/service';
import { JobQueue } from './platform/jobs/queue';
import { LookupRegistry } from './platform/lookups/registry';
import { SmsCodes } from './platform/auth/sms-codes';
import { SensitiveWordService } from './platform/sensitive-words/service';
import { lookupTenants } from './platform/tenants/lookups';

/** The platform's long-lived services, one instance each per process; modules add to its registries. */
export function createServices(ctx: AppContext, executeSql: ExecuteSql) {
  const files = new FileService(ctx);
  const jobs = new JobQueue(ctx, executeSql);
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
  const services = {
    ctx,
    keys: new KeyService(ctx),
    captcha: new CaptchaService(ctx),
    sessions: new SessionService(ctx),
    throttle: new LoginThrottle(ctx),
    sms: new SmsCodes(ctx),
    /** the bank behind the direct connection (in process or over HTTP, config.bank) */
    bank: new BankConnection({
      ...ctx.config.bank,
      databaseUrl: ctx.config.bank.databaseUrl,
      dataDir: ctx.config.env === 'test' ? undefined : bankSimDataDir(ctx.config.dataDir),
    }),
    access: new AccessService(ctx),
    files,
    jobs,
    exports,
    lookups,
    sensitiveWords: new SensitiveWordService(ctx),
  };
  return Object.assign(services, { desensitization: new DesensitizationService(services) });
}
export type Services = ReturnType<typeof createServices>;
