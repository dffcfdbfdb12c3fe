import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/db';
import { loadConfig } from './config';
import type { Database } from './db/client';
import { users } from './db/schema';
import { MODULES } from './modules';
import { hashPassword } from './platform/auth/passwords';
import { DEMO_ACCOUNTS, seedDemoData } from './seed/demo';
import { prepareServer } from './start';

const PRODUCTION = {
  NODE_ENV: 'production',
  SIGN_SECRET: 's'.repeat(40),
  SERVER_SECRET: 'k'.repeat(40),
  SMS_PROVIDER: 'none',
  LOG_LEVEL: 'silent',
  DATA_DIR: '/nonexistent-data-dir',
};

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('production boot', () => {
  it('seeds no demo data with the defaults', async () => {
    database = await freshDatabase();
    const { app } = await prepareServer(loadConfig(PRODUCTION), database);
    await app.close();
    expect(await database.db.select({ id: users.id }).from(users)).toEqual([]);
  });

  it('refuses to start while any account keeps a published demo password', async () => {
    database = await freshDatabase();
    const db = database.db;
    expect(await seedDemoData(db, MODULES)).toBe(true);
    await expect(prepareServer(loadConfig(PRODUCTION), database)).rejects.toThrow(/demo password/);

    // the README accounts changed their passwords: the generated accounts still share the published one
    const fresh = await hashPassword('Changed@2026-x');
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      await db.update(users).set({ passwordHash: fresh }).where(eq(users.username, account.username));
    }
    await expect(prepareServer(loadConfig(PRODUCTION), database)).rejects.toThrow(/demo password/);

    // one account set alone to a published password is found too when it is a README name
    await db.update(users).set({ passwordHash: await hashPassword('Other@2026-y') });
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(DEMO_ACCOUNTS.platformAdmin.password) })
      .where(eq(users.username, DEMO_ACCOUNTS.platformAdmin.username));
    await expect(prepareServer(loadConfig(PRODUCTION), database)).rejects.toThrow(/1 account\(s\).*admin/);

    await db.update(users).set({ passwordHash: fresh }).where(eq(users.username, DEMO_ACCOUNTS.platformAdmin.username));
    const { app } = await prepareServer(loadConfig(PRODUCTION), database);
    await app.close();
  });

  it('a public demo instance is asked for explicitly', async () => {
    database = await freshDatabase();
    expect(await seedDemoData(database.db, MODULES)).toBe(true);
    const { app } = await prepareServer(loadConfig({ ...PRODUCTION, SEED_DEMO: '1' }), database);
    await app.close();
    expect(await database.db.select({ id: users.id }).from(users)).not.toEqual([]);
  });
});
