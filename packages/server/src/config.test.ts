import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_SECRET, DEFAULT_SIGN_SECRET, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      signSecret: DEFAULT_SIGN_SECRET,
      serverSecret: DEFAULT_SERVER_SECRET,
      sessionIdleMinutes: 120,
      sessionAbsoluteHours: 24,
      smsProvider: 'outbox',
      seedDemo: true,
      trustProxy: false,
    });
  });

  it('refuses to start in production with the default secrets or the development SMS outbox', () => {
    const signSecret = 'x'.repeat(40);
    const serverSecret = 'y'.repeat(40);
    expect(() => loadConfig({ NODE_ENV: 'production', SERVER_SECRET: serverSecret })).toThrow(/SIGN_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', SIGN_SECRET: 'short', SERVER_SECRET: serverSecret })).toThrow(
      /SIGN_SECRET/,
    );
    const production = { NODE_ENV: 'production', SIGN_SECRET: signSecret, SERVER_SECRET: serverSecret };
    expect(() => loadConfig(production)).toThrow(/SMS_PROVIDER/);
    expect(loadConfig({ ...production, SMS_PROVIDER: 'none' })).toMatchObject({ env: 'production', serverSecret });
  });

  it('refuses to start in production without its own server secret of 32+ characters', () => {
    const production = { NODE_ENV: 'production', SIGN_SECRET: 'x'.repeat(40), SMS_PROVIDER: 'none' };
    expect(() => loadConfig(production)).toThrow(/SERVER_SECRET must be set/);
    expect(() => loadConfig({ ...production, SERVER_SECRET: DEFAULT_SERVER_SECRET })).toThrow(
      /SERVER_SECRET must be set/,
    );
    expect(() => loadConfig({ ...production, SERVER_SECRET: 'y'.repeat(31) })).toThrow(/SERVER_SECRET must be set/);
    expect(() => loadConfig({ ...production, SERVER_SECRET: 'x'.repeat(40) })).toThrow(
      /SERVER_SECRET must differ from SIGN_SECRET/,
    );
    // the public secret cannot double as the server one outside production either
    expect(() => loadConfig({ SIGN_SECRET: 'same-value', SERVER_SECRET: 'same-value' })).toThrow(/must differ/);
  });

  it('rejects malformed numbers instead of guessing', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '-5' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db', PORT: '9000' })).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://x@h/db',
    });
  });

  it('parses NODE_ENV strictly: only development, test and production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).env).toBe('development');
    expect(loadConfig({ NODE_ENV: 'test' }).env).toBe('test');
    for (const value of ['Production', 'prod', 'staging', ' production']) {
      expect(() => loadConfig({ NODE_ENV: value })).toThrow(/NODE_ENV must be development, test or production/);
    }
  });

  it('seeds demo data in production only when asked for explicitly', () => {
    const production = {
      NODE_ENV: 'production',
      SIGN_SECRET: 'x'.repeat(40),
      SERVER_SECRET: 'y'.repeat(40),
      SMS_PROVIDER: 'none',
    };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: 'yes please' })).toThrow(/SEED_DEMO/);
  });
});
