/**
 * The IDOR matrix: every GET and POST operation of the OpenAPI document, called by five roles
 * (the platform operator, staff of tenants A and B, an enterprise user on each) with ids of records
 * of the other tenant or enterprise in its path, query and body, and once with the other tenant in
 * X-Tenant-Id. Built from the document, so a route added later is in the matrix without an edit here.
 * Pass: no 5xx; a refusal says why in Chinese; no answer holds a foreign record (a distinctive value
 * of a foreign row, or a record whose tenantId is foreign); no foreign row changes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type LoginUserInfo, MSG, uploadFieldsSchema } from '@fieldpay/domain';
import ExcelJS from 'exceljs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { login, useTestApp } from '../../test/app';
import { multipart, pngOf } from '../../test/file-fixtures';
import {
  type Caller,
  type JsonSchema,
  fitsString,
  identifier,
  isDistinctive,
  isForeignRow,
  type Operation,
  type OperationParameter,
  type OwnedRow,
  operationsOf,
  ownedRows,
  routeUrlOf,
  sampleOf,
  sharedStrings,
  StringIndex,
  tenantTables,
} from '../../test/idor';
import { DEMO_ACCOUNTS, GENERATED_ACCOUNT_PASSWORD, seedDemo } from '../seed/demo';
import { divisionNames } from '../modules/projects/regions';
import { routeInventory } from './access';
import { TENANT_HEADER, TOKEN_HEADER } from '../platform/auth/guards';
import { isUnderPublicPrefix, PUBLIC_ROUTES } from './public-routes';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-idor-'));
const t = useTestApp({ dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Operations the matrix leaves out, and why. */
const NOT_CALLED: Record<string, string> = {
  'POST /platform/v2/login': 'signs in: no session, no record of anyone; wrong passwords would lock the test address',
  'POST /enterprise/v2/login': 'signs in: no session, no record of anyone; wrong passwords would lock the test address',
};

/** Routes kept out of the document on purpose; any other undocumented route would escape the matrix. */
const UNDOCUMENTED: Record<string, string> = {
  'GET /api/health': 'liveness probe, no data',
  'GET /api/sys/lookup/:kind': 'answers 404 to a lookup kind that does not exist',
};

/** Where a parameter's values come from when its name does not spell its table: by name, or by "path name". */
const PARAMETER_SOURCES: Record<string, { table: string; value?: (row: OwnedRow) => unknown }> = {
  clientId: { table: 'enterprises' },
  companyId: { table: 'enterprises' },
  platformId: { table: 'bank_platforms' },
  fileKey: { table: 'files', value: (row) => row.values.file_key },
  address: { table: 'files', value: (row) => `/api/resource/file/${row.values.tenant_id}/${row.values.file_key}` },
  // the attachments of a business record: its id is the record's, kept on the file as biz_id
  '/api/resource/file/list id': { table: 'files', value: (row) => row.values.biz_id },
  // a settlement's documents: `id` and `settId` name the settlement, `fileId` the attachment, `lineId` its line
  settId: { table: 'settlements' },
  lineId: { table: 'settlement_lines' },
  subOrderId: { table: 'settlement_lines' },
  '/api/sys/order/exportAttachmentZip id': { table: 'settlements' },
  '/api/sys/order/attachment/delete fileId': { table: 'settlement_attachments' },
  '/api/sys/order/pdf/create id': { table: 'settlements' },
  '/api/sys/order/pdf/download id': { table: 'settlements' },
  '/api/sys/order/pdf/overview id': { table: 'settlements' },
  '/api/sys/order/voucher/download id': { table: 'settlements' },
  '/api/sys/order/queryfile id': { table: 'settlements' },
  '/api/sys/order/exportTaskOfSett id': { table: 'settlements' },
  // an account flow's receipt: `id` is the flow's, a posting of an enterprise account (a bank account's
  // posting is no flow and would be refused whoever asked, proving nothing)
  '/api/sys/finance/account/downloadProof id': {
    table: 'ledger_postings',
    value: (row) => (enterpriseLedgerAccounts().has(Number(row.values.account_id)) ? row.id : null),
  },
};

