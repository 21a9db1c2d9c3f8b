/**
 * The index of every zone's offset changes (zone-transitions.ts) answers what Intl answers: the
 * offset of every zone a second either side of each change and at random instants, the changes of
 * a year as a scan finds them, aliases, and civil time under every DST policy around each change.
 * An index of other time-zone data, or none, is not used.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ianaZone, intlOffsetSeconds, DST_POLICIES, type CivilTime } from '../../src/astro/civil-time.ts';
import {
  indexedOffsetSeconds,
  indexedTransitions,
  indexedZoneNames,
  scanZonesForIndex,
  scanZoneTransitions,
  useZoneTransitionIndex,
  writeZoneTransitionIndex,
  INDEX_FROM_MS,
  INDEX_TO_MS,
} from '../../src/astro/zone-transitions.ts';
import { civilAnswer, wallOf } from '../helpers/civil-time-answers.ts';
import { seededRandom } from '../helpers/seeded-random.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zone-index-'));
const indexFile = path.join(dir, 'zone-transitions.json');
const NO_INDEX = path.join(dir, 'absent.json');
const YEAR = 365.2425 * 86_400_000;

beforeAll(() => {
  writeZoneTransitionIndex(scanZonesForIndex(indexedZoneNames()), indexFile);
  expect(useZoneTransitionIndex(indexFile)).toBe(true);
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Every change of a zone in the index's span, read through indexedTransitions. */
const allChanges = (zone: string) => indexedTransitions(zone, INDEX_FROM_MS, INDEX_TO_MS - 1)!;

