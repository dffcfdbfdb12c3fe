import type { ExecuteSql } from './db/client';
import { projectListExport, projectPersonExport } from './modules/projects/exports';
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
import { SensitiveWordService } from './platform/sensitive-words/service';

/** The app's long-lived services, one instance each per process. */
export function createServices(ctx: AppContext, executeSql: ExecuteSql) {
  const files = new FileService(ctx);
  const jobs = new JobQueue(ctx, executeSql);
  const exports = new ExportService(ctx, files.storage, jobs);
  exports.define(projectListExport);
  exports.define(projectPersonExport);
  const services = {
    ctx,
    keys: new KeyService(ctx),
    captcha: new CaptchaService(ctx),
    sessions: new SessionService(ctx),
    throttle: new LoginThrottle(ctx),
    access: new AccessService(ctx),
    files,
    jobs,
    exports,
    sensitiveWords: new SensitiveWordService(ctx),
  };
  return Object.assign(services, { desensitization: new DesensitizationService(services) });
}
export type Services = ReturnType<typeof createServices>;