/** The ids of the ledger's enterprise accounts (the paying banks' accounts, whose postings are the account flows). */
const enterpriseLedgerAccounts = (): Set<number | null> => {
  enterpriseAccountIds ??= new Set(
    rows.filter((row) => row.table === 'ledger_accounts' && row.values.kind === 'enterprise').map((row) => row.id),
  );
  return enterpriseAccountIds;
};
let enterpriseAccountIds: Set<number | null> | undefined;

const isIdLike = (parameter: OperationParameter): boolean =>
  /^ids?$|[a-z0-9](Id|Ids)$/.test(parameter.name) ||
  parameter.name in PARAMETER_SOURCES ||
  (parameter.location === 'path' && parameter.schema.type === 'integer');
const isPlural = (name: string) => /^ids$|Ids$/.test(name);

interface Role extends Caller {
  name: string;
  username: string;
  password: string;
  /** the tenant whose records it is given, and which it names in X-Tenant-Id */
  otherTenantId: number;
  session: LoginUserInfo;
  /** distinctive values of rows foreign to it */
  markers: StringIndex;
  /** values of rows shown to it across tenants by design (projects shared with its tenant) */
  shared: StringIndex;
}

/** Whose records a request carries: the other tenant's, or (to an enterprise user) another enterprise's on its own tenant. */
interface Party {
  label: string;
  owns: (row: OwnedRow) => boolean;
}

interface MatrixRequest {
  label: string;
  method: 'GET' | 'POST';
  url: string;
  query: Record<string, string>;
  body?: Record<string, unknown>;
  /** multipart fields, sent with a small image */
  form?: Record<string, string>;
  /** it carries a record id of another party */
  foreign: boolean;
}

let rows: OwnedRow[];
let tables: Set<string>;
let operations: Operation[];
let roles: Role[];

const query = async (sql: string, params: unknown[] = []) => (await t.database.executeSql(sql, params)).rows;

/** snake_case plural forms of a camelCase word, as table names are made */
function tableNamed(word: string): string | null {
  const snake = word.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  return (
    [`${snake}s`, `${snake}es`, snake.replace(/y$/, 'ies'), snake].find(
      (name) => tables.has(name) || name === 'tenants',
    ) ?? null
  );
}

const sourceOf = (name: string, operationPath: string) =>
  PARAMETER_SOURCES[`${operationPath} ${name}`] ?? PARAMETER_SOURCES[name];

/** The table a parameter names: by its name, or for a bare id by the last path segment naming one. */
function tableOf(name: string, operationPath: string): string | null {
  const source = sourceOf(name, operationPath);
  if (source) return source.table;
  if (name === 'id' || name === 'ids') {
    const segments = operationPath.split('/').filter((segment) => /^[a-zA-Z]+$/.test(segment));
    return (
      segments
        .reverse()
        .map(tableNamed)
        .find((table) => table !== null) ?? null
    );
  }
  return tableNamed(name.replace(/Ids?$/, ''));
}

const rowValue = (name: string, operationPath: string, row: OwnedRow): unknown =>
  (sourceOf(name, operationPath)?.value ?? ((of: OwnedRow) => of.id))(row);

function partiesOf(role: Role): Party[] {
  // rows the role may see by design (a project shared with its tenant) are no one's to hand it as foreign
  const handable = (row: OwnedRow) => role.operator || row.table === 'tenants' || isForeignRow(row, role);
  const parties: Party[] = [
    {
      label: `平台${role.otherTenantId}`,
      owns: (row) => row.owners[0]?.tenantId === role.otherTenantId && handable(row),
    },
  ];
  if (role.side === 'enterprise') {
    parties.push({
      label: '同平台他企',
      owns: (row) => {
        const owner = row.owners[0];
        return (
          owner?.tenantId === role.tenantId && owner.enterpriseId !== null && owner.enterpriseId !== role.enterpriseId
        );
      },
    });
  }
  return parties;
}

/** The party's rows of a table, lowest id first, that have a value for the parameter. */
const rowsOf = (table: string, party: Party, name: string, operationPath: string) =>
  rows
    .filter((row) => row.table === table && party.owns(row) && rowValue(name, operationPath, row) !== null)
    .sort((a, b) => (a.id ?? 0) - (b.id ?? 0));