describe('the index of time-zone transitions', () => {
  it("gives Intl's offset for every zone, a second either side of each change and at random instants", () => {
    const random = seededRandom(3);
    const differing: string[] = [];
    let compared = 0;
    for (const name of indexedZoneNames()) {
      const zone = ianaZone(name)!;
      const { changes } = allChanges(name);
      const instants = changes.slice(1).flatMap((at) => [at - 1000, at - 1, at, at + 0.5, at + 1000]);
      for (let i = 0; i < 60; i++) instants.push(INDEX_FROM_MS + random() * (INDEX_TO_MS - INDEX_FROM_MS));
      for (const ms of instants) {
        compared++;
        if (indexedOffsetSeconds(name, ms) !== intlOffsetSeconds(zone, ms)) differing.push(`${name} ${new Date(ms).toISOString()}`);
      }
    }
    expect(differing.slice(0, 10)).toEqual([]);
    expect(compared).toBeGreaterThan(100_000);
  });

  it("lists a year's changes as a scan of that year through Intl finds them", () => {
    const random = seededRandom(5);
    const names = indexedZoneNames();
    for (let i = 0; i < 300; i++) {
      const name = names[Math.floor(random() * names.length)]!;
      const from = INDEX_FROM_MS + Math.floor(random() * 249) * YEAR;
      expect(indexedTransitions(name, from, from + YEAR), name).toEqual(scanZoneTransitions(name, from, from + YEAR));
    }
  });

  it("finds a change undone within a week (Boa Vista's summer time of 8 to 15 October 2000)", () => {
    const { changes, offsets } = indexedTransitions('America/Boa_Vista', Date.UTC(2000, 9, 1), Date.UTC(2000, 10, 1))!;
    expect(offsets).toEqual([-14400, -10800, -14400]);
    expect(changes.slice(1).map((ms) => new Date(ms).toISOString())).toEqual(['2000-10-08T04:00:00.000Z', '2000-10-15T03:00:00.000Z']);
  });

  it('scans find a change undone within a week wherever their probes fall', () => {
    const week = [Date.UTC(2000, 9, 8, 4), Date.UTC(2000, 9, 15, 3)];
    for (let day = 0; day < 30; day++) {
      const from = Date.UTC(2000, 8, 1) + day * 86_400_000;
      const { changes } = scanZoneTransitions('America/Boa_Vista', from, Date.UTC(2000, 11, 1));
      expect(changes.slice(1), `scan from ${new Date(from).toISOString()}`).toEqual(week);
    }
  });

  it('reads aliases through their zone, and knows nothing of other names or of instants outside 1850-2100', () => {
    for (const alias of ['US/Eastern', 'Asia/Kolkata', 'Europe/Kyiv', 'Etc/UTC', 'GMT']) {
      const zone = ianaZone(alias)!;
      for (const ms of [Date.UTC(1900, 5, 1), Date.UTC(1975, 0, 15), Date.UTC(2021, 6, 1), Date.UTC(2021, 11, 1)]) {
        expect(indexedOffsetSeconds(alias, ms), `${alias} ${ms}`).toBe(intlOffsetSeconds(zone, ms));
      }
    }
    expect(indexedOffsetSeconds('Mars/Olympus_Mons', Date.UTC(2000, 0, 1))).toBeUndefined();
    expect(indexedOffsetSeconds('Europe/Paris', Date.UTC(1849, 11, 31))).toBeUndefined();
    expect(indexedOffsetSeconds('Europe/Paris', INDEX_TO_MS)).toBeUndefined();
    expect(indexedOffsetSeconds('Europe/Paris', Number.NaN)).toBeUndefined();
  });

  it('is not used when it was written from other time-zone data, or is missing, unreadable or of another shape', () => {
    const other = path.join(dir, 'other.json');
    const index = JSON.parse(fs.readFileSync(indexFile, 'utf8'));
    fs.writeFileSync(other, JSON.stringify({ ...index, tz: `${process.versions.tz}-other` }));
    try {
      for (const file of [other, NO_INDEX]) {
        expect(useZoneTransitionIndex(file), file).toBe(false);
        expect(indexedOffsetSeconds('Europe/Paris', Date.UTC(2000, 0, 1))).toBeUndefined();
      }
      for (const text of [
        '{"tz": ',
        'null',
        '[]',
        JSON.stringify({ ...index, zones: 5 }),
        JSON.stringify({ ...index, zones: { 'Europe/Paris': [0, 3600, 7] } }),
        JSON.stringify({ ...index, zones: { 'Europe/Paris': [0, 'x'] } }),
      ]) {
        fs.writeFileSync(other, text);
        expect(useZoneTransitionIndex(other), text.slice(0, 60)).toBe(false);
        expect(indexedOffsetSeconds('Europe/Paris', Date.UTC(2000, 0, 1))).toBeUndefined();
      }
    } finally {
      expect(useZoneTransitionIndex(indexFile)).toBe(true);
    }
  });
});

describe('civil time through the index', () => {
  it('answers as Intl does for every zone, at wall times around changes and at random, under every DST policy', () => {
    const random = seededRandom(9);
    let compared = 0;
    for (const zone of indexedZoneNames()) {
      const { changes, offsets } = allChanges(zone);
      const walls: CivilTime[] = [];
      // Wall times up to an hour either side of twelve changes picked at random, and some at random.
      for (let k = 0; k < 12 && changes.length > 1; k++) {
        const i = 1 + Math.floor(random() * (changes.length - 1));
        for (const minutes of [-61, -1, 0, 1, 29, 59, 60, 61]) {
          for (const offset of [offsets[i - 1]!, offsets[i]!]) walls.push(wallOf(changes[i]! + offset * 1000 + minutes * 60_000));
        }
      }
      for (let i = 0; i < 6; i++) walls.push(wallOf(INDEX_FROM_MS + 2 * 86_400_000 + Math.floor(random() * 249 * 365 * 86_400) * 1000));
      const indexed = walls.map((w, i) => civilAnswer(w, zone, DST_POLICIES[i % 4]!));
      useZoneTransitionIndex(NO_INDEX);
      const direct = walls.map((w, i) => civilAnswer(w, zone, DST_POLICIES[i % 4]!));
      useZoneTransitionIndex(indexFile);
      expect(indexed, zone).toEqual(direct);
      compared += walls.length;
    }
    expect(compared).toBeGreaterThan(50_000);
  });
});
