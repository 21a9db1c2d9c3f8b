/**
 * The daily reading's shortcuts give what the full computations give, over random instants,
 * places and births: the grahas read without a chart are the chart's grahas; the panchang's
 * limbs searched from sunrise only (the first element cut there, tithi, yoga and karana to the
 * end of the one at sunrise) are the full search's, element for element; the Vimshottari periods
 * divided only where they run at an instant are the full timeline's running periods; the chart
 * cast without declinations is the same chart but for them; the limbs' boundaries read from the
 * per-thread cache are the ones a cold search finds, and the cache stays bounded.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { PositionCache } from '../../../src/astro/events/positions.ts';
import { hinduDay } from '../../../src/astro/panchang/panchang-day.ts';
import { limbsOver, type LimbKind } from '../../../src/astro/panchang/panchang-limbs.ts';
import { clearLimbCrossings, LIMB_CACHE_ENTRIES, limbCrossingsHeld } from '../../../src/astro/panchang/limb-crossings.ts';
import { runningPeriods } from '../../../src/astro/vedic/dasha-periods.ts';
import { castVedicChart, movingGrahas } from '../../../src/astro/vedic/sidereal-chart.ts';
import { vimshottariDasha } from '../../../src/astro/vedic/vimshottari.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();
const random = seededRandom(2711);
const between = (lo: number, hi: number) => lo + random() * (hi - lo);
const AYANAMSAS = ['lahiri', 'raman', 'kp', 'fagan_bradley'] as const;
const LIMBS: LimbKind[] = ['tithi', 'karana', 'nakshatra', 'yoga'];

describe('the daily reading’s shortcuts', () => {
  it('reads the grahas the chart cast at the same instant gives', () => {
    for (let i = 0; i < 60; i++) {
      const jdUt = between(2378497, 2597640);
      const ayanamsa = AYANAMSAS[i % AYANAMSAS.length]!;
      const nodeType = i % 2 ? 'true' : 'mean';
      const chart = castVedicChart({ jdUt, lat: between(-60, 60), lng: between(-180, 180), timeKnown: true, ayanamsa, nodeType, houseSystem: 'whole_sign' });
      const moving = movingGrahas(jdUt, ayanamsa, nodeType);
      expect(moving.map((g) => g.id)).toEqual(chart.grahas.map((g) => g.id));
      moving.forEach((g, k) => {
        const c = chart.grahas[k]!;
        expect([g.longitude, g.signIndex, g.degreeInSign, g.speed, g.retrograde, g.name, g.nakshatra]).toEqual([
          c.longitude,
          c.signIndex,
          c.degreeInSign,
          c.speed,
          c.retrograde,
          c.name,
          c.nakshatra,
        ]);
      });
    }
  });

  it('finds from sunrise the limbs the full search finds', () => {
    for (let i = 0; i < 40; i++) {
      const date = { year: Math.floor(between(1800, 2399)), month: 1 + Math.floor(random() * 12), day: 1 + Math.floor(random() * 28) };
      const day = hinduDay(date, 'UTC', between(-60, 60), between(-180, 180));
      const sunrise = day.sunrise.jdUt,
        next = day.nextSunrise.jdUt;
      const ayanamsa = AYANAMSAS[i % AYANAMSAS.length]!;
      const full = limbsOver(sunrise, next, new PositionCache({ type: 'sidereal', ayanamsa }), true);
      const fromSunrise = limbsOver(
        sunrise,
        { tithi: sunrise, yoga: sunrise, karana: sunrise, nakshatra: next },
        new PositionCache({ type: 'sidereal', ayanamsa }),
        false,
      );
      for (const limb of LIMBS) {
        const wanted = limb === 'nakshatra' ? full[limb].filter((e) => e.start < next) : full[limb].slice(0, 1);
        expect(full[limb][0]!.start).toBeLessThanOrEqual(sunrise);
        expect(fromSunrise[limb].map((e) => [e.index, e.end])).toEqual(wanted.map((e) => [e.index, e.end]));
        // The first cut at sunrise, the others as they are.
        expect(fromSunrise[limb].map((e) => e.start)).toEqual(wanted.map((e, k) => (k === 0 ? sunrise : e.start)));
      }
    }
  });

  it('divides only the running periods, and they are the full timeline’s', () => {
    for (let i = 0; i < 200; i++) {
      const birthMs = Date.UTC(1900, 0, 1) + random() * 150 * 365.25 * 86_400_000;
      const atMs = birthMs + random() * 120 * 365.25 * 86_400_000;
      const moon = between(0, 360);
      const full = runningPeriods(vimshottariDasha(moon, birthMs, 365.25, 3).periods, atMs);
      const only = vimshottariDasha(moon, birthMs, 365.25, 3, atMs);
      const bounds = (ps: typeof full) => ps.map((p) => [p.lord, p.level, p.startMs, p.endMs, p.years]);
      expect(bounds(runningPeriods(only.periods, atMs))).toEqual(bounds(full));
      expect(only.periods.filter((p) => p.periods !== undefined).length).toBeLessThanOrEqual(1);
    }
  });

  it('casts without declinations the same chart but for them, NaN', () => {
    for (let i = 0; i < 40; i++) {
      const input = {
        jdUt: between(2378497, 2597640),
        lat: between(-65, 65),
        lng: between(-180, 180),
        timeKnown: i % 5 !== 0,
        ayanamsa: AYANAMSAS[i % AYANAMSAS.length]!,
        nodeType: i % 2 ? ('true' as const) : ('mean' as const),
        houseSystem: i % 3 ? ('placidus' as const) : ('whole_sign' as const),
      };
      const full = castVedicChart(input);
      const bare = castVedicChart({ ...input, declinations: false });
      for (const g of bare.grahas) expect(g.declination).toBeNaN();
      const strip = (c: typeof full) => ({ ...c, grahas: c.grahas.map((g) => ({ ...g, declination: 0 })) });
      expect(strip(bare)).toEqual(strip(full));
      for (const g of full.grahas) expect(Number.isFinite(g.declination)).toBe(true);
    }
  });

  it('reads from the cache the boundaries a cold search finds, and keeps the cache bounded', () => {
    const cases = Array.from({ length: 30 }, (_, i) => {
      const from = between(2378500, 2597630);
      return { from, to: from + between(0, 1.2), ayanamsa: AYANAMSAS[i % AYANAMSAS.length]! };
    });
    const search = (c: (typeof cases)[number]) => limbsOver(c.from, c.to, new PositionCache({ type: 'sidereal', ayanamsa: c.ayanamsa }), true);
    const cold = cases.map((c) => {
      clearLimbCrossings();
      return search(c);
    });
    // Warm: every case again, its intervals now read from the cache that all the cases filled.
    expect(cases.map(search)).toEqual(cold);
    for (let i = 0; i < LIMB_CACHE_ENTRIES / 4; i++) search({ from: 2451545 + i, to: 2451545.5 + i, ayanamsa: 'lahiri' });
    expect(limbCrossingsHeld()).toBeLessThanOrEqual(LIMB_CACHE_ENTRIES);
  });
});
