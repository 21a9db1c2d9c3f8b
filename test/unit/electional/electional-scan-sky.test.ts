/**
 * The scan's fast sky against the exact one. The scan interpolates the planets from the event
 * search's samples and computes Regiomontanus cusps from the sidereal angle; it must rank every
 * step exactly as the ephemeris would: the same rules hold, the same resonance points. Checked
 * here at every step of windows spread over 1800-2399, ten categories, tropical and sidereal,
 * several latitudes and house systems, with natal points; and the two fast parts against the
 * ephemeris directly (their error far inside the margin the scan keeps from every threshold).
 */
import { describe, expect, it } from 'vitest';
import { bodyInfo } from '../../../src/astro/bodies.ts';
import { computeHouses } from '../../../src/astro/chart.ts';
import { calcBody, type ZodiacSetting } from '../../../src/astro/ephemeris.ts';
import { findEvents } from '../../../src/astro/events/index.ts';
import { ELECTION_CATEGORIES, ELECTION_CATEGORY_IDS } from '../../../src/features/western/electional/electional-categories.ts';
import { planetaryHourFinder } from '../../../src/features/western/electional/electional-hours.ts';
import { tallyMoment } from '../../../src/features/western/electional/electional-judgement.ts';
import {
  INTERPOLATION_MARGIN_DEG,
  MARGIN_DEG,
  NEAR_SUN_MARGIN_DEG,
  NEAR_SUN_SPEED_MARGIN,
  PositionTable,
  SPEED_MARGIN,
} from '../../../src/features/western/electional/electional-position-table.ts';
import { resonanceOf, type NatalChart } from '../../../src/features/western/electional/electional-resonance.ts';
import { fastHouses, FAST_HOUSES_MAX_LAT } from '../../../src/features/western/electional/electional-scan-houses.ts';
import { NEAR_SUN_DEG, scanSkyReader } from '../../../src/features/western/electional/electional-scan-sky.ts';
import { SEVEN_PLANETS } from '../../../src/features/western/electional/electional-planets.ts';
import { electionSky, separation, type SkySettings } from '../../../src/features/western/electional/electional-sky.ts';
import { windowEvents } from '../../../src/features/western/electional/electional-window-events.ts';
import type { HouseSystemName } from '../../../src/astro/house-systems.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

const TROPICAL: ZodiacSetting = { type: 'tropical' };
const LAHIRI: ZodiacSetting = { type: 'sidereal', ayanamsa: 'lahiri' };
const J1800 = 2378496.5;

describe('the position table', () => {
  it('interpolates every planet within a fiftieth of its margin and its speed within a twentieth (near the Sun a tenth and a fifth of the wider ones)', () => {
    const random = seededRandom(72);
    const worst: string[] = [];
    for (const zodiac of [TROPICAL, LAHIRI]) {
      for (let k = 0; k < 15; k++) {
        const start = J1800 + random() * 599 * 365.25;
        const table = new PositionTable(zodiac, start, start + 20);
        for (let i = 0; i < 100; i++) {
          const t = start + random() * 20;
          const sun = calcBody(t, 0, zodiac).lon;
          for (const p of SEVEN_PLANETS) {
            const exact = calcBody(t, bodyInfo(p).se!, zodiac);
            const at = table.at(p, t);
            // Near the Sun the light deflection makes the track wiggle: the margins there are wider.
            const nearSun = p !== 'sun' && separation(exact.lon, sun) < NEAR_SUN_DEG;
            if (separation(at.lon, exact.lon) >= (nearSun ? NEAR_SUN_MARGIN_DEG / 10 : MARGIN_DEG[p] / 50)) worst.push(`${p} longitude at JD ${t}`);
            if (Math.abs(at.speed - exact.speedLon) >= (nearSun ? NEAR_SUN_SPEED_MARGIN / 5 : SPEED_MARGIN[p] / 20)) worst.push(`${p} speed at JD ${t}`);
          }
        }
      }
    }
    expect(worst).toEqual([]);
  });
});

describe('the Regiomontanus cusps from the sidereal angle', () => {
  it('equal the houses call within a hundredth of the margin up to the latitude they serve', () => {
    const random = seededRandom(73);
    let worst = 0;
    for (let k = 0; k < 60; k++) {
      const start = J1800 + random() * 599 * 365.25;
      const lat = (random() * 2 - 1) * FAST_HOUSES_MAX_LAT;
      const lng = random() * 360 - 180;
      const houses = fastHouses(start, start + 30, lat, lng, 'regiomontanus', TROPICAL)!;
      for (let i = 0; i < 40; i++) {
        const t = start + random() * 30;
        const fast = houses(t);
        const { frame } = computeHouses(t, lat, lng, 'regiomontanus', TROPICAL);
        for (let c = 0; c < 12; c++) worst = Math.max(worst, separation(fast.cusps[c]!, frame.cusps[c]!));
      }
    }
    expect(worst).toBeLessThan(INTERPOLATION_MARGIN_DEG / 100);
  });

  it('are not used for other systems, the sidereal zodiac or high latitudes', () => {
    expect(fastHouses(2461000, 2461030, 40, 0, 'placidus', TROPICAL)).toBeNull();
    expect(fastHouses(2461000, 2461030, 40, 0, 'regiomontanus', LAHIRI)).toBeNull();
    expect(fastHouses(2461000, 2461030, FAST_HOUSES_MAX_LAT + 1, 0, 'regiomontanus', TROPICAL)).toBeNull();
  });
});

