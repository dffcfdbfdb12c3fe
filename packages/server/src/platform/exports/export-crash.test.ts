/**
 * Issue 13 item 11: a server killed with SIGKILL in the middle of an export. The real server runs
 * in a child process (main.ts under tsx) on a database of its own, file-based PGlite or, with
 * TEST_DATABASE_URL, a fresh PostgreSQL database; the test waits for the export to be writing its
 * file, kills the process, starts a new one on the same database and data directory, and shows
 * that another user's export completes at once, the interrupted one is retried (or failed) within
 * a minute, and no partial file stays behind (decision 0015).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DownloadCacheRecord } from '@fieldpay/domain';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { prepareServer } from '../../start';
import { TEST_SERVER_SECRET, TEST_SIGN_SECRET } from '../../../test/app';
import { withDatabase } from '../../../test/global-setup';
import {
  type HttpSession as Session,
  type LoggedProcess,
  sessionHeaders,
  signInOver,
  startServerProcess,
  stopProcess,
  until as untilWith,
} from '../../../test/processes';

/** persons on the big project: enough for the export to take seconds on either database */
const PERSONS = 80_000;
const adminUrl = process.env.TEST_DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-export-crash-'));
const scratchDir = path.join(dataDir, 'tmp', 'exports');
let databaseName: string | undefined;
let databaseUrl: string | undefined;
let bigProjectId = 0;

const env = () => ({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  SIGN_SECRET: TEST_SIGN_SECRET,
  SERVER_SECRET: TEST_SERVER_SECRET,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

let server: (LoggedProcess & { base: string }) | undefined;
const serverLog = () => server?.log() ?? '';

/** Starts main.ts in a child process and waits until /api/health answers; the base URL. */
async function startServer(): Promise<string> {
  server = await startServerProcess(env());
  return server.base;
}

/** Polls `probe` until it answers; fails with the server's log. */
const until = <T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>) =>
  untilWith(what, timeoutMs, probe, serverLog);
const killServer = (signal: NodeJS.Signals) => stopProcess(server?.child, signal);
const signIn = signInOver;
const headers = sessionHeaders;

async function exportOf(base: string, session: Session, url: string, filters: object): Promise<number> {
  const answer = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: headers(session),
    body: JSON.stringify(filters),
  }).then((r) => r.json());
  if (!answer.success) throw new Error(`export refused: ${answer.message}`);
  return answer.result.cacheId;
}

async function record(base: string, session: Session, cacheId: number): Promise<DownloadCacheRecord | undefined> {
  const answer = await fetch(`${base}/api/sys/downloadCache/queryList?pageSize=100`, {
    headers: headers(session),
  }).then((r) => r.json());
  return (answer.result.records as DownloadCacheRecord[]).find((r) => r.id === cacheId);
}

const scratchFiles = () => (fs.existsSync(scratchDir) ? fs.readdirSync(scratchDir) : []);

beforeAll(async () => {
  if (adminUrl) {
    databaseName = `fp_crash_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName} template ${inject('pgTemplate')}`);
    await admin.end();
    databaseUrl = withDatabase(adminUrl, databaseName);
  }
  // the demo, as the server would seed it, then one big project, before any server runs
  const config = loadConfig(env());
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { app } = await prepareServer(config, database);
    await app.close();
    const { rows } = await database.executeSql(
      `insert into projects (tenant_id, enterprise_id, project_sn, project_name, project_status)
       select tenant_id, id, 'XMCRASH00001', '中断导出测试项目', 1 from enterprises order by id limit 1
       returning id, tenant_id, enterprise_id`,
      [],
    );
    const project = rows[0] as { id: number; tenant_id: number; enterprise_id: number };
    bigProjectId = Number(project.id);
    await database.executeSql(
      `insert into persons (tenant_id, user_sn, name, phone)
       select ${project.tenant_id}, 'ZRRCRASH' || lpad(g::text, 8, '0'), '欧阳' || (array['伟','芳','娜'])[1 + g % 3],
              '166' || lpad(g::text, 8, '0')
       from generate_series(1, ${PERSONS}) as g`,
      [],
    );
    await database.executeSql(
      `insert into project_persons (tenant_id, enterprise_id, project_id, person_id)
       select tenant_id, ${project.enterprise_id}, ${bigProjectId}, id from persons where user_sn like 'ZRRCRASH%'`,
      [],
    );
  } finally {
    await database.close();
  }
}, 240_000);

afterAll(async () => {
  await killServer('SIGTERM');
  if (databaseName && adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

it('after a kill -9 mid-export, other exports run at once, the interrupted one recovers and its partial file goes', async () => {
  let base = await startServer();
  const operator = await signIn(
    base,
    'platform',
    DEMO_ACCOUNTS.platformAdmin.username,
    DEMO_ACCOUNTS.platformAdmin.password,
  );
  const big = await exportOf(base, operator, '/api/sys/project/exportPersons', { projectId: bigProjectId });

  // running: the record is generating and its job is writing the scratch file
  const partial = await until('the export writes its file', 60_000, async () => {
    const file = scratchFiles().find((name) => name.startsWith(`${big}-`));
    if (!file || fs.statSync(path.join(scratchDir, file)).size === 0) return undefined;
    return file;
  });
  expect((await record(base, operator, big))?.downloadStatus).toBe(0);
  await killServer('SIGKILL');
  expect(server?.child.signalCode).toBe('SIGKILL');
  // the process died mid-file: the partial file is still there
  expect(scratchFiles()).toContain(partial);

  base = await startServer();
  const restartedAt = Date.now();
  // another user's export (another side of the platform, another tenant scope) is not held up
  const staff = await signIn(base, 'platform', DEMO_ACCOUNTS.tenantStaff.username, DEMO_ACCOUNTS.tenantStaff.password);
  const small = await exportOf(base, staff, '/api/sys/project/exportList', {});
  // within a minute, beside the retried one: on PGlite both share the process's one database thread,
  // so a loaded machine stretches it past the half minute a quiet one needs
  const smallDone = await until('the other user\u2019s export finishes', 60_000, async () => {
    const found = await record(base, staff, small);
    return found && found.downloadStatus !== 0 ? found : undefined;
  });
  const smallAt = Date.now();
  expect(smallDone.downloadStatus).toBe(1);

  // the interrupted export is retried (or failed, its retries spent) within a minute of the restart
  const bigDone = await until('the interrupted export is settled', 90_000, async () => {
    const found = await record(base, operator, big);
    return found && found.downloadStatus !== 0 ? found : undefined;
  });
  console.info(
    `export crash: other user's export done ${smallDone.id} after ${smallAt - restartedAt} ms, the interrupted one after ${Date.now() - restartedAt} ms`,
  );
  expect(bigDone.downloadStatus).toBe(1);
  expect(bigDone.rowCount).toBe(PERSONS);
  const download = await fetch(`${base}/api/sys/downloadCache/download?id=${big}`, { headers: headers(operator) });
  expect(download.status).toBe(200);
  expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  // the partial file of the killed attempt is gone, and nothing else is left behind
  expect(scratchFiles()).toEqual([]);
}, 300_000);
