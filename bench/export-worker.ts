/**
 * One step of the export benchmark, in its own process so each peak RSS is its own:
 *   seed <dir> <rows>   a PGlite database under <dir> with <rows> persons serving on 20 projects
 *   job <dir>           the real export job (pg-boss, 12 columns, masking, dictionary text); then
 *                       dumps the same rows, as the job wrote them, to <dir>/rows.jsonl (untimed)
 *   bare <dir>          loads rows.jsonl and writes it with a bare exceljs streaming writer
 * Each prints one JSON line: {"rows", "seconds", "peakRssMb"}. With BENCH_DATABASE_URL the database
 * is that PostgreSQL database instead of PGlite.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../packages/server/src/config';
import { type Database, fromPglite, fromPostgres } from '../packages/server/src/db/client';
import { downloadCaches, enterprises, projects, tenants, users } from '../packages/server/src/db/schema';
import { projectPersonExport } from '../packages/server/src/modules/projects/exports';
import type { Principal } from '../packages/server/src/platform/auth/sessions';
import { cellsOf } from '../packages/server/src/platform/exports/definition';
import { MODULES } from '../packages/server/src/modules';
import { applyReferenceData } from '../packages/server/src/seed/reference';
import { DbScopes } from '../packages/server/src/db/scope';
import { createServices } from '../packages/server/src/services';

const [mode, dir, rowsArg] = process.argv.slice(2);
const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
/** CPU seconds of every thread of this process so far */
const cpuSeconds = () => {
  const usage = process.cpuUsage();
  return Math.round((usage.user + usage.system) / 1e4) / 100;
};

/** PostgreSQL when BENCH_DATABASE_URL names the bench's database, else PGlite under <dir>. */
async function open(): Promise<Database> {
  if (process.env.BENCH_DATABASE_URL) return fromPostgres(process.env.BENCH_DATABASE_URL, 4);
  // loaded only here: the embedded database's code would count in the PostgreSQL runs' RSS too
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(path.join(dir, 'pglite'));
  await client.waitReady;
  return fromPglite(client);
}

async function seed(rows: number): Promise<void> {
  const database = await open();
  await database.migrate();
  await applyReferenceData(database.db, MODULES);
  const { db } = database;
  const [tenant] = await db.insert(tenants).values({ name: '华东众包服务平台' }).returning({ id: tenants.id });
  const [enterprise] = await db
    .insert(enterprises)
    .values({
      tenantId: tenant.id,
      enterpriseSn: 'QY0001',
      name: '杭州星联医药科技有限公司',
      taxNumber: '91330100MA2B0000X1',
    })
    .returning({ id: enterprises.id });
  await db.insert(users).values({ side: 'enterprise', username: '13900000001', realname: '李静怡', passwordHash: 'x' });
  for (let n = 1; n <= 20; n++) {
    await db.insert(projects).values({
      tenantId: tenant.id,
      enterpriseId: enterprise.id,
      projectSn: `XM${String(n).padStart(8, '0')}`,
      projectName: `肿瘤终端拜访项目${n}`,
      projectStatus: n % 7,
    });
  }
  await database.executeSql(`
    INSERT INTO persons (tenant_id, user_sn, name, phone, login_flag, created_at)
    SELECT ${tenant.id}, 'ZRR' || lpad(g::text, 9, '0'),
           (array['张','王','李','赵','欧阳'])[1 + g % 5] || (array['伟','芳','娜','敏','静'])[1 + (g / 5) % 5] || (array['','华','明'])[1 + g % 3],
           '13' || lpad((g::bigint * 7919 % 1000000000)::text, 9, '0'),
           g % 4, now() - (g || ' minutes')::interval
    FROM generate_series(1, ${rows}) AS g`);
  await database.executeSql(`
    INSERT INTO project_persons (tenant_id, enterprise_id, project_id, person_id, status, joined_at)
    SELECT p.tenant_id, ${enterprise.id}, pr.id, p.id, 1 + p.id % 2, p.created_at + interval '1 day'
    FROM persons p JOIN projects pr ON pr.project_sn = 'XM' || lpad((1 + p.id % 20)::text, 8, '0')`);
  // statistics, as a PostgreSQL database in service has them from autovacuum (the export's plans do
  // not depend on them: decision 0008)
  await database.executeSql('ANALYZE');
  await database.close();
  console.log(JSON.stringify({ rows, seconds: 0, peakRssMb: peakRssMb() }));
}