const asParameterValue = (schema: JsonSchema, value: unknown): unknown =>
  schema.type === 'string' ? String(value) : value;

interface Filled {
  value: unknown;
  row: OwnedRow;
}

/**
 * The foreign values to try for an id-like parameter: a row of its table, or, for a name that
 * names no table, a row of every table (each its own request, or all in one list).
 */
function foreignValues(parameter: OperationParameter, operationPath: string, party: Party, fanOut: boolean): Filled[] {
  const table = tableOf(parameter.name, operationPath);
  const valueOfRow = (row: OwnedRow) => rowValue(parameter.name, operationPath, row);
  const candidates = table
    ? rowsOf(table, party, parameter.name, operationPath)
    : [...tables, 'tenants'].flatMap((name) => rowsOf(name, party, parameter.name, operationPath).slice(0, 1));
  if (candidates.length === 0) return [];
  const distinct = candidates.filter(
    (row, index) => candidates.findIndex((other) => valueOfRow(other) === valueOfRow(row)) === index,
  );
  if (isPlural(parameter.name)) {
    const ids = distinct.slice(0, table ? 3 : (parameter.schema.maxItems ?? 50)).map(valueOfRow);
    return [{ value: parameter.schema.type === 'string' ? ids.join(',') : ids, row: candidates[0] }];
  }
  return distinct
    .slice(0, table || !fanOut ? 1 : distinct.length)
    .map((row) => ({ value: asParameterValue(parameter.schema, valueOfRow(row)), row }));
}

/** A valid value for a parameter that is no id: a value some row holds in the column of that name, else the schema's minimum. */
function validValue(parameter: OperationParameter): unknown {
  if (parameter.name === 'pageNo') return 1;
  if (parameter.name === 'pageSize') return 10;
  const column = parameter.name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  for (const row of rows) {
    const value = row.values[column];
    if (typeof value === 'string' && fitsString(parameter.schema, value)) return value;
  }
  return sampleOf(parameter.schema);
}

