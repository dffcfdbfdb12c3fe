/**
 * Child process of bench/api.ts: serves either the real app (fresh database, demo data) or a bare
 * Fastify JSON route, on a free port, and prints `{"port":N}` once listening.
 *   node --import tsx bench/api-server.ts app|bare
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/db/client';
import { MODULES } from '../packages/server/src/modules';
import { seedDemo } from '../packages/server/src/seed/demo';
import { applyReferenceData } from '../packages/server/src/seed/reference';

const mode = process.argv[2];
if (mode === 'bare') {
  const app = Fastify();
  app.get('/bare', async () => ({
    success: true,
    code: 200,
    message: '操作成功',
    result: { ok: true },
    timestamp: Date.now(),
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-bench-'));
  const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }), dataDir };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
  await database.migrate();
  await applyReferenceData(database.db, MODULES);
  const { app, services } = await buildApp(config, database);
  // the demo data with its projects, made through the services as in `npm start`
  await seedDemo(services, MODULES);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}
