/**
 * The doshas on hand-written charts: Mangal dosha from the lagna, Moon and Venus in both schools,
 * each cancellation where it applies and where it does not, untimed births; Kaal Sarp full,
 * partial, absent, in both directions, its types; and Sade Sati and Dhaiya across Saturn's real
 * 2017-2025 passage through sidereal Sagittarius, Capricorn and Aquarius, with its retrograde
 * re-entries, against a root of the engine's own longitude.
 */
import { describe, expect, it } from 'vitest';
import { calcBody, initEphemeris } from '../../../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { signedSeparation } from '../../../src/astro/zodiac.ts';
import type { GrahaId } from '../../../src/astro/vedic/grahas.ts';
import type { DoshaChart } from '../../../src/astro/vedic/doshas/dosha-chart.ts';
import { mangalDosha } from '../../../src/astro/vedic/doshas/mangal-dosha.ts';
import { kaalSarp } from '../../../src/astro/vedic/doshas/kaal-sarp.ts';
import { sadeSati } from '../../../src/astro/vedic/doshas/sade-sati.ts';
import { saturnIngresses } from '../../../src/astro/vedic/doshas/saturn-signs.ts';

initEphemeris();

/** A chart from sidereal longitudes; Ketu opposite Rahu. */
function chart(lagna: number | undefined, lon: Partial<Record<GrahaId, number>>): DoshaChart {
  const rahu = lon.rahu ?? 265;
  const base: Record<GrahaId, number> = { sun: 5, moon: 200, mars: 100, mercury: 15, jupiter: 300, venus: 160, saturn: 250, rahu, ketu: (rahu + 180) % 360 };
  return { lagna, longitudes: { ...base, ...lon, ketu: (rahu + 180) % 360 } };
}

const jd = (y: number, m: number, d: number) => julianDayFromUtcMs(Date.UTC(y, m - 1, d));

describe('Mangal dosha', () => {
  it('Mars in the 4th from an Aries lagna: manglik from the lagna only, mild, in both schools', () => {
    // Lagna Aries; Mars Cancer (4th from lagna); Moon Libra (Mars 10th from it); Venus Virgo (11th); Jupiter Aquarius aspects Gemini, Leo, Libra.
    const c = chart(10, {});
    const d = mangalDosha(c);
    expect(d.references.map((r) => [r.reference, r.marsHouse, r.present])).toEqual([
      ['lagna', 4, true],
      ['moon', 10, false],
      ['venus', 11, false],
    ]);
    expect(d).toMatchObject({ present: true, cancelled: false, active: true, activeCount: 1, cancellations: [] });
    expect(mangalDosha(c, 'north_indian').active).toBe(true);
  });

  it('the 2nd house counts in the South Indian school only', () => {
    // Mars Taurus: 2nd from the Aries lagna; Moon Sagittarius (Mars 6th), Venus Virgo (Mars 9th).
    const c = chart(10, { mars: 40, moon: 260 });
    expect(mangalDosha(c, 'south_indian')).toMatchObject({ active: true, activeCount: 1 });
    expect(mangalDosha(c, 'north_indian')).toMatchObject({ present: false, active: false });
  });

  it("Jupiter's 9th aspect on Mars cancels it", () => {
    // Jupiter in Scorpio aspects Pisces, Taurus and Cancer, where Mars is.
    const d = mangalDosha(chart(10, { jupiter: 220 }));
    expect(d).toMatchObject({ present: true, cancelled: true, active: false, cancellations: ['jupiter_with_or_aspecting_mars'] });
  });

  it('a house-and-sign exemption cancels one reference, not the others', () => {
    // Lagna Scorpio: Mars in Libra is its 12th (exempt in Libra); from the Moon in Cancer it is the 4th, from Venus in Virgo the 2nd (not exempt).
    const d = mangalDosha(chart(215, { mars: 190, moon: 100, venus: 160, jupiter: 130 }));
    expect(d.references).toEqual([
      { reference: 'lagna', referenceSign: 7, marsHouse: 12, present: true, cancellations: ['house_sign_exception'], active: false },
      { reference: 'moon', referenceSign: 3, marsHouse: 4, present: true, cancellations: [], active: true },
      { reference: 'venus', referenceSign: 5, marsHouse: 2, present: true, cancellations: [], active: true },
    ]);
    expect(d).toMatchObject({ active: true, activeCount: 2, cancelled: false });
  });

  it('names the sign-wide cancellations: own sign, Leo/Aquarius, the Moon with Mars, a benefic in the lagna, a Cancer or Leo lagna', () => {
    expect(mangalDosha(chart(10, { mars: 5 })).cancellations).toContain('mars_own_or_exalted'); // Mars in Aries, 1st from the lagna
    expect(mangalDosha(chart(280, { mars: 130, moon: 130, jupiter: 40 })).cancellations).toEqual(['mars_in_leo_or_aquarius', 'moon_with_mars']);
    expect(mangalDosha(chart(100, { mars: 190, jupiter: 100, moon: 300 })).cancellations).toEqual(['benefic_in_lagna', 'lagna_cancer_or_leo']);
  });

  it('untimed: counted from the Moon and Venus only', () => {
    // No lagna; Mars Cancer is the 4th from the Moon in Aries.
    const d = mangalDosha(chart(undefined, { moon: 10 }));
    expect(d.lagnaSkipped).toBe(true);
    expect(d.references.map((r) => r.reference)).toEqual(['moon', 'venus']);
    expect(d).toMatchObject({ active: true, activeCount: 1 });
  });

  it('Mars at the last second of a sign belongs to that sign', () => {
    // Mars at 29°59′59″ Gemini: 3rd from the Aries lagna (no dosha); a second later it is in Cancer, the 4th.
    expect(mangalDosha(chart(10, { mars: 90 - 1 / 3600 })).references[0]!.marsHouse).toBe(3);
    expect(mangalDosha(chart(10, { mars: 90 })).references[0]!.marsHouse).toBe(4);
  });
});

