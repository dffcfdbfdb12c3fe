/**
 * The machinery of the IDOR matrix (src/http/idor-matrix.test.ts): the operations of the OpenAPI
 * document, the rows of every tenant table with their owners, minimal valid values from JSON
 * schemas, and a fast search for foreign strings in answers.
 */
import type { ExecuteSql } from '../src/db/client';

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  maxItems?: number;
}

type ParameterLocation = 'path' | 'query' | 'body';

export interface OperationParameter {
  location: ParameterLocation;
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST';
  /** as the document writes it: /api/resource/file/{tenantId}/{fileKey} */
  path: string;
  parameters: OperationParameter[];
  /** the operation takes a JSON body (even one without properties) */
  jsonBody: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>;
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

/** Every GET and POST operation of the document, its parameters and top-level body properties flattened. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST') continue;
      const parameters: OperationParameter[] = (operation.parameters ?? []).flatMap((parameter) =>
        parameter.in === 'path' || parameter.in === 'query'
          ? [
              {
                location: parameter.in,
                name: parameter.name,
                required: parameter.required === true,
                schema: parameter.schema,
              },
            ]
          : [],
      );
      const body = operation.requestBody?.content['application/json']?.schema;
      for (const [name, schema] of Object.entries(body?.properties ?? {})) {
        parameters.push({ location: 'body', name, required: body?.required?.includes(name) === true, schema });
      }
      operations.push({ method: upper, path, parameters, jsonBody: body !== undefined });
    }
  }
  return operations.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

/** The route pattern of the inventory: {name} becomes :name. */
export const routeUrlOf = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

// ---- rows and owners

/** Who a row belongs to; `staffOnly`: shown to the platform staff of that tenant by design, not to its enterprises. */
interface Owner {
  tenantId: number;
  enterpriseId: number | null;
  staffOnly?: boolean;
}

export interface OwnedRow {
  table: string;
  id: number | null;
  owners: Owner[];
  values: Record<string, unknown>;
  /** its text values */
  strings: string[];
}

export interface Caller {
  side: 'platform' | 'enterprise';
  tenantId: number;
  enterpriseId: number | null;
  operator: boolean;
}

/** A row of another tenant, or (to an enterprise user) of another enterprise; nothing is foreign to the operator. */
function isForeignOwner(owner: Owner, caller: Caller): boolean {
  if (caller.operator) return false;
  if (owner.tenantId !== caller.tenantId) return true;
  if (caller.side !== 'enterprise') return false;
  if (owner.staffOnly) return true;
  return owner.enterpriseId !== null && owner.enterpriseId !== caller.enterpriseId;
}

/** Foreign when every owner is: a row shared with the caller's tenant is the caller's to see. */
export const isForeignRow = (row: OwnedRow, caller: Caller): boolean =>
  row.owners.length > 0 && row.owners.every((owner) => isForeignOwner(owner, caller));

export const identifier = (value: string) => `"${value.replace(/"/g, '""')}"`;

async function tablesWithColumn(executeSql: ExecuteSql, column: string, has: boolean): Promise<string[]> {
  const { rows } = await executeSql(
    `select c.relname as name from pg_class c
     join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
     where c.relkind = 'r' and ${has ? '' : 'not'} exists (
       select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = $1 and not a.attisdropped)
     order by 1`,
    [column],
  );
  return rows.map((row) => String(row.name));
}

/** Every table with a tenant_id column (the tables the wall covers). */
export const tenantTables = (executeSql: ExecuteSql) => tablesWithColumn(executeSql, 'tenant_id', true);

const textOf = (value: unknown): string[] => (typeof value === 'string' ? [value] : []);

/** Tenant tables whose rows are public by design: the newest APP version is on the download page. */
const PUBLIC_TABLES = new Set(['app_versions']);

/**
 * Every row of every tenant table, and the tenants themselves, with their owners: the tenant and
 * enterprise columns; enterprise accounts by their memberships; projects also by the tenants they
 * are shared with (project_data_relations), and the tenants owning those by the same; a tenant a
 * project is shared with also by that project's enterprise (its project list names the platforms).
 */
export async function ownedRows(executeSql: ExecuteSql): Promise<OwnedRow[]> {
  const all = async (table: string) =>
    (await executeSql(`select * from ${identifier(table)}`, [])).rows as Array<Record<string, unknown>>;
  const memberships = await all('enterprise_members');
  const relations = await all('project_data_relations');
  const projectRows = await all('projects');
  const projectTenants = new Map(projectRows.map((row) => [Number(row.id), Number(row.tenant_id)]));
  const projectOwners = new Map(
    projectRows.map((row) => [
      Number(row.id),
      { tenantId: Number(row.tenant_id), enterpriseId: Number(row.enterprise_id) },
    ]),
  );
  const sharedWith = (projectId: number): Owner[] =>
    relations
      .filter((relation) => Number(relation.project_id) === projectId)
      .map((relation) => ({ tenantId: Number(relation.tenant_id), enterpriseId: null, staffOnly: true }));
  const rows: OwnedRow[] = [];
  const add = (table: string, values: Record<string, unknown>, owners: Owner[]) =>
    rows.push({
      table,
      id: typeof values.id === 'number' ? values.id : null,
      owners,
      values,
      strings: Object.values(values).flatMap(textOf),
    });
  for (const tenant of await all('tenants')) {
    const id = Number(tenant.id);
    const shares = relations
      .filter((relation) => projectTenants.get(Number(relation.project_id)) === id)
      .map((relation) => ({ tenantId: Number(relation.tenant_id), enterpriseId: null, staffOnly: true }));
    // a project's own enterprise sees the names of the platforms its project is also shown on (otherTenantNames)
    const shownOn = relations
      .filter((relation) => Number(relation.tenant_id) === id)
      .flatMap((relation) => projectOwners.get(Number(relation.project_id)) ?? []);
    add('tenants', tenant, [{ tenantId: id, enterpriseId: null }, ...shares, ...shownOn]);
  }
  for (const table of await tenantTables(executeSql)) {
    for (const values of await all(table)) {
      const tenantId = values.tenant_id === null ? null : Number(values.tenant_id);
      const enterpriseId =
        table === 'enterprises' ? Number(values.id) : values.enterprise_id ? Number(values.enterprise_id) : null;
      let owners: Owner[] = tenantId === null || PUBLIC_TABLES.has(table) ? [] : [{ tenantId, enterpriseId }];
      if (table === 'users' && tenantId === null) {
        owners = memberships
          .filter((member) => member.user_id === values.id)
          .map((member) => ({ tenantId: Number(member.tenant_id), enterpriseId: Number(member.enterprise_id) }));
      }
      if (table === 'projects') owners.push(...sharedWith(Number(values.id)));
      add(table, values, owners);
    }
  }
  return rows;
}

/** Text values of the tables without a tenant (dictionaries, menus, bank branches): everyone's to see. */
export async function sharedStrings(executeSql: ExecuteSql): Promise<Set<string>> {
  const strings = new Set<string>();
  for (const table of await tablesWithColumn(executeSql, 'tenant_id', false)) {
    if (table === 'tenants') continue;
    const { rows } = await executeSql(`select * from ${identifier(table)}`, []);
    for (const row of rows) for (const value of Object.values(row)) for (const text of textOf(value)) strings.add(text);
  }
  return strings;
}

/** Long enough not to turn up by chance in other text: 3+ characters with a Chinese one (a full name), else 8+. */
export const isDistinctive = (text: string): boolean =>
  /[\u4e00-\u9fff]/.test(text) ? text.length >= 3 : text.length >= 8 && !/^\s|\s$/.test(text);

/** Finds any of many strings in a text, by their first two characters. */
export class StringIndex {
  private readonly byStart = new Map<string, string[]>();

