import { buildApp, type BuiltApp } from './app';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { seedDemo } from './seed/demo';
import { accountsWithDemoPasswords } from './seed/demo-passwords';
import { applyReferenceData } from './seed/reference';

/**
 * Migrates, builds the app, applies reference data and seeds the demo when configured. In
 * production it refuses to go on while any account signs in with a password README publishes,
 * unless the demo was asked for explicitly (SEED_DEMO=1: a public demo instance).
 */
export async function prepareServer(config: AppConfig, database: Database): Promise<BuiltApp> {
  await database.migrate();
  const built = await buildApp(config, database);
  const { app, services, modules } = built;
  try {
    const { scopes } = services.ctx;
    await scopes.withSystem('reference data: menus, codes, dictionaries, built-in roles', (tx) =>
      applyReferenceData(tx, modules),
    );
    if (config.seedDemo && (await seedDemo(services, modules))) app.log.info('demo data seeded');
    if (config.env === 'production' && !config.seedDemo) {
      const exposed = await scopes.withSystem('boot check: no account keeps a published demo password', (db) =>
        accountsWithDemoPasswords(db),
      );
      if (exposed.length > 0) {
        const names = exposed.slice(0, 5).join(', ') + (exposed.length > 5 ? ', ...' : '');
        throw new Error(
          `refusing to start in production: ${exposed.length} account(s) still use a demo password published in README (${names}); change or remove them, or set SEED_DEMO=1 for a public demo instance`,
        );
      }
    }
  } catch (error) {
    await app.close();
    throw error;
  }
  return built;
}
