/**
 * Civil time answers the same whether a zone's year is read through Intl (the first lookups)
 * or through the zone's table of transitions (once the year is frequent): every zone of the
 * time-zone database, instants around each offset change and at random, every DST policy. The
 * index of every zone's transitions is set aside here (zone-transitions.test.ts compares it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DST_POLICIES, type CivilTime } from '../../src/astro/civil-time.ts';
import { ZoneOffsetTable } from '../../src/astro/zone-offset-table.ts';
import { useZoneTransitionIndex } from '../../src/astro/zone-transitions.ts';
import { civilAnswer, wallOf } from '../helpers/civil-time-answers.ts';
import { seededRandom } from '../helpers/seeded-random.ts';

beforeAll(() => {
  expect(useZoneTransitionIndex('/nonexistent/zone-transitions.json')).toBe(false);
});

describe('civil time through the zone tables', () => {
  it('gives the answers of the direct lookups for every zone, around offset changes and at random', () => {
    const random = seededRandom(7);
    const zones = Intl.supportedValuesOf('timeZone');
    let compared = 0;
    for (const zone of zones) {
      // Three years of each zone: wall times up to an hour either side of each change, and some at random.
      for (const year of [1890 + Math.floor(random() * 60), 1950 + Math.floor(random() * 50), 2000 + Math.floor(random() * 50)]) {
        const changes = new ZoneOffsetTable(zone).changesBetween(Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1));
        const walls: CivilTime[] = [];
        for (const c of changes) {
          for (const minutes of [-61, -1, 0, 1, 29, 59, 60, 61])
            walls.push(wallOf(c.atMs + c.before * 1000 + minutes * 60_000), wallOf(c.atMs + c.after * 1000 + minutes * 60_000));
        }
        for (let i = 0; i < 4; i++) walls.push(wallOf(Date.UTC(year, 0, 1) + Math.floor(random() * 365 * 86_400) * 1000));
        // The first answers come from Intl; repeating them makes the year frequent and moves it to the table.
        const direct = walls.map((w, i) => civilAnswer(w, zone, DST_POLICIES[i % 4]!));
        for (let round = 0; round < 3; round++) walls.forEach((w, i) => civilAnswer(w, zone, DST_POLICIES[i % 4]!));
        const tabled = walls.map((w, i) => civilAnswer(w, zone, DST_POLICIES[i % 4]!));
        expect(tabled, `${zone} ${year}`).toEqual(direct);
        compared += walls.length;
      }
    }
    expect(compared).toBeGreaterThan(zones.length * 4);
  });
});
