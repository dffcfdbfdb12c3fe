import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The supported Node versions (README, .ci/run): the oldest release of each line we claim. `npm ci`
 * warns (EBADENGINE) for every installed package whose declared range leaves one out; where such a
 * package had a compatible version, the lock file pins it (package.json overrides).
 */
const SUPPORTED_NODE = ['20.19.0', '22.13.0', '24.0.0'];

const root = path.resolve(import.meta.dirname, '../../..');

describe('the supported Node versions', () => {
  it('satisfy the engine range of every installed package', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[]; dev?: boolean }>;
    };
    const refused: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      if (!range) continue;
      for (const version of SUPPORTED_NODE) {
        if (!semver.satisfies(version, range))
          refused.push(`${location}@${entry.version} needs ${range}, not ${version}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('are the ones the project declares and CI runs', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    for (const version of SUPPORTED_NODE) expect(semver.satisfies(version, manifest.engines.node)).toBe(true);
    const ci = fs.readFileSync(path.join(root, '.ci/run'), 'utf8');
    expect(ci).toContain('on_node 22 ');
    expect(ci).toContain('on_node 24 ');
  });
});
