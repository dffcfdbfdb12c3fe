import crypto from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, fromPglite, fromPostgres } from '../src/db/client';
import { withDatabase } from './global-setup';

/**
 * A fresh database for one test file, already migrated and holding the reference data:
 * an in-memory PGlite loaded from the run's template, or a new PostgreSQL database with a random
 * name (dropped on close) when TEST_DATABASE_URL is set.
 */
export async function freshDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = inject('pgTemplate');
    const name = `fp_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // the template may be busy with another file's clone for a moment
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
    await admin.end();
    const database = fromPostgres(withDatabase(adminUrl, name), 5);
    return {
      ...database,
      close: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteDump'));
  const client = new PGlite({ loadDataDir: new Blob([dump]) });
  await client.waitReady;
  return fromPglite(client);
}