describe("the scan's sky ranks every step as the exact sky does", () => {
  const cases: { start: number; days: number; lat: number; lng: number; zodiac: ZodiacSetting; houseSystem: HouseSystemName; natal: boolean }[] = [
    { start: 2461100.5, days: 12, lat: 38.72, lng: -9.14, zodiac: TROPICAL, houseSystem: 'regiomontanus', natal: true },
    { start: 2380000.5, days: 10, lat: -33.87, lng: 151.21, zodiac: TROPICAL, houseSystem: 'regiomontanus', natal: false },
    { start: 2470500.5, days: 10, lat: 59.91, lng: 10.75, zodiac: TROPICAL, houseSystem: 'regiomontanus', natal: true },
    { start: 2455000.5, days: 10, lat: 69.65, lng: 18.96, zodiac: TROPICAL, houseSystem: 'regiomontanus', natal: false },
    { start: 2461300.5, days: 10, lat: 19.43, lng: -99.13, zodiac: LAHIRI, houseSystem: 'whole_sign', natal: true },
    { start: 2420000.5, days: 10, lat: 40.71, lng: -74.01, zodiac: TROPICAL, houseSystem: 'placidus', natal: false },
  ];
  it.each(cases)('window from JD $start, latitude $lat, $houseSystem', (c) => expect(differencesOver(c)).toEqual([]));

  it('around the stations of Mercury and Saturn, where the speeds pass zero', () => {
    const from = 2461100.5;
    for (const body of ['mercury', 'saturn'] as const) {
      const station = findEvents(from, from + 400, { kinds: ['station'], planets: [body] })[0]!;
      const start = Math.floor(station.jdUt) - 1.5;
      expect(differencesOver({ start, days: 3, lat: 38.72, lng: -9.14, zodiac: TROPICAL, houseSystem: 'regiomontanus', natal: true })).toEqual([]);
    }
  });

  it('through conjunctions of Mercury, Venus, Mars and Saturn with the Sun, where the wider margins hold', () => {
    for (const [body, from] of [
      ['mercury', 2461100.5],
      ['venus', 2385000.5],
      ['mars', 2470000.5],
      ['saturn', 2461100.5],
    ] as const) {
      // The first day the planet comes within a degree of the Sun.
      let t = from;
      while (separation(calcBody(t, bodyInfo(body).se!, TROPICAL).lon, calcBody(t, 0, TROPICAL).lon) > 1) t += 0.25;
      expect(
        differencesOver({ start: Math.floor(t) - 1.5, days: 3, lat: 38.72, lng: -9.14, zodiac: TROPICAL, houseSystem: 'regiomontanus', natal: true }),
      ).toEqual([]);
    }
  });

  function differencesOver({ start, days, lat, lng, zodiac, houseSystem, natal }: (typeof cases)[number]): string[] {
    const end = start + days;
    const settings: SkySettings = { lat, lng, zodiac, houseSystem };
    const events = windowEvents(start, end, zodiac);
    const hourAt = planetaryHourFinder(start, end, lat, lng, () => 0);
    const charts: NatalChart[] = natal
      ? [
          {
            role: 'a',
            label: 'a',
            points: [
              { id: 'sun', name: 'natal Sun', lon: 101.3 },
              { id: 'moon', name: 'natal Moon', lon: 250.07 },
              { id: 'asc', name: 'natal Ascendant', lon: 12.9 },
            ],
          },
        ]
      : [];
    const reader = scanSkyReader(
      settings,
      events,
      hourAt,
      new PositionTable(zodiac, start, end),
      charts.flatMap((c) => c.points.map((p) => p.lon)),
      { from: start, to: end },
    );
    const differences: string[] = [];
    // Every 10 minutes (a finer grid than any scan), every category's rules.
    for (let t = start; t <= end; t += 10 / 1440) {
      const fast = reader.skyAt(t);
      const exact = electionSky(t, settings, events, hourAt);
      for (const id of ELECTION_CATEGORY_IDS) {
        const rules = ELECTION_CATEGORIES.get(id)!.rules;
        const a = tallyMoment(fast, rules),
          b = tallyMoment(exact, rules);
        const held = (sky: typeof fast) => rules.filter((r) => r.holds(sky)).map((r) => r.code);
        if (a.sky_points !== b.sky_points || a.blocking !== b.blocking || held(fast).join() !== held(exact).join())
          differences.push(`${id} at JD ${t}: ${held(fast).join()} / ${held(exact).join()}`);
      }
      if (charts.length && resonanceOf(fast, charts, false).points !== resonanceOf(exact, charts, false).points) differences.push(`resonance at JD ${t}`);
    }
    // Most steps are read from the table (the fallbacks are the exception).
    expect(reader.counts.exactPositions).toBeLessThan(reader.counts.steps * SEVEN_PLANETS.length * 0.2);
    return differences;
  }
});
