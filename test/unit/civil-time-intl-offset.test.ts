/**
 * The offsets civil time reads from Intl directly are luxon's (rounded to seconds), for every
 * zone of the time-zone database: at random instants of the years the service computes (whole
 * and fractional milliseconds, before and after 1970) and a second either side of the changes
 * of random years.
 */
import { describe, expect, it } from 'vitest';
import { ianaZone, intlOffsetSeconds } from '../../src/astro/civil-time.ts';
import { ZoneOffsetTable } from '../../src/astro/zone-offset-table.ts';
import { seededRandom } from '../helpers/seeded-random.ts';

const FIRST = Date.UTC(1583, 0, 1);
const LAST = Date.UTC(3000, 0, 1);

describe('offsets read from Intl', () => {
  it("are luxon's for every zone, at random instants and around every change", () => {
    const random = seededRandom(11);
    const differing: string[] = [];
    let compared = 0;
    for (const name of Intl.supportedValuesOf('timeZone')) {
      const zone = ianaZone(name)!;
      const luxon = (ms: number) => Math.round(zone.offset(ms) * 60);
      const instants: number[] = [];
      for (let i = 0; i < 40; i++) {
        const ms = FIRST + random() * (LAST - FIRST);
        instants.push(i % 2 ? ms : Math.floor(ms));
      }
      // The changes of eight random years from 1850 to 2039 (located through the zone's table; compared with luxon below).
      const table = new ZoneOffsetTable(name);
      for (let i = 0; i < 8; i++) {
        const year = 1850 + Math.floor(random() * 190);
        for (const { atMs } of table.changesBetween(Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1)))
          instants.push(atMs - 1000, atMs - 1, atMs, atMs + 999.5, atMs + 1000);
      }
      for (const ms of instants) {
        compared++;
        if (intlOffsetSeconds(zone, ms) !== luxon(ms)) differing.push(`${name} ${ms}`);
      }
    }
    expect(differing.slice(0, 10)).toEqual([]);
    expect(compared).toBeGreaterThan(Intl.supportedValuesOf('timeZone').length * 40);
  });
});
