import { Writable } from 'node:stream';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SERVER_SECRET, TEST_SIGN_SECRET } from '../../test/app';
import { freshDatabase } from '../../test/db';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { MODULES } from '../modules';
import { loggableError } from './error-handler';

const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>['app'];

beforeAll(async () => {
  database = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    SIGN_SECRET: TEST_SIGN_SECRET,
    SERVER_SECRET: TEST_SERVER_SECRET,
  });
  ({ app } = await buildApp(config, database, MODULES, { logStream }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('request URLs in the log', () => {
  it('keep no file-link signature, phone number or unmask token', async () => {
    const sign = 'ab'.repeat(32);
    const phone = '13812345678';
    await app.inject({
      method: 'GET',
      url: `/api/resource/file/1/abcdefghijklmnop1234?expires=1&disposition=inline&sign=${sign}`,
    });
    await app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${phone}` });
    await app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${phone}x` });
    // a desensitization token, as the person info sends it (tempToken)
    const unmask = 'Tk'.repeat(21);
    await app.inject({ method: 'GET', url: `/api/sys/person/info?userId=1&tempToken=${unmask}` });
    const log = lines.join('');
    expect(log).not.toContain(unmask);
    expect(log).toContain('/api/dev/sms-outbox?phone=');
    expect(log).toContain('/api/resource/file/1/abcdefghijklmnop1234?');
    expect(log).not.toContain(sign);
    expect(log).not.toContain(phone);
    // what is not secret stays readable
    expect(log).toContain('disposition=inline');
  });
});

describe('a failed statement in the log', () => {
  it('keeps the statement and the database error code, never the bound parameters', async () => {
    const phone = '13812345678';
    const failed = await database.db.execute(sql`select ${`${phone}x`}::int as n`).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(DrizzleQueryError);
    const logged = loggableError(failed as Error);
    const text = JSON.stringify({ ...logged, message: logged.message, stack: logged.stack });
    expect(text).toContain('select');
    expect(text).toMatch(/"code":"22/);
    expect(text).not.toContain(phone);
  });
});
