/**
 * The remote-select lookups: one operation per kind of the catalogue, `GET /api/sys/lookup/{kind}`,
 * each with its own filter keys and record columns.
 */
import type { z } from 'zod';
import type { Page } from '../api/codes';
import { pageOf } from '../api/envelope';
import { defineOperation, type Operation } from '../api/operation';
import {
  LOOKUP_KINDS,
  LOOKUPS,
  type LookupFilters,
  type LookupKind,
  type LookupQuery,
  type LookupRecord,
  lookupQuerySchema,
} from './schemas';

/** What a caller sends: any of the kind's filters, and the page (clamped by the server). */
export type LookupInput<K extends LookupKind> = Partial<LookupFilters<K>> & { pageNo?: number; pageSize?: number };

export type LookupOperation<K extends LookupKind> = Operation<
  z.ZodType<LookupQuery<K>, LookupInput<K>>,
  z.ZodType<Page<LookupRecord<K>>>
>;

const lookupOperationOf = <K extends LookupKind>(kind: K): LookupOperation<K> => {
  const definition = LOOKUPS[kind];
  return defineOperation({
    method: 'GET',
    path: `/api/sys/lookup/${kind}`,
    tag: '下拉查询',
    summary: `${definition.title}（分页下拉，按 ${definition.searchKey} 搜索）`,
    // each lookup scopes its rows by the session itself (the module answering it)
    access: 'session',
    // the schemas are the ones of `kind`; TypeScript widens LOOKUPS[kind] to the union of all kinds
    input: lookupQuerySchema(kind) as unknown as z.ZodType<LookupQuery<K>, LookupInput<K>>,
    answer: pageOf(definition.record) as unknown as z.ZodType<Page<LookupRecord<K>>>,
  });
};

export const LOOKUP_OPERATIONS = Object.fromEntries(LOOKUP_KINDS.map((kind) => [kind, lookupOperationOf(kind)])) as {
  [K in LookupKind]: LookupOperation<K>;
};

/** The operation of one lookup kind. */
export const lookupOperation = <K extends LookupKind>(kind: K): LookupOperation<K> => LOOKUP_OPERATIONS[kind];