  constructor(strings: Iterable<string>) {
    for (const text of strings) {
      const start = text.slice(0, 2);
      const list = this.byStart.get(start) ?? [];
      list.push(text);
      this.byStart.set(start, list);
    }
  }

  /** The strings found in any of the texts. */
  findAllIn(texts: Iterable<string>): Set<string> {
    const found = new Set<string>();
    for (const text of texts) {
      for (let index = 0; index < text.length - 1; index++) {
        for (const candidate of this.byStart.get(text.slice(index, index + 2)) ?? []) {
          if (text.startsWith(candidate, index)) found.add(candidate);
        }
      }
    }
    return found;
  }

  find(text: string): string | null {
    for (let index = 0; index < text.length - 1; index++) {
      const candidates = this.byStart.get(text.slice(index, index + 2));
      if (!candidates) continue;
      for (const candidate of candidates) if (text.startsWith(candidate, index)) return candidate;
    }
    return null;
  }
}

// ---- values from schemas

/** Shapes tried, in order, for a string that has a pattern. */
const STRING_SAMPLES = [
  'a',
  'abc',
  'sample01',
  'AbCdEfGh12345678',
  '13800000000',
  '123456',
  '2026-01-01 00:00:00',
  '2026-01',
  '2026-01-01',
  '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
];

function sampleString(schema: JsonSchema): string {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const fits = (text: string) =>
    text.length >= minLength &&
    text.length <= maxLength &&
    (schema.pattern === undefined || new RegExp(schema.pattern).test(text));
  const found = [...STRING_SAMPLES, 'a'.repeat(Math.max(minLength, 1))].find(fits);
  if (found === undefined)
    throw new Error(`no sample string fits ${JSON.stringify(schema)}: add one to STRING_SAMPLES`);
  return found;
}

function sampleNumber(schema: JsonSchema): number {
  const lowest =
    typeof schema.exclusiveMinimum === 'number'
      ? schema.exclusiveMinimum + 1
      : schema.minimum === undefined
        ? Number.MIN_SAFE_INTEGER
        : schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0);
  // 1 when allowed, rather than a huge negative number
  return Math.min(Math.max(1, lowest), schema.maximum ?? Number.MAX_SAFE_INTEGER);
}

/** A minimal value the schema accepts. */
export function sampleOf(schema: JsonSchema): unknown {
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return sampleOf(schema.anyOf[0]);
  switch (schema.type) {
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return sampleNumber(schema);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => sampleOf(schema.items ?? {}));
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((name) => [name, sampleOf(schema.properties?.[name] ?? {})]),
      );
    default:
      return 'a';
  }
}

/** Whether a value (a sample taken from the database) passes the simple rules of a string schema. */
export const fitsString = (schema: JsonSchema, text: string): boolean =>
  schema.type === 'string' &&
  !schema.enum &&
  text.length >= (schema.minLength ?? 0) &&
  text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
  (schema.pattern === undefined || new RegExp(schema.pattern).test(text));