async function job(): Promise<void> {
  const database = await open();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir });
  const log = pino({ level: 'warn' });
  const scopes = new DbScopes(database);
  const services = createServices({ db: scopes.db, scopes, config, log }, database);
  // the job's own time: from the moment pg-boss hands it to the handler until the handler is done
  let jobSeconds = 0;
  let jobCpuSeconds = 0;
  const run = services.exports.run.bind(services.exports);
  services.exports.run = async (...args) => {
    const started = process.hrtime.bigint();
    const cpuBefore = cpuSeconds();
    await run(...args);
    jobCpuSeconds = cpuSeconds() - cpuBefore;
    jobSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  };
  if (process.env.BENCH_TRACE) {
    setInterval(() => {
      const m = process.memoryUsage();
      const mb = (n: number) => Math.round(n / 1024 / 1024);
      console.error(
        `rss ${mb(m.rss)} heapTotal ${mb(m.heapTotal)} heap ${mb(m.heapUsed)} external ${mb(m.external)} buffers ${mb(m.arrayBuffers)}`,
      );
    }, 200).unref();
  }
  await services.jobs.start({ pollingIntervalSeconds: 0.5 });
  // what the process holds before the export: the app, and with PGlite the embedded database
  const idleRssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
  const [user] = await database.db.select().from(users).where(eq(users.username, '13900000001'));
  const [enterprise] = await database.db.select().from(enterprises);
  const principal: Principal = {
    sessionId: 0,
    userId: user.id,
    side: 'enterprise',
    tenantId: enterprise.tenantId,
    enterpriseId: enterprise.id,
    username: user.username,
    realname: user.realname,
    userIdentity: 2,
    idleExpiresAt: new Date(Date.now() + 3_600_000),
  };
  const actor = {
    userId: user.id,
    name: user.realname,
    side: 'enterprise',
    tenantId: enterprise.tenantId,
    ip: '127.0.0.1',
  };
  const cacheId = await scopes.withViewer(principal, () =>
    services.exports.submit({ principal, actor, kind: 'project.persons', filters: {}, unmasked: false }),
  );
  for (;;) {
    const [cache] = await database.db.select().from(downloadCaches).where(eq(downloadCaches.id, cacheId));
    if (cache.downloadStatus === 2) throw new Error('the export failed');
    // the wrapper notes the time just after the handler has set the status
    if (cache.downloadStatus === 1 && jobSeconds > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const [cache] = await database.db.select().from(downloadCaches).where(eq(downloadCaches.id, cacheId));
  const result = {
    rows: cache.rowCount,
    seconds: jobSeconds,
    cpuSeconds: Math.round(jobCpuSeconds * 100) / 100,
    peakRssMb: peakRssMb(),
    idleRssMb,
    bytes: cache.fileSize,
  };
  await services.jobs.stop();
  if (fs.existsSync(path.join(dir, 'rows.jsonl'))) {
    await database.close();
    console.log(JSON.stringify(result));
    return;
  }

  // the bare writer's input: the very cells the job wrote, one JSON array per line
  const out = fs.createWriteStream(path.join(dir, 'rows.jsonl'));
  const requester = cache.requester;
  for await (const page of projectPersonExport.rows(database.db, requester, {}, 500)) {
    for (const row of page) {
      if (!out.write(`${JSON.stringify(cellsOf(projectPersonExport.columns, row, false))}\n`)) {
        await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
    }
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
  await database.close();
  console.log(JSON.stringify(result));
}

async function bare(): Promise<void> {
  // loaded here only: the app never loads exceljs, so the job's process must not either
  const { default: ExcelJS } = await import('exceljs');
  const rows: unknown[][] = [];
  const lines = readline.createInterface({ input: fs.createReadStream(path.join(dir, 'rows.jsonl')) });
  for await (const line of lines) rows.push(JSON.parse(line));
  const started = process.hrtime.bigint();
  const cpuBefore = cpuSeconds();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path.join(dir, 'bare.xlsx') });
  const sheet = workbook.addWorksheet('项目人员');
  sheet.columns = projectPersonExport.columns.map((column) => ({ header: column.header, width: column.width }));
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = Math.round((cpuSeconds() - cpuBefore) * 100) / 100;
  console.log(
    JSON.stringify({
      rows: rows.length,
      seconds,
      cpuSeconds: cpu,
      peakRssMb: peakRssMb(),
      bytes: fs.statSync(path.join(dir, 'bare.xlsx')).size,
    }),
  );
}

const run = mode === 'seed' ? seed(Number(rowsArg)) : mode === 'job' ? job() : bare();
run.then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