describe('Kaal Sarp', () => {
  const hemmed = { sun: 35, moon: 50, mars: 65, mercury: 80, jupiter: 100, venus: 120, saturn: 140, rahu: 10 };

  it('full, from Rahu to Ketu, named by the house of Rahu from the lagna', () => {
    // Lagna Cancer: Rahu in Aries is its 10th (Ghatak).
    const k = kaalSarp(chart(100, hemmed));
    expect(k).toMatchObject({ present: true, kind: 'full', direction: 'rahu_to_ketu', rahuHouse: 10, type: 'Ghatak', outside: null });
    expect(kaalSarp(chart(15, hemmed)).type).toBe('Anant');
    expect(kaalSarp(chart(345, hemmed)).type).toBe('Kulik');
    expect(kaalSarp(chart(45, hemmed)).type).toBe('Sheshnag');
  });

  it('partial when the one graha outside is in a node’s sign', () => {
    // Saturn at 15° Libra, 5° past Ketu (10° Libra), in Ketu's sign.
    const k = kaalSarp(chart(100, { ...hemmed, saturn: 195 }));
    expect(k).toMatchObject({ present: true, kind: 'partial', direction: 'rahu_to_ketu', outside: 'saturn' });
    expect(k.conjunctNodes).toContain('saturn');
  });

  it('partial when all are hemmed in but one shares a node’s sign', () => {
    // The Sun at 20° Aries, 10° past Rahu: inside the arc, in Rahu's sign.
    expect(kaalSarp(chart(100, { ...hemmed, sun: 20 }))).toMatchObject({ present: true, kind: 'partial', outside: null, conjunctNodes: ['sun'] });
  });

  it('absent when a graha outside is in no node’s sign, or two are outside', () => {
    expect(kaalSarp(chart(100, { ...hemmed, saturn: 250 })).present).toBe(false);
    expect(kaalSarp(chart(100, { ...hemmed, saturn: 195, venus: 200 })).present).toBe(false);
  });

  it('the other direction, from Ketu to Rahu', () => {
    const k = kaalSarp(chart(100, { sun: 215, moon: 230, mars: 245, mercury: 260, jupiter: 280, venus: 300, saturn: 335, rahu: 10 }));
    expect(k).toMatchObject({ present: true, kind: 'full', direction: 'ketu_to_rahu' });
  });

  it('untimed: found, but its type is not named', () => {
    expect(kaalSarp(chart(undefined, hemmed))).toMatchObject({ present: true, kind: 'full', type: null, rahuHouse: null });
  });
});

