/**
 * The worker API's login (decision 0017): phone and password of a natural person, the password
 * RSA-encrypted with a key from getKey as the console's login, under the same throttle (side
 * 'worker': its own account counts, the address counts shared with the console's logins).
 */
import { type LoginBody, maskPhone, MSG, TASK_MSG, type WorkerSession } from '@fieldpay/domain';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { fail } from '../../core/errors';
import { persons, tenants } from '../../db/schema';
import type { Services } from '../../services';
import { lockedError, loginFailure } from './login';
import { verifyPassword } from './passwords';
import { WORKER_LOGIN_BLOCKED_FLAGS } from './worker-sessions';
import { ApiCode } from '@fieldpay/domain';

const SIDE = 'worker';

export function workerLogin(services: Services, input: LoginBody, ip: string): Promise<WorkerSession> {
  // before a session exists the person is found by phone, whichever tenant it is registered on
  return services.ctx.scopes.withSystem('worker login: the person by phone', async (db) => {
    const phone = input.username.trim();
    await services.throttle.lockAccount(SIDE, phone);
    const state = await services.throttle.state(SIDE, phone, ip);
    if (state.lockedUntil && state.lockedUntil > Date.now()) throw lockedError(state.lockedUntil);
    if (state.captchaRequired) {
      if (!input.captcha || !input.checkKey) throw loginFailure(ApiCode.captchaRequired, MSG.captchaRequired, state);
      if (!(await services.captcha.verify(input.checkKey, input.captcha))) {
        throw loginFailure(ApiCode.captchaRequired, MSG.captchaWrong, state);
      }
    }
    const privateKey = await services.keys.consume(input.keyId);
    const password = services.keys.decrypt(privateKey, input.password);
    // the person of the asked tenant, else the first registration with an app password
    const candidates = await db
      .select({
        id: persons.id,
        tenantId: persons.tenantId,
        name: persons.name,
        phone: persons.phone,
        loginFlag: persons.loginFlag,
        passwordHash: persons.passwordHash,
        tenantName: tenants.name,
        tenantStatus: tenants.status,
      })
      .from(persons)
      .innerJoin(tenants, eq(tenants.id, persons.tenantId))
      .where(and(eq(persons.phone, phone), isNotNull(persons.passwordHash)))
      .orderBy(asc(persons.id));
    const person = candidates.find((row) => row.tenantId === input.tenantId) ?? candidates[0];
    await services.throttle.recordFailure(SIDE, phone, ip);
    if (!(await verifyPassword(person?.passwordHash ?? null, password))) {
      const after = await services.throttle.state(SIDE, phone, ip);
      if (after.lockedUntil) throw lockedError(after.lockedUntil);
      throw loginFailure(ApiCode.badCredentials, MSG.badCredentials, after);
    }
    await services.throttle.clear(SIDE, phone);
    if (WORKER_LOGIN_BLOCKED_FLAGS.includes(person.loginFlag)) throw fail.forbidden(TASK_MSG.workerLoginDisabled);
    if (person.tenantStatus !== 1) throw fail.forbidden(MSG.noTenantAvailable);
    const token = await services.workerSessions.create(db, { personId: person.id, tenantId: person.tenantId, ip });
    return {
      token,
      tenant: { id: person.tenantId, tenantName: person.tenantName },
      person: { id: person.id, name: person.name, phone: maskPhone(person.phone) },
    };
  });
}