function requestOf(operation: Operation, values: Map<OperationParameter, unknown>, label: string, foreign: boolean) {
  let url = operation.path;
  const request: MatrixRequest = { label, method: operation.method, url, query: {}, foreign };
  const body: Record<string, unknown> = {};
  for (const [parameter, value] of values) {
    if (parameter.location === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
    else if (parameter.location === 'query')
      request.query[parameter.name] = Array.isArray(value) ? value.join(',') : String(value);
    else body[parameter.name] = value;
  }
  request.url = url;
  if (operation.jsonBody) request.body = body;
  return request;
}

/**
 * The requests of one operation for one role: without ids (when none is required), then each id-like
 * parameter in turn holding a record of each foreign party; other required ids come from the same
 * row where they can (a file's tenant), else from the same party.
 */
function requestsFor(operation: Operation, role: Role, fanOut = true): MatrixRequest[] {
  const base = new Map<OperationParameter, unknown>();
  const ids = operation.parameters.filter(isIdLike);
  for (const parameter of operation.parameters) {
    if (isIdLike(parameter)) continue;
    if (parameter.required || parameter.name === 'pageNo' || parameter.name === 'pageSize') {
      base.set(parameter, validValue(parameter));
    }
  }
  const requests: MatrixRequest[] = [];
  if (!ids.some((parameter) => parameter.required)) requests.push(requestOf(operation, base, 'no ids', false));
  for (const party of partiesOf(role)) {
    for (const parameter of ids) {
      for (const filled of foreignValues(parameter, operation.path, party, fanOut)) {
        const values = new Map(base);
        for (const other of ids) {
          if (other === parameter || !other.required) continue;
          const sameRowTenant = filled.row.owners[0]?.tenantId;
          if (tableOf(other.name, operation.path) === 'tenants' && sameRowTenant !== undefined) {
            values.set(other, asParameterValue(other.schema, sameRowTenant));
          } else {
            const [first] = foreignValues(other, operation.path, party, false);
            if (first) values.set(other, first.value);
          }
        }
        values.set(parameter, filled.value);
        requests.push(
          requestOf(operation, values, `${parameter.name}=${JSON.stringify(filled.value)} (${party.label})`, true),
        );
      }
    }
  }
  const seen = new Set<string>();
  return requests.filter((request) => {
    const key = JSON.stringify([request.url, request.query, request.body]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The upload form's fields, as the body of an operation, so they get foreign ids like any body. */
function formOperation(operation: Operation): Operation {
  const schema = z.toJSONSchema(uploadFieldsSchema, { io: 'input' }) as JsonSchema;
  const parameters = Object.entries(schema.properties ?? {}).map(([name, field]) => ({
    location: 'body' as const,
    name,
    required: schema.required?.includes(name) === true,
    schema: field,
  }));
  return { ...operation, parameters, jsonBody: true };
}

/** The same request as an upload: its body as the form's fields, with an image. */
const asUpload = (request: MatrixRequest): MatrixRequest => ({
  ...request,
  body: undefined,
  form: Object.fromEntries(Object.entries(request.body ?? {}).map(([name, value]) => [name, String(value)])),
});

const IMAGE = pngOf(8, 8);

function injectOf(request: MatrixRequest, headers: Record<string, string>): InjectOptions {
  const options: InjectOptions = { method: request.method, url: request.url, query: request.query, headers };
  if (request.form) {
    const form = multipart([
      ...Object.entries(request.form).map(([name, value]) => ({ name, value })),
      { name: 'file', fileName: '现场照片.png', content: IMAGE },
    ]);
    return { ...options, payload: form.payload, headers: { ...headers, ...form.headers } };
  }
  return request.body === undefined ? options : { ...options, payload: request.body };
}

const CHINESE = /[\u4e00-\u9fff]/;

const isJson = (response: LightMyRequestResponse) => String(response.headers['content-type']).includes('json');

function envelopeMessage(response: LightMyRequestResponse): string | null {
  const message: unknown = isJson(response) ? response.json().message : null;
  return typeof message === 'string' ? message : null;
}

/** Records in an answer whose tenantId is not the role's, unless shown across tenants by design. */
function foreignTenantRecords(node: unknown, role: Role, found: number[] = []): number[] {
  if (Array.isArray(node)) for (const item of node) foreignTenantRecords(item, role, found);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (
      typeof record.tenantId === 'number' &&
      record.tenantId !== role.tenantId &&
      role.shared.find(JSON.stringify(record)) === null
    ) {
      found.push(record.tenantId);
    }
    for (const value of Object.values(record)) foreignTenantRecords(value, role, found);
  }
  return found;
}

/** What leaked to the role in an answer. */
function leaksIn(response: LightMyRequestResponse, role: Role, request: MatrixRequest): string[] {
  if (role.operator || response.statusCode >= 400) return [];
  if (!isJson(response)) {
    return request.foreign ? [`answered ${response.headers['content-type'] ?? 'a body'} for a foreign id`] : [];
  }
  const leaks: string[] = [];
  const marker = role.markers.find(response.body);
  if (marker) leaks.push(`holds the foreign value 「${marker}」`);
  const tenants = foreignTenantRecords(response.json(), role);
  if (tenants.length) leaks.push(`holds records of tenant ${[...new Set(tenants)].join(', ')}`);
  return leaks;
}

/**
 * An export's answer is its file: the job runs here (no worker runs in tests) and the file is read
 * back as the role downloads it. What leaked into it; nothing for an answer that names no export.
 */
async function exportLeaks(response: LightMyRequestResponse, role: Role, headers: Record<string, string>) {
  const cacheId: unknown =
    response.statusCode === 200 && isJson(response) ? response.json().result?.cacheId : undefined;
  if (typeof cacheId !== 'number') return [];
  await t.services.exports.run(cacheId);
  const file = await t.app.inject({
    method: 'GET',
    url: '/api/sys/downloadCache/download',
    query: { id: String(cacheId) },
    headers,
  });
  if (file.statusCode !== 200) return [`its export ${cacheId} could not be downloaded: ${file.statusCode}`];
  if (role.operator) return [];
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const texts: string[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => texts.push(cell.text))));
  const marker = role.markers.find(texts.join('\n'));
  return marker ? [`its export file holds the foreign value 「${marker}」`] : [];
}

/** Every row of every tenant table, as text, with the row, to see what a role's calls changed. */
async function snapshot(): Promise<Map<string, OwnedRow>> {
  return new Map(
    (await ownedRows(t.database.executeSql)).map((row) => [`${row.table} ${JSON.stringify(row.values)}`, row]),
  );
}

async function signIn(role: Pick<Role, 'side' | 'username' | 'password'>) {
  return login(t.app, role.side, role.username, role.password);
}

beforeAll(async () => {
  expect(await seedDemo(t.services, t.modules)).toBe(true);
  // the demo leaves the operator's APP versions to the operator: one published as it would
  const operator = await signIn({ side: 'platform', ...DEMO_ACCOUNTS.platformAdmin });
  const published = await t.app.inject({
    method: 'POST',
    url: '/api/sys2/app/version/save',
    headers: { [TOKEN_HEADER]: operator.token },
    payload: {
      versionName: '1.0.0',
      releaseNotes: '首个版本：任务领取、签到打卡、结算查询。',
      iosUrl: 'https://apps.apple.com/cn/app/id6450000000',
    },
  });
  expect(published.statusCode, published.body).toBe(200);
  tables = new Set(await tenantTables(t.database.executeSql));
  rows = await ownedRows(t.database.executeSql);
  operations = operationsOf((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json());

  const [staffA] = await query(`select tenant_id from users where side = 'platform' and username = $1`, [
    DEMO_ACCOUNTS.tenantStaff.username,
  ]);
  const tenantA = Number(staffA.tenant_id);
  const [{ id: tenantB }] = await query('select id from tenants where id not in (0, $1) order by id limit 1', [
    tenantA,
  ]);
  const [staffB] = await query(`select username from users where side = 'platform' and tenant_id = $1 order by id`, [
    tenantB,
  ]);
  // enterprise users working on one tenant only (records of their other tenants would be theirs to see)
  // and new to the console, so the records of the enterprise next door that used it are all foreign
  const soleMember = async (tenantId: unknown) =>
    (
      await query(
        `select u.username, m.enterprise_id from enterprise_members m join users u on u.id = m.user_id
         where m.tenant_id = $1 and (select count(*) from enterprise_members o where o.user_id = m.user_id) = 1
           -- members added on 成员账号 hold one-time passwords the demo does not know
           and u.must_change_password = 0 and m.status = 1
           and not exists (select 1 from sessions s where s.user_id = m.user_id)
         order by m.enterprise_id limit 1`,
        [tenantId],
      )
    )[0];
  const [enterpriseA, enterpriseB] = [await soleMember(tenantA), await soleMember(tenantB)];
  const accounts = [
    {
      name: '平台运营',
      side: 'platform',
      tenantId: 0,
      enterpriseId: null,
      operator: true,
      otherTenantId: tenantA,
      ...DEMO_ACCOUNTS.platformAdmin,
    },
    {
      name: '平台A员工',
      side: 'platform',
      tenantId: tenantA,
      enterpriseId: null,
      operator: false,
      otherTenantId: Number(tenantB),
      ...DEMO_ACCOUNTS.tenantStaff,
    },
    {
      name: '平台B员工',
      side: 'platform',
      tenantId: Number(tenantB),
      enterpriseId: null,
      operator: false,
      otherTenantId: tenantA,
      username: String(staffB.username),
      password: GENERATED_ACCOUNT_PASSWORD,
    },
    {
      name: '平台A企业',
      side: 'enterprise',
      tenantId: tenantA,
      enterpriseId: Number(enterpriseA.enterprise_id),
      operator: false,
      otherTenantId: Number(tenantB),
      username: String(enterpriseA.username),
      password: GENERATED_ACCOUNT_PASSWORD,
    },
    {
      name: '平台B企业',
      side: 'enterprise',
      tenantId: Number(tenantB),
      enterpriseId: Number(enterpriseB.enterprise_id),
      operator: false,
      otherTenantId: tenantA,
      username: String(enterpriseB.username),
      password: GENERATED_ACCOUNT_PASSWORD,
    },
  ] as const;

  const everyoneSees = await sharedStrings(t.database.executeSql);
  // GB/T 2260 division names (a project's areas) are reference data the city tree shows every session
  for (const name of divisionNames()) everyoneSees.add(name);
  roles = [];
  for (const account of accounts) {
    const caller: Caller = account;
    const visible = new Set(everyoneSees);
    for (const row of rows) if (!isForeignRow(row, caller)) for (const text of row.strings) visible.add(text);
    const candidates = new Set<string>();
    for (const row of rows) {
      if (isForeignRow(row, caller))
        for (const text of row.strings) if (!visible.has(text) && isDistinctive(text)) candidates.add(text);
    }
    // a foreign value inside a visible one (a word of a menu address) proves nothing
    const inVisible = new StringIndex(candidates).findAllIn(visible);
    const markers = [...candidates].filter((text) => !inVisible.has(text));
    // shown across tenants by design: values of foreign-owned rows the role still sees
    const shared = rows
      .filter((row) => row.owners[0] && row.owners[0].tenantId !== account.tenantId && !isForeignRow(row, caller))
      .flatMap((row) => row.strings.filter(isDistinctive));
    const session = await signIn(account);
    expect(session.tenant.id, account.name).toBe(account.tenantId);
    roles.push({ ...account, session, markers: new StringIndex(markers), shared: new StringIndex(shared) });
  }
});

describe('the demo seed', () => {
  /** Tables of the operator alone (tenant 0): no tenant's rows can fill them, and the demo leaves them empty. */
  const OPERATOR_TABLES: Record<string, string> = {
    app_versions: 'the operator publishes the first APP version itself (e2e/app-versions.e2e.ts starts from none)',
  };

  it('has rows of two tenants in every tenant table, and of two enterprises in every enterprise table', async () => {
    const thin: string[] = [];
    for (const table of [...tables].filter((name) => !(name in OPERATOR_TABLES))) {
      const [columns] = await query(
        `select bool_or(attname = 'enterprise_id') as enterprise from pg_attribute
         where attrelid = $1::regclass and not attisdropped`,
        [table],
      );
      const [counts] = await query(
        `select count(distinct tenant_id) filter (where tenant_id > 0)::int as tenants
           ${columns.enterprise ? ', count(distinct enterprise_id)::int as enterprises' : ''}
         from ${identifier(table)}`,
      );
      if (Number(counts.tenants) < 2) thin.push(`${table}: rows of ${counts.tenants} tenant(s)`);
      if (columns.enterprise && Number(counts.enterprises) < 2) {
        thin.push(`${table}: rows of ${counts.enterprises} enterprise(s)`);
      }
    }
    expect(thin, "extend seed/demo.ts or a module's demo step").toEqual([]);
  });

  // runs before the matrix, whose calls are the README accounts' own
  it('leaves the README accounts as their first visit shows them (e2e counts their notices and lists)', async () => {
    const usernames = Object.values(DEMO_ACCOUNTS).map((account) => account.username);
    const [theirs] = await query(
      `select (select count(*) from download_caches d join users u on u.id = d.user_id where u.username = any($1::text[]))::int as exports,
         (select count(*) from column_layouts c join users u on u.id = c.user_id where u.username = any($1::text[]))::int as layouts,
         (select count(*) from files f join users u on u.id = f.owner_user_id where u.username = any($1::text[]))::int as files`,
      [usernames],
    );
    expect(theirs).toEqual({ exports: 0, layouts: 0, files: 0 });
  });
});

describe('the IDOR matrix', () => {
  it('covers every GET and POST route: each is in the OpenAPI document or kept out of it on purpose', () => {
    const documented = new Set(operations.map((operation) => `${operation.method} ${routeUrlOf(operation.path)}`));
    const undocumented = routeInventory(t.app)
      .filter((route) => (route.method === 'GET' || route.method === 'POST') && route.access !== null)
      .filter((route) => !isUnderPublicPrefix(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !documented.has(route));
    expect(undocumented.sort()).toEqual(Object.keys(UNDOCUMENTED).sort());
  });

  it('no role gets a record of another tenant or enterprise, and nothing fails', { timeout: 180_000 }, async () => {
    const publicRoutes = new Set(PUBLIC_ROUTES.map((route) => `${route.method} ${route.url}`));
    // the worker API opens to natural persons' own sessions only: a console session is no session there (401)
    const workerRoutes = new Set(
      routeInventory(t.app)
        .filter((route) => route.access === 'worker')
        .map((route) => `${route.method} ${route.url}`),
    );
    const called = operations.filter((operation) => !(`${operation.method} ${operation.path}` in NOT_CALLED));
    const problems: string[] = [];
    const counts = { requests: 0, refused: 0, answered: 0, leaked: 0, failed: 0, wrote: 0 };

    for (const role of [...roles.filter((r) => !r.operator), ...roles.filter((r) => r.operator)]) {
      const before = role.operator ? null : await snapshot();
      const send = async (operation: Operation, request: MatrixRequest, tenantHeader: number) => {
        const headers = { [TOKEN_HEADER]: role.session.token, [TENANT_HEADER]: String(tenantHeader) };
        const response = await t.app.inject(injectOf(request, headers));
        const where = `${role.name} ${operation.method} ${operation.path} ${request.label}`;
        counts.requests++;
        if (response.statusCode >= 500) {
          counts.failed++;
          problems.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        } else if (response.statusCode >= 400) {
          counts.refused++;
          const message = envelopeMessage(response);
          if (!role.operator && (message === null || !CHINESE.test(message))) {
            problems.push(`${where}: ${response.statusCode} without a Chinese message: ${response.body.slice(0, 200)}`);
          }
        } else counts.answered++;
        const leaks = [...leaksIn(response, role, request), ...(await exportLeaks(response, role, headers))];
        if (leaks.length) {
          counts.leaked++;
          problems.push(`${where}: ${leaks.join('; ')}`);
        }
        // a call that ended or moved the session (logout, a switch) is followed by a fresh sign-in
        const principal = await t.services.sessions.resolve(role.session.token);
        if (principal && principal.tenantId !== role.tenantId)
          problems.push(`${where}: moved the session to tenant ${principal.tenantId}`);
        if (!principal || principal.tenantId !== role.tenantId) role.session = await signIn(role);
        return response;
      };

      for (const operation of called) {
        const requests = requestsFor(operation, role);
        for (const [index, request] of requests.entries()) {
          const response = await send(operation, request, role.tenantId);
          // a bodiless POST asking for a file takes the upload form: one upload per party with foreign ids
          if (
            index === 0 &&
            operation.method === 'POST' &&
            !operation.jsonBody &&
            envelopeMessage(response) === MSG.uploadFileMissing
          ) {
            for (const upload of requestsFor(formOperation(operation), role, false).filter((r) => r.foreign)) {
              await send(operation, asUpload(upload), role.tenantId);
            }
          }
        }
        // the other tenant in X-Tenant-Id: refused before anything is read, on every route that takes a session
        const first = requests[0];
        if (first) {
          const response = await send(
            operation,
            { ...first, label: `${first.label}, X-Tenant-Id ${role.otherTenantId}` },
            role.otherTenantId,
          );
          const route = `${operation.method} ${routeUrlOf(operation.path)}`;
          const expected = workerRoutes.has(route) ? 401 : 403;
          if (!publicRoutes.has(route) && response.statusCode !== expected) {
            problems.push(
              `${role.name} ${operation.method} ${operation.path}: X-Tenant-Id ${role.otherTenantId} answered ${response.statusCode}`,
            );
          }
        }
      }

      if (before) {
        const after = await snapshot();
        const changed = [
          ...[...before].filter(([key]) => !after.has(key)),
          ...[...after].filter(([key]) => !before.has(key)),
        ].filter(([, row]) => isForeignRow(row, role));
        counts.wrote += changed.length;
        for (const [key] of changed) problems.push(`${role.name} changed a foreign row: ${key.slice(0, 200)}`);
      }
    }

    console.info(
      `IDOR matrix: ${called.length} routes x ${roles.length} roles = ${counts.requests} requests, ` +
        `refused ${counts.refused}, answered ${counts.answered}, leaked ${counts.leaked}, 5xx ${counts.failed}` +
        ` (foreign rows changed ${counts.wrote})`,
    );
    expect(problems).toEqual([]);
  });
});
