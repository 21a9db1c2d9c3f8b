/** The reference data copied into the repository (see test/fixtures/README.md). */
import fs from 'node:fs';

const FIXTURES = new URL('../fixtures/', import.meta.url);

/** Parses a JSON fixture, named by its path under test/fixtures/ (e.g. `refdata/events.json`). */
export function readFixture<T = any>(relativePath: string): T {
  return JSON.parse(fs.readFileSync(new URL(relativePath, FIXTURES), 'utf8')) as T;
}
