import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The dependency direction of DESIGN §1, checked on the import lines of every source file. */
const ROOT = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The folders under src/ that `file` imports (relative imports only). */
function importedAreas(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const areas = new Set<string>();
  for (const match of text.matchAll(/from '(\.[^']+)'/g)) {
    const target = path.relative(ROOT, path.resolve(path.dirname(file), match[1]));
    areas.add(target.split(path.sep)[0]);
  }
  return [...areas];
}

function violations(folder: string, forbidden: string[]): string[] {
  return sourceFiles(path.join(ROOT, folder)).flatMap((file) =>
    importedAreas(file)
      .filter((area) => forbidden.includes(area))
      .map((area) => `${path.relative(ROOT, file)} imports ${area}/`),
  );
}

describe('dependency direction', () => {
  it('the platform never imports a module', () => {
    expect(violations('platform', ['modules'])).toEqual([]);
  });

  // menus, seed rows and demo steps of the modules are handed to the seed by its entrypoint
  it('the seed never imports a module', () => {
    expect(violations('seed', ['modules'])).toEqual([]);
  });

  it('http/ is plumbing: it imports no platform service and no module', () => {
    expect(violations('http', ['platform', 'modules', 'services.ts', 'seed'])).toEqual([]);
  });

  it('core/ and db/ stay below everything else', () => {
    expect(violations('core', ['db', 'http', 'platform', 'modules', 'services.ts', 'seed'])).toEqual([]);
    expect(violations('db', ['http', 'platform', 'modules', 'services.ts', 'seed'])).toEqual([]);
  });
});

describe('JSON routes are registered from operations', () => {
  /** A route registered on a Fastify instance by hand (`app.get(`, `api.post(`, `app.route(`…). */
  const REGISTRATION =
    /\b(?:app|api|scope|fastify|instance|server)\s*\.\s*(?:get|post|put|patch|delete|head|options|all|route)\s*\(/g;

  it('only http/operation.ts and the files of the documented exceptions register routes by hand', async () => {
    const { HAND_REGISTERED_ROUTES } = await import('./http/operation');
    const allowed = new Map<string, number>();
    for (const route of HAND_REGISTERED_ROUTES) allowed.set(route.file, (allowed.get(route.file) ?? 0) + 1);
    const found = sourceFiles(ROOT).flatMap((file) => {
      const name = path.relative(ROOT, file).split(path.sep).join('/');
      if (name === 'http/operation.ts') return [];
      // another process's server (the bank simulator run on its own, decision 0018), not the console's API
      if (name === 'integrations/bank/http-server.ts') return [];
      const sites = [...fs.readFileSync(file, 'utf8').matchAll(REGISTRATION)].length;
      // a file may register by hand at most as many routes as the list names for it
      return sites > (allowed.get(name) ?? 0) ? [`${name}: ${sites} hand-registered route(s)`] : [];
    });
    expect(found).toEqual([]);
  });
});
