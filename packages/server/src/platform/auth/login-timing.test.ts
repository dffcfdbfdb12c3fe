import * as argon2 from '@node-rs/argon2';
import { MSG } from '@fieldpay/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEnterpriseUser, createPlatformUser, createTenant, loginRequest, useTestApp } from '../../../test/app';
import { loginFailures } from '../../db/schema';

// every password check of the login goes through this one function; counting its calls shows how
// many hashes an attempt costs, which is what its answer time gives away
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...actual, verify: vi.fn(actual.verify) };
});

const t = useTestApp();
afterEach(async () => {
  await t.database.db.delete(loginFailures);
});

const hashChecks = async (attempt: () => Promise<{ json(): { message: string } }>) => {
  vi.mocked(argon2.verify).mockClear();
  const message = (await attempt()).json().message;
  return { message, checks: vi.mocked(argon2.verify).mock.calls.length };
};

describe('a login attempt costs one password hash, whatever the name', () => {
  it('for an unknown name, a name of the other side, and a name of this side alike', async () => {
    const tenantId = await createTenant(t.database);
    const member = await createEnterpriseUser(t.database, { tenantIds: [tenantId] });
    const staff = await createPlatformUser(t.database, { tenantId });

    const unknown = await hashChecks(() => loginRequest(t.app, 'platform', '13699990000', 'Wrong@12345'));
    const otherSideWrong = await hashChecks(() => loginRequest(t.app, 'platform', member.username, 'Wrong@12345'));
    const thisSideWrong = await hashChecks(() => loginRequest(t.app, 'platform', staff.username, 'Wrong@12345'));
    const otherSideRight = await hashChecks(() => loginRequest(t.app, 'platform', member.username, member.password));

    expect([unknown, otherSideWrong, thisSideWrong].map((a) => a.message)).toEqual([
      MSG.badCredentials,
      MSG.badCredentials,
      MSG.badCredentials,
    ]);
    expect(otherSideRight.message).toBe(MSG.accountOfOtherSide('企业端'));
    expect([unknown, otherSideWrong, thisSideWrong, otherSideRight].map((a) => a.checks)).toEqual([1, 1, 1, 1]);
  });
});
