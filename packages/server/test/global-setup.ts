import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPostgres } from '../src/db/client';
import { MODULES } from '../src/modules';
import { applyReferenceData } from '../src/seed/reference';

declare module 'vitest' {
  export interface ProvidedContext {
    /** file holding a migrated, reference-seeded PGlite data dir (PGlite runs) */
    pgliteDump: string;
    /** migrated template database name (PostgreSQL runs) */
    pgTemplate: string;
  }
}

/**
 * Migrates once per run: a PGlite takes seconds to create, so each test file loads a copy of this
 * one; on PostgreSQL (TEST_DATABASE_URL) each file clones a template database.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = `fp_tpl_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const database = fromPostgres(withDatabase(adminUrl, template), 2);
    await database.migrate();
    await applyReferenceData(database.db, MODULES);
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', '');
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const client = new PGlite();
  const database = fromPglite(client);
  await database.migrate();
  await applyReferenceData(database.db, MODULES);
  const dump = await client.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fp-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', file);
  project.provide('pgTemplate', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
