/**
 * The projects module's demo step: what other users of the demo tenants have done with the project
 * list, done through the services their requests use: each signed in, checked its identity to see unmasked data, arranged the project
 * list's columns, exported the list and signed out again; enterprise users uploaded a task sheet.
 * With it the tenant tables hold rows of more than one tenant and enterprise, as on a console in
 * use (the IDOR matrix needs foreign rows in them). The README's demo accounts are left as
 * the README describes them (their notices, lists and layouts are what a first visit shows).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { columnAudienceOf, defaultColumns, type Side } from '@fieldpay/domain';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { enterpriseMembers, persons, projectPersons, projects, users } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { XlsxFileWriter } from '../../platform/exports/xlsx-writer';
import { saveColumnLayout } from '../../platform/layouts/service';
import { auditActorOf, writeAudit } from '../../platform/system/audit';
import type { DemoStep, SystemScope } from '../../platform/modules';
import type { Services } from '../../services';
import { DEMO_ACCOUNTS, DEMO_IP } from '../../seed/demo';
import { seedDemoProjects } from './demo-projects';
import { projectListExport } from './exports';
import { uploadAs } from '../../seed/demo-upload';

/** where those users worked from (an office address range) */

interface DemoAccount {
  userId: number;
  realname: string;
  side: Side;
  tenantId: number;
  enterpriseId: number | null;
}

const README_USERNAMES: readonly string[] = Object.values(DEMO_ACCOUNTS).map((account) => account.username);

/** Per tenant its first staff member and the first member of an enterprise, none of them a README account. */
async function activeAccounts(db: DbOrTx): Promise<DemoAccount[]> {
  const staff = await db
    .select({ userId: users.id, realname: users.realname, username: users.username, tenantId: users.tenantId })
    .from(users)
    .where(and(eq(users.side, 'platform'), gt(users.tenantId, 0)))
    .orderBy(asc(users.id));
  const members = await db
    .select({
      userId: users.id,
      realname: users.realname,
      username: users.username,
      tenantId: enterpriseMembers.tenantId,
      enterpriseId: enterpriseMembers.enterpriseId,
    })
    .from(enterpriseMembers)
    .innerJoin(users, eq(users.id, enterpriseMembers.userId))
    .orderBy(asc(enterpriseMembers.enterpriseId));
  const firstOfTenant = <T extends { tenantId: number | null; username: string }>(rows: T[]) => {
    const others = rows.filter((row) => !README_USERNAMES.includes(row.username));
    return others.filter((row, index) => others.findIndex((other) => other.tenantId === row.tenantId) === index);
  };
  return [
    ...firstOfTenant(staff).map((row) => ({
      userId: row.userId,
      realname: row.realname,
      side: 'platform' as const,
      tenantId: row.tenantId ?? 0,
      enterpriseId: null,
    })),
    ...firstOfTenant(members).map((row) => ({
      userId: row.userId,
      realname: row.realname,
      side: 'enterprise' as const,
      tenantId: row.tenantId,
      enterpriseId: row.enterpriseId,
    })),
  ];
}

/** A session made as login makes it, with its audit row. */
async function signIn(services: Services, system: SystemScope, account: DemoAccount): Promise<Principal> {
  const token = await system(async (tx) => {
    const created = await services.sessions.create(tx, { ...account, ip: DEMO_IP });
    await writeAudit(
      tx,
      { userId: account.userId, name: account.realname, side: account.side, tenantId: account.tenantId, ip: DEMO_IP },
      { action: 'auth.login', targetType: 'user', targetId: account.userId },
    );
    return created;
  });
  const principal = await services.sessions.resolve(token);
  if (!principal) throw new Error(`demo account ${account.userId} could not sign in`);
  return principal;
}

/** The project list with the project name wider and the creation time hidden. */
function arrangedProjectColumns(principal: Principal) {
  const defaults = defaultColumns('projectList', columnAudienceOf(principal.side, principal.userIdentity)) ?? [];
  return defaults.map((column) =>
    column.prop === 'projectName'
      ? { ...column, width: column.width + 60 }
      : column.prop === 'createTime'
        ? { ...column, isSelect: false }
        : column,
  );
}

const TASK_SHEET_COLUMNS = [
  { header: '姓名', width: 12 },
  { header: '手机号', width: 14 },
  { header: '任务类型', width: 14 },
  { header: '服务日期', width: 14 },
  { header: '结算金额（元）', width: 14 },
];
const TASK_TYPES = ['学术拜访', '药店陈列检查', '患者随访', '市场调研问卷'];

/** The task sheet of the enterprise's first project: who served, on what, for how much. */
async function uploadTaskSheet(services: Services, principal: Principal): Promise<void> {
  const { scopes } = services.ctx;
  const crew = await scopes.withViewer(principal, (db) =>
    db
      .select({ projectId: projects.id, projectName: projects.projectName, name: persons.name, phone: persons.phone })
      .from(projectPersons)
      .innerJoin(projects, eq(projects.id, projectPersons.projectId))
      .innerJoin(persons, eq(persons.id, projectPersons.personId))
      .where(eq(projects.enterpriseId, principal.enterpriseId ?? 0))
      .orderBy(asc(projects.id), asc(projectPersons.id)),
  );
  const project = crew[0];
  if (!project) return;
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'fp-demo-'));
  try {
    const sheet = path.join(dir, 'sheet.xlsx');
    const writer = new XlsxFileWriter(sheet, '任务明细', TASK_SHEET_COLUMNS);
    await writer.addRows(
      crew
        .filter((row) => row.projectId === project.projectId)
        .map((row, index) => [
          row.name,
          row.phone,
          TASK_TYPES[index % TASK_TYPES.length],
          `2026-10-${String(10 + index).padStart(2, '0')}`,
          150 + index * 20,
        ]),
    );
    await writer.finish();
    await scopes.withViewer(principal, () =>
      uploadAs(
        services,
        principal,
        sheet,
        `${project.projectName}任务明细.xlsx`,
        { scene: 'default', uploadPath: 'orderGenerate', id: String(project.projectId) },
        'sourceUpload',
      ),
    );
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** One tenant-level account's visit: unmask check, column layout, an export, maybe an upload, sign-out. */
async function visit(services: Services, system: SystemScope, account: DemoAccount): Promise<void> {
  const { scopes } = services.ctx;
  const principal = await signIn(services, system, account);
  const actor = auditActorOf(principal, DEMO_IP);
  const cacheId = await scopes.withViewer(principal, async (db) => {
    await writeAudit(db, actor, { action: 'desensitization.verify', targetType: 'user', targetId: principal.userId });
    await services.desensitization.issueToken(principal);
    await saveColumnLayout(db, principal, 'projectList', arrangedProjectColumns(principal));
    return services.exports.submit({ principal, actor, kind: projectListExport.kind, filters: {}, unmasked: false });
  });
  // the export job reads statement by statement, outside any open transaction
  await services.exports.run(cacheId);
  if (principal.side === 'enterprise') await uploadTaskSheet(services, principal);
  await scopes.withViewer(principal, () => services.sessions.revoke(principal.sessionId));
}

/** Runs after the base demo rows (seed/demo.ts): the users who used the console before the README's accounts. */
export const projectsDemo: DemoStep = {
  reason: 'demo: projects placed and reviewed through the services, then the accounts that used the list',
  async run(services, system) {
    await seedDemoProjects(services);
    const accounts = await system(activeAccounts);
    for (const account of accounts) await visit(services, system, account);
  },
};
