/**
 * The Node versions package.json declares must be versions every locked package supports: a
 * dependency that needs a newer Node than the declared range would install with a warning and
 * may fail at run time on a version the project claims to support.
 */
import fs from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);
const readJson = (name: string) => JSON.parse(fs.readFileSync(new URL(name, ROOT), 'utf8'));

describe('engines', () => {
  it('every locked package supports every Node version of the declared range', () => {
    const declared: string = readJson('package.json').engines.node;
    const lock = readJson('package-lock.json') as { packages: Record<string, { version?: string; engines?: unknown }> };
    const unsupported: string[] = [];
    for (const [path, meta] of Object.entries(lock.packages)) {
      const engines = meta.engines;
      // A few old packages write engines as an array of strings; they name no Node range.
      if (!path || !engines || typeof engines !== 'object' || Array.isArray(engines)) continue;
      const node = (engines as { node?: string }).node;
      if (!node) continue;
      if (!semver.subset(declared, node, { includePrerelease: false }))
        unsupported.push(`${path.replace(/^.*node_modules\//, '')}@${meta.version} needs node ${node}`);
    }
    expect(unsupported).toEqual([]);
  });

  it('the running Node is within the declared range', () => {
    expect(semver.satisfies(process.version, readJson('package.json').engines.node)).toBe(true);
  });
});