describe("Saturn's ingresses and Sade Sati", () => {
  const lahiri = { type: 'sidereal', ayanamsa: 'lahiri' } as const;

  it('finds each sidereal ingress of 2017-2025, the retrograde re-entries included, to the engine’s longitude', () => {
    const events = saturnIngresses(jd(2016, 6, 1), jd(2025, 12, 31), 'lahiri');
    expect(events.map((e) => [new Date((e.jdUt - 2440587.5) * 86_400_000).toISOString().slice(0, 10), e.from, e.to, e.retrograde])).toEqual([
      ['2017-01-26', 7, 8, false],
      ['2017-06-20', 8, 7, true],
      ['2017-10-26', 7, 8, false],
      ['2020-01-24', 8, 9, false],
      ['2022-04-29', 9, 10, false],
      ['2022-07-12', 10, 9, true],
      ['2023-01-17', 9, 10, false],
      ['2025-03-29', 10, 11, false],
    ]);
    for (const e of events) {
      const boundary = Math.max(e.from, e.to) === 11 && Math.min(e.from, e.to) === 0 ? 0 : Math.max(e.from, e.to) * 30;
      expect(Math.abs(signedSeparation(calcBody(e.jdUt, 6, lahiri).lon, boundary))).toBeLessThan(1e-6);
      // A minute either side, Saturn is in the sign it left and the sign it entered.
      expect(Math.floor(calcBody(e.jdUt - 1 / 1440, 6, lahiri).lon / 30)).toBe(e.from);
      expect(Math.floor(calcBody(e.jdUt + 1 / 1440, 6, lahiri).lon / 30)).toBe(e.to);
    }
  });

  it('Moon in Capricorn: the 2017-2025 cycle, each phase from its first entry to its last exit, with its stays', () => {
    const r = sadeSati(9, jd(2022, 6, 1), jd(2022, 6, 1), jd(2022, 6, 1), 'lahiri');
    const day = (x: number) => new Date((x - 2440587.5) * 86_400_000).toISOString().slice(0, 10);
    const c = r.currentCycle!;
    expect([day(c.start), day(c.end)]).toEqual(['2017-01-26', '2025-03-29']);
    expect(c.phases.map((p) => [p.phase, p.sign, day(p.start), day(p.end), p.stays.length])).toEqual([
      ['rising', 8, '2017-01-26', '2020-01-24', 2],
      ['peak', 9, '2020-01-24', '2023-01-17', 2],
      ['setting', 10, '2022-04-29', '2025-03-29', 2],
    ]);
    // On 2022-06-01 Saturn is in Aquarius, the 2nd from the Moon: setting; on 2022-08-01 it is back in Capricorn: peak.
    expect(r.status).toMatchObject({ saturnSign: 10, houseFromMoon: 2, phase: 'setting', dhaiya: null });
    expect(sadeSati(9, jd(2022, 8, 1), jd(2022, 8, 1), jd(2022, 8, 1), 'lahiri').status.phase).toBe('peak');
    expect(day(r.nextCycle!.start)).toMatch(/^204[4-6]/);
  });

  it('Moon in Pisces: a retrograde Saturn pauses the cycle it has begun', () => {
    const r = sadeSati(11, jd(2022, 8, 1), jd(2022, 8, 1), jd(2022, 8, 1), 'lahiri');
    expect(r.status).toMatchObject({ saturnSign: 9, houseFromMoon: 11, phase: null });
    expect(r.currentCycle).not.toBeNull();
    expect(r.currentCycle!.phases[0]!.stays).toHaveLength(2);
  });

  it('Dhaiya: Ashtama Shani for a Cancer Moon, Kantaka Shani for a Scorpio Moon', () => {
    expect(sadeSati(3, jd(2022, 6, 1), jd(2022, 6, 1), jd(2022, 6, 1), 'lahiri').status.dhaiya).toBe('ashtama');
    const r = sadeSati(7, jd(2024, 1, 1), jd(2024, 1, 1), jd(2024, 1, 1), 'lahiri');
    expect(r.status.dhaiya).toBe('kantaka');
    expect(r.currentDhaiya).toMatchObject({ kind: 'kantaka', sign: 10 });
    expect(r.currentDhaiya!.stays).toHaveLength(2);
  });

  it('lists every cycle of a life, about 30 years apart, none overlapping', () => {
    const r = sadeSati(9, jd(2022, 6, 1), jd(1950, 1, 1), jd(2050, 1, 1), 'lahiri');
    expect(r.cycles.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < r.cycles.length; i++) {
      const gap = (r.cycles[i]!.start - r.cycles[i - 1]!.start) / 365.25;
      expect(gap).toBeGreaterThan(27);
      expect(gap).toBeLessThan(32);
      expect(r.cycles[i]!.start).toBeGreaterThan(r.cycles[i - 1]!.end);
    }
  });
});

describe('the sade_sati block', () => {
  it('says when a paused Dhaiya resumes', async () => {
    const { sadeSatiStatusBlock } = await import('../../../src/features/vedic/doshas/sade-sati-block.ts');
    // Moon in Scorpio: Aquarius is its 4th. On 2022-08-01 Saturn is back in Capricorn until 2023-01-17.
    const b = sadeSatiStatusBlock(7, Date.UTC(2022, 7, 1), 'lahiri');
    expect(b.dhaiya).toMatchObject({ active: false, kind: null });
    expect(b.dhaiya.current).toMatchObject({ kind: 'kantaka', sign: 'Aquarius' });
    expect(b.dhaiya.description).toMatch(/paused .* resumes on 2023-01-17 and ends on 2025-03-29/);
  });
});
