/**
 * The Node versions package.json declares must be versions every locked package supports: a
 * dependency that needs a newer Node than the declared range would install with a warning and
 * may fail at run time on a version the project claims to support.
 */
import fs from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);

/**
 * Packages that declare a newer Node than the project's range, kept knowingly: what the service
 * uses of them runs on Node 20, and the suite CI runs on Node 20 (this test's second case checks
 * the running version) exercises exactly that use.
 * - Scalar, the API reference at /docs, and what it brings (undici through its reference
 *   resolver): the plugin serves a browser bundle and the document; the docs browser tests and the
 *   OpenAPI tests load both.
 * - kubernetes-models: a development dependency that validates the Kubernetes manifests in a test.
 */
const KNOWN_NEWER: { name: RegExp; why: string }[] = [
  { name: /^@scalar\//, why: 'the API reference page (test/integration/docs-browser.test.ts, openapi-served.test.ts)' },
  { name: /^undici$/, why: "Scalar's reference resolver (the same tests)" },
  { name: /^(kubernetes-models|@kubernetes-models\/.+)$/, why: 'manifest validation in a test only (test/unit/kubernetes-manifests.test.ts)' },
];
const readJson = (name: string) => JSON.parse(fs.readFileSync(new URL(name, ROOT), 'utf8'));

describe('engines', () => {
  it('every locked package supports every Node version of the declared range', () => {
    const declared: string = readJson('package.json').engines.node;
    const lock = readJson('package-lock.json') as { packages: Record<string, { version?: string; engines?: unknown }> };
    const unsupported: string[] = [];
    const knownSeen = new Set<(typeof KNOWN_NEWER)[number]>();
    for (const [path, meta] of Object.entries(lock.packages)) {
      const engines = meta.engines;
      // A few old packages write engines as an array of strings; they name no Node range.
      if (!path || !engines || typeof engines !== 'object' || Array.isArray(engines)) continue;
      const node = (engines as { node?: string }).node;
      if (!node) continue;
      if (semver.subset(declared, node, { includePrerelease: false })) continue;
      const name = path.replace(/^.*node_modules\//, '');
      const known = KNOWN_NEWER.find((k) => k.name.test(name));
      if (known) knownSeen.add(known);
      else unsupported.push(`${name}@${meta.version} needs node ${node}`);
    }
    expect(unsupported).toEqual([]);
    // An entry no package needs any more goes.
    expect(KNOWN_NEWER.filter((k) => !knownSeen.has(k)).map((k) => k.why)).toEqual([]);
  });

  it('the running Node is within the declared range', () => {
    expect(semver.satisfies(process.version, readJson('package.json').engines.node)).toBe(true);
  });
});
