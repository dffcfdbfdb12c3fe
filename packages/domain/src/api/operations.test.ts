import { describe, expect, it } from 'vitest';
import * as domain from '../index';
import { z } from 'zod';
import { type Operation, pathParamsOf } from './operation';

const isOperation = (value: unknown): value is Operation =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'input' in value &&
  'answer' in value &&
  'access' in value;

/** Every operation the package exports, also inside records of them (per side, per lookup kind). */
function exportedOperations(): Operation[] {
  const found = new Set<Operation>();
  const visit = (value: unknown, depth: number) => {
    if (isOperation(value)) found.add(value);
    else if (depth < 2 && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const inner of Object.values(value)) visit(inner, depth + 1);
    }
  };
  for (const value of Object.values(domain)) visit(value, 0);
  return [...found];
}

describe('operations', () => {
  it('find the path parameters of a path', () => {
    expect(pathParamsOf('/sys/randomImage/:checkKey')).toEqual(['checkKey']);
    expect(pathParamsOf('/api/sys2/g/dict/loadDict/')).toEqual([]);
  });

  it('take each path parameter from an object input', () => {
    const bad = exportedOperations().filter((operation) =>
      pathParamsOf(operation.path).some(
        (name) => !(operation.input instanceof z.ZodObject) || !(name in operation.input.shape),
      ),
    );
    expect(bad.map((operation) => operation.path)).toEqual([]);
  });

  const operations = exportedOperations();

  it('are found across the areas', () => {
    const paths = operations.map((operation) => operation.path);
    expect(paths).toContain('/api/sys/project/queryList');
    expect(paths).toContain('/platform/v2/login');
    expect(paths).toContain('/enterprise/v2/login');
    expect(paths).toContain('/api/sys/lookup/tax');
    expect(paths).toContain('/api/sys/notice/read');
  });

  it('each has a path of its own', () => {
    const seen = new Map<string, number>();
    for (const operation of operations) seen.set(operation.path, (seen.get(operation.path) ?? 0) + 1);
    expect([...seen].filter(([, count]) => count > 1).map(([path]) => path)).toEqual([]);
  });

  it('name an API path, a tag and a summary', () => {
    const bad = operations.filter(
      (operation) => !/^\/[A-Za-z0-9/_:-]+$/.test(operation.path) || !operation.tag || !operation.summary,
    );
    expect(bad.map((operation) => operation.path)).toEqual([]);
  });
});
