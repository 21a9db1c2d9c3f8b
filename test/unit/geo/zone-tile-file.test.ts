import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeZoneLookup } from '../../../src/geo/time-zone-lookup.ts';
import { writeZoneTileFile } from '../../../src/geo/zone-tile-file.ts';
import { zoneTestPoints } from '../../helpers/zone-test-points.ts';

describe('time-zone tiles decoded at install', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zone-tiles-'));
  const file = path.join(dir, 'zone-tiles.bin');
  const decoding = new TimeZoneLookup({ tileFile: null });

  beforeAll(() => {
    const written = writeZoneTileFile(file, decoding.source(), decoding.decodedTiles());
    expect(written.tiles).toBeGreaterThan(20_000);
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('answer as the tiles decoded from geobuf: random points, towns near borders, a line across borders', () => {
    const fromFile = new TimeZoneLookup({ tileFile: file });
    expect(fromFile.usage().fromFile).toBe(true);
    const points = zoneTestPoints(11, 20_000);
    for (let lng = -120; lng <= 150; lng += 0.05) points.push([31.3, lng]);
    const differing = points.filter(([lat, lng]) => fromFile.zoneAt(lat, lng) !== decoding.zoneAt(lat, lng));
    expect(differing).toEqual([]);
    expect(fromFile.usage().tiles).toBeGreaterThan(1000);
  });

  it('keep their byte budget when read from the file, and answer the same after an eviction', () => {
    const small = new TimeZoneLookup({ tileFile: file, budgetBytes: 2 * 1024 * 1024 });
    for (let lat = -55; lat <= 70; lat += 1.5) for (let lng = -179; lng <= 179; lng += 2.5) small.zoneAt(lat, lng);
    expect(small.usage().bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(small.usage().evictions).toBeGreaterThan(0);
    expect(small.zoneAt(48.8566, 2.3522)).toBe('Europe/Paris');
  });

  it('are ignored when the file is missing, damaged, cut short, made from other data or not a file: the tiles are decoded instead', () => {
    const damaged = path.join(dir, 'damaged.bin');
    fs.writeFileSync(damaged, Buffer.from('ZTILES01\xff\xff\xff\x7f{"source":', 'latin1'));
    const notJson = path.join(dir, 'not-json.bin');
    fs.writeFileSync(notJson, Buffer.concat([Buffer.from('ZTILES01', 'latin1'), Buffer.from([4, 0, 0, 0]), Buffer.from('{{{{')]));
    const cut = path.join(dir, 'cut.bin');
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, 1 << 20));
    const other = path.join(dir, 'other.bin');
    const source = decoding.source();
    writeZoneTileFile(other, { ...source, indexHash: source.indexHash.replace(/^./, (c) => (c === '0' ? '1' : '0')) }, []);
    const empty = path.join(dir, 'empty.bin');
    fs.writeFileSync(empty, '');
    const fifo = path.join(dir, 'fifo.bin'); // no writer ever comes: opening it must not wait for one
    execFileSync('mkfifo', [fifo]);
    for (const tileFile of [path.join(dir, 'missing.bin'), damaged, notJson, cut, other, empty, dir, fifo]) {
      const lookup = new TimeZoneLookup({ tileFile });
      expect(lookup.usage().fromFile, tileFile).toBe(false);
      expect(lookup.zoneAt(48.8566, 2.3522)).toBe('Europe/Paris');
      expect(lookup.zoneAt(-33.8688, 151.2093)).toBe('Australia/Sydney');
    }
  });

  it('decode a tile whose bytes in the file were changed (its checksum fails), with the same answer', () => {
    const bytes = fs.readFileSync(file);
    const manifest = JSON.parse(bytes.toString('utf8', 12, 12 + bytes.readUInt32LE(8))) as { tiles: number[] };
    const damaged = {
      // A polygon count past the tile, a crash's zeroed pages, a zone index moved to another zone.
      count: (copy: Buffer, offset: number) => copy.writeUInt32LE(0xffff_fff0, offset),
      zeroed: (copy: Buffer, offset: number, length: number) => copy.fill(0, offset, offset + length),
      zone: (copy: Buffer, offset: number) => copy.writeUInt32LE((copy.readUInt32LE(offset + 4) + 1) % 400, offset + 4),
    };
    for (const [name, damage] of Object.entries(damaged)) {
      const copy = Buffer.from(bytes);
      for (let i = 0; i < manifest.tiles.length; i += 4) damage(copy, manifest.tiles[i + 1]!, manifest.tiles[i + 2]!);
      const broken = path.join(dir, `broken-${name}.bin`);
      fs.writeFileSync(broken, copy);
      const lookup = new TimeZoneLookup({ tileFile: broken });
      expect(lookup.usage().fromFile).toBe(true);
      for (const [lat, lng] of zoneTestPoints(5, 300)) expect(lookup.zoneAt(lat, lng), `${name} ${lat} ${lng}`).toBe(decoding.zoneAt(lat, lng));
      fs.rmSync(broken);
    }
  });
});
