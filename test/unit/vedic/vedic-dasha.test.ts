/**
 * Vimshottari and Yogini dashas, hand-checked: the birth lord and balance from the Moon's place in
 * its nakshatra (at an edge, in the middle, a minute either side of a real crossing found by
 * bisection on the engine), the periods' lengths and sums, the year lengths, the periods running
 * at a date, and the Yogini order.
 */
import { describe, expect, it } from 'vitest';
import { calcBody, initEphemeris } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { NAKSHATRA_SPAN } from '../../../src/astro/vedic/nakshatras.ts';
import { MS_PER_DAY, runningPeriods } from '../../../src/astro/vedic/dasha-periods.ts';
import { vimshottariDasha } from '../../../src/astro/vedic/vimshottari.ts';
import { yoginiDasha, yoginiOfNakshatra, YOGINI_NAMES } from '../../../src/astro/vedic/yogini.ts';
import { castVedicChart } from '../../../src/astro/vedic/sidereal-chart.ts';

initEphemeris();
const BIRTH = Date.UTC(1990, 7, 15, 1, 0, 0);
const YEAR = 365.25 * MS_PER_DAY;

describe('Vimshottari', () => {
  it("opens with the nakshatra lord's full years at the nakshatra's start", () => {
    const d = vimshottariDasha(0, BIRTH, 365.25, 1);
    expect(d.birthLord).toBe('ketu');
    expect(d.balanceYears).toBe(7);
    expect(d.periods[0]!.startMs).toBe(BIRTH);
    expect(d.periods.map((p) => p.lord)).toEqual(['ketu', 'venus', 'sun', 'moon', 'mars', 'rahu', 'jupiter', 'saturn', 'mercury']);
    expect(d.periods.at(-1)!.endMs).toBe(BIRTH + 120 * YEAR);
  });

  it('counts the part of the nakshatra traversed as elapsed', () => {
    // The middle of Bharani (Venus, 20 years): 10 years left; the Venus dasha began 10 years before birth.
    const d = vimshottariDasha(NAKSHATRA_SPAN * 1.5, BIRTH, 365.25, 1);
    expect(d.birthLord).toBe('venus');
    expect(d.balanceYears).toBeCloseTo(10, 9);
    expect(d.balanceFraction).toBeCloseTo(0.5, 12);
    expect(d.periods[0]!.startMs).toBeCloseTo(BIRTH - 10 * YEAR, -1);
    expect(d.periods[0]!.endMs).toBeCloseTo(BIRTH + 10 * YEAR, -1);
    // 120 years after birth are covered: a tenth mahadasha (Venus again) runs past them.
    expect(d.periods).toHaveLength(10);
    expect(d.periods[9]!.lord).toBe('venus');
    expect(d.periods[9]!.endMs).toBeGreaterThanOrEqual(BIRTH + 120 * YEAR - 1);
  });

  it('divides each period among the nine lords in proportion, from its own lord', () => {
    const d = vimshottariDasha(NAKSHATRA_SPAN * 1.5, BIRTH, 365.25, 3);
    const venus = d.periods[0]!;
    expect(venus.periods!.map((p) => p.lord)).toEqual(['venus', 'sun', 'moon', 'mars', 'rahu', 'jupiter', 'saturn', 'mercury', 'ketu']);
    expect(venus.periods![0]!.years).toBeCloseTo((20 * 20) / 120, 12);
    expect(venus.periods![1]!.years).toBeCloseTo(1, 12);
    expect(venus.periods!.at(-1)!.endMs).toBe(venus.endMs);
    const sunInVenus = venus.periods![1]!;
    expect(sunInVenus.periods![0]!.lord).toBe('sun');
    expect(sunInVenus.periods![0]!.years).toBeCloseTo((1 * 6) / 120, 12);
    expect(sunInVenus.periods!.at(-1)!.endMs).toBe(sunInVenus.endMs);
    for (const m of d.periods) {
      expect(m.periods![0]!.startMs).toBe(m.startMs);
      for (let i = 1; i < 9; i++) expect(m.periods![i]!.startMs).toBe(m.periods![i - 1]!.endMs);
    }
  });

  it('takes the year length asked', () => {
    const julian = vimshottariDasha(NAKSHATRA_SPAN * 1.5, BIRTH, 365.25, 1);
    const savana = vimshottariDasha(NAKSHATRA_SPAN * 1.5, BIRTH, 360, 1);
    const tropical = vimshottariDasha(NAKSHATRA_SPAN * 1.5, BIRTH, 365.2422, 1);
    expect(savana.periods[0]!.endMs - BIRTH).toBeCloseTo(10 * 360 * MS_PER_DAY, -1);
    expect(tropical.periods[0]!.endMs - BIRTH).toBeCloseTo(10 * 365.2422 * MS_PER_DAY, -1);
    expect(julian.periods[1]!.endMs - julian.periods[1]!.startMs).toBeCloseTo(6 * YEAR, -1);
  });

  it('finds the periods running at a date, one per level', () => {
    const d = vimshottariDasha(NAKSHATRA_SPAN * 1.5, BIRTH, 365.25, 3);
    // 10.1 years after birth: the Sun's mahadasha (10 to 16 years), its own antardasha (0.3 years: 10 to 10.3), in which
    // the pratyantardashas Sun 0.015, Moon 0.025, Mars 0.0175 years have passed (to 10.0575) and Rahu's (0.045) runs.
    const running = runningPeriods(d.periods, BIRTH + 10.1 * YEAR);
    expect(running.map((p) => [p.level, p.lord])).toEqual([
      [1, 'sun'],
      [2, 'sun'],
      [3, 'rahu'],
    ]);
    expect(runningPeriods(d.periods, BIRTH + 500 * YEAR)).toEqual([]);
    // A boundary belongs to the period it opens.
    expect(runningPeriods(d.periods, d.periods[1]!.startMs)[0]!.lord).toBe('sun');
  });

  it('changes lord when the birth Moon crosses a nakshatra edge (found by bisection on the engine)', () => {
    // The Moon's sidereal longitude (Lahiri) at a UT instant, and the instant it reaches 2 × 13°20′ (Bharani to Krittika) after 1990-08-01.
    const moon = (ms: number) => calcBody(julianDayFromUtcMs(ms), 1, { type: 'sidereal', ayanamsa: 'lahiri' }).lon;
    const target = 2 * NAKSHATRA_SPAN;
    let lo = Date.UTC(1990, 7, 1);
    while (!(moon(lo) < target && moon(lo + 6 * 3600_000) >= target && moon(lo + 6 * 3600_000) < target + 10)) lo += 6 * 3600_000;
    let hi = lo + 6 * 3600_000;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (moon(mid) < target) lo = mid;
      else hi = mid;
    }
    const chartAt = (ms: number) =>
      castVedicChart({ jdUt: julianDayFromUtcMs(ms), lat: 28.6, lng: 77.2, timeKnown: true, ayanamsa: 'lahiri', nodeType: 'mean', houseSystem: 'whole_sign' });
    const before = chartAt(hi - 60_000).grahas[1]!;
    const after = chartAt(hi + 60_000).grahas[1]!;
    expect(before.nakshatra.name).toBe('Bharani');
    expect(after.nakshatra.name).toBe('Krittika');
    const d1 = vimshottariDasha(before.longitude, hi - 60_000, 365.25, 1);
    const d2 = vimshottariDasha(after.longitude, hi + 60_000, 365.25, 1);
    // A minute before: the Moon (about 13° a day) is some 0.009° short of the edge, 1/1450 of Bharani: of Venus's 20 years,
    // about 5 days are left …
    expect(d1.birthLord).toBe('venus');
    expect(d1.balanceYears * 365.25).toBeGreaterThan(4);
    expect(d1.balanceYears * 365.25).toBeLessThan(7);
    // … a minute after: the Sun's 6 years less about a day and a half.
    expect(d2.birthLord).toBe('sun');
    expect((6 - d2.balanceYears) * 365.25).toBeGreaterThan(1);
    expect((6 - d2.balanceYears) * 365.25).toBeLessThan(2.5);
    expect(d2.periods[0]!.endMs - d2.periods[0]!.startMs).toBeCloseTo(6 * YEAR, -1);
  });
});

