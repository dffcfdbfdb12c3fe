import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * api/ is the generic HTTP client: the session, the notifier and the config are handed to it by
 * app/api-client.ts, and each call lives beside the page or widget that uses it.
 */
const ROOT = import.meta.dirname;
const API = path.join(ROOT, 'api');

/** The folders under src/ that `file` imports, statically or dynamically (relative imports only). */
function importedAreas(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const areas = new Set<string>();
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
    const target = path.relative(ROOT, path.resolve(path.dirname(file), match[1]));
    areas.add(target.split(path.sep)[0]);
  }
  return [...areas];
}

describe('api/ is the generic client', () => {
  const files = fs.readdirSync(API, { recursive: true, encoding: 'utf8' }).filter((name) => /\.tsx?$/.test(name));

  it('imports nothing of the app, the features or the shared components', () => {
    const found = files.flatMap((name) =>
      importedAreas(path.join(API, name))
        .filter((area) => ['app', 'features', 'components'].includes(area))
        .map((area) => `api/${name} imports ${area}/`),
    );
    expect(found).toEqual([]);
  });

  it('keeps no grab-bag of calls (calls live beside their users as *-calls.ts)', () => {
    expect(files.filter((name) => name.endsWith('-api.ts'))).toEqual([]);
  });
});
