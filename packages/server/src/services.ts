import { AccessService } from './platform/access/service';
import { CaptchaService } from './platform/auth/captcha';
import { KeyService } from './platform/auth/keys';
import { SessionService } from './platform/auth/sessions';
import { LoginThrottle } from './platform/auth/throttle';
import type { AppContext } from './platform/context';
import { FileService } from './platform/files/service';
import { SensitiveWordService } from './platform/sensitive-words/service';

/** The app's long-lived services, one instance each per process. */
export function createServices(ctx: AppContext) {
  return {
    ctx,
    keys: new KeyService(ctx),
    captcha: new CaptchaService(ctx),
    sessions: new SessionService(ctx),
    throttle: new LoginThrottle(ctx),
    access: new AccessService(ctx),
    files: new FileService(ctx),
    sensitiveWords: new SensitiveWordService(ctx),
  };
}
export type Services = ReturnType<typeof createServices>;