describe('Yogini', () => {
  it('starts from (nakshatra + 3) mod 8', () => {
    expect(YOGINI_NAMES[yoginiOfNakshatra(1)]).toBe('Bhramari'); // Ashwini
    expect(YOGINI_NAMES[yoginiOfNakshatra(6)]).toBe('Mangala'); // Ardra
    expect(YOGINI_NAMES[yoginiOfNakshatra(5)]).toBe('Sankata'); // Mrigashira: 8 mod 8 = 0
    expect(YOGINI_NAMES[yoginiOfNakshatra(14)]).toBe('Mangala'); // Chitra
    expect(YOGINI_NAMES[yoginiOfNakshatra(27)]).toBe('Ulka'); // Revati: 30 mod 8 = 6
  });

  it('runs the 36-year cycle with the balance of the birth yogini', () => {
    // Ardra (6th nakshatra) half traversed: Mangala (1 year), half a year left.
    const d = yoginiDasha(5.5 * NAKSHATRA_SPAN, BIRTH, 365.25, 2);
    expect(d.birthLord).toBe('Mangala');
    expect(d.balanceYears).toBeCloseTo(0.5, 12);
    expect(d.periods.slice(0, 8).map((p) => p.years)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(d.periods[1]!.startMs).toBeCloseTo(BIRTH + 0.5 * YEAR, -1);
    const pingala = d.periods[1]!;
    expect(pingala.periods![0]!.lord).toBe('Pingala');
    expect(pingala.periods![0]!.years).toBeCloseTo((2 * 2) / 36, 12);
    expect(pingala.periods!.at(-1)!.endMs).toBe(pingala.endMs);
    expect(d.periods.at(-1)!.endMs).toBeGreaterThanOrEqual(BIRTH + 120 * YEAR - 1);
  });
});
