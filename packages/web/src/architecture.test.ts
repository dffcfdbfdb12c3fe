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

/**
 * The raw client (`http.get`, `http.post`, `http.upload`, `http.download`…) outside api/: only where
 * the call is no JSON operation. Every other call goes through `call(operation, input)`.
 */
const RAW_HTTP_USERS: Readonly<Record<string, string>> = {
  'app/api-client.ts': 'wires the client to the session, the toasts and the config',
  'components/upload/file-calls.ts': 'multipart uploads with progress',
  'features/agreements/enterprise-agreement-calls.ts':
    'the agreement PDF and the uploaded agreement files (files, not envelopes)',
  'features/agreements/personal-agreement-calls.ts': 'the signed contract PDF (a file, not an envelope)',
  'features/finance/finance-calls.ts': 'the electronic receipt PDF of an account flow (a file, not an envelope)',
  'features/downloads/download-cache-calls.ts': 'the workbook download (a file, not an envelope)',
  'features/settlements/settlement-documents-calls.ts': 'the statement and voucher PDFs (files, not envelopes)',
  'features/tasks/task-calls.ts': 'the task attachment zip download (a file, not an envelope)',
};

describe('calls go through typed operations', () => {
  const sources = fs
    .readdirSync(ROOT, { recursive: true, encoding: 'utf8' })
    // product code: tests and their support (fixtures, testing helpers, the setup) name what they fake
    .filter((name) => /\.tsx?$/.test(name) && !/(\.test|testing|-fixtures|test-setup)\.tsx?$/.test(name))
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => !name.startsWith('api/'));

  it('uses the raw HTTP client only in the documented places', () => {
    const found = sources.filter(
      (name) =>
        /\bhttp\s*\.\s*\w+\s*[<(]/.test(fs.readFileSync(path.join(ROOT, name), 'utf8')) && !RAW_HTTP_USERS[name],
    );
    expect(found).toEqual([]);
  });

  it('names API paths only in domain operations (no hand-written /api/ URLs beside the raw places)', () => {
    const found = sources.filter(
      (name) =>
        /['`]\/(api|platform|enterprise)\/[A-Za-z]/.test(fs.readFileSync(path.join(ROOT, name), 'utf8')) &&
        !RAW_HTTP_USERS[name],
    );
    expect(found).toEqual([]);
  });
});

/**
 * Times on screen are China time whatever the browser's zone (issue 14): a stored time (epoch
 * milliseconds) is shown with the domain's formatChinaDateTime / formatChinaDate /
 * formatChinaHourMinute, never with dayjs(time).format or toLocale*, which follow the browser.
 */
describe('times are shown in China time', () => {
  const files = fs
    .readdirSync(ROOT, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));

  it('formats no stored time in the browser’s zone', () => {
    const found = files.flatMap((name) => {
      const text = fs.readFileSync(path.join(ROOT, name), 'utf8');
      const hits = [...text.matchAll(/dayjs\((?!\))[^)]*\)\.format\(|\.toLocale(?:Date|Time)?String\(/g)];
      return hits.map((hit) => `${name}: ${hit[0]}`);
    });
    expect(found).toEqual([]);
  });
});
