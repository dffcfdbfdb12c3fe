import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGN_SECRET, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      signSecret: DEFAULT_SIGN_SECRET,
      sessionIdleMinutes: 120,
      sessionAbsoluteHours: 24,
      smsProvider: 'outbox',
      seedDemo: true,
      trustProxy: false,
    });
  });

  it('refuses to start in production with the default secret or the development SMS outbox', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SIGN_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', SIGN_SECRET: 'short' })).toThrow(/SIGN_SECRET/);
    const secret = 'x'.repeat(40);
    expect(() => loadConfig({ NODE_ENV: 'production', SIGN_SECRET: secret })).toThrow(/SMS_PROVIDER/);
    expect(loadConfig({ NODE_ENV: 'production', SIGN_SECRET: secret, SMS_PROVIDER: 'none' }).env).toBe('production');
  });

  it('rejects malformed numbers instead of guessing', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '-5' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db', PORT: '9000' })).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://x@h/db',
    });
  });
});
