/**
 * Ashtakavarga: the sarva totals 337 over 1,000 random charts (and each graha its fixed total);
 * a bhinna table worked by hand; the trikona and ekadhipatya reductions on rows written here; the
 * untimed birth (the Moon's sign for the lagna).
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { castVedicChart } from '../../../src/astro/vedic/sidereal-chart.ts';
import { SEVEN_GRAHAS } from '../../../src/astro/vedic/grahas.ts';
import { ashtakavargaOfChart, bhinnaAshtakavarga, ekadhipatyaReduction, trikonaReduction } from '../../../src/astro/vedic/strength/ashtakavarga.ts';
import { ASHTAKAVARGA_CONTRIBUTORS, BINDU_PLACES } from '../../../src/astro/vedic/strength/ashtakavarga-tables.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();
const random = seededRandom(337);

const TOTALS = { sun: 48, moon: 49, mars: 39, mercury: 54, jupiter: 56, venus: 52, saturn: 39 } as const;

function randomChart(timeKnown = true) {
  // 1800 to 2200, anywhere but the poles.
  const jdUt = 2378496.5 + random() * 146100;
  return castVedicChart({
    jdUt,
    lat: -66 + random() * 132,
    lng: -180 + random() * 360,
    timeKnown,
    ayanamsa: random() < 0.5 ? 'lahiri' : 'raman',
    nodeType: 'mean',
    houseSystem: 'whole_sign',
  });
}

describe('ashtakavarga', () => {
  it('the sarva totals 337 and each bhinna its fixed number, over 1,000 random charts', () => {
    for (let i = 0; i < 1000; i++) {
      const a = ashtakavargaOfChart(randomChart(i % 10 !== 0), { reductions: i % 2 === 0 });
      expect(a.total).toBe(337);
      expect(a.sarva.reduce((x, y) => x + y, 0)).toBe(337);
      for (const g of SEVEN_GRAHAS) {
        expect(a.bhinna[g].total).toBe(TOTALS[g]);
        // The prastara rows add up to the bhinna row.
        for (let s = 0; s < 12; s++) expect(Object.values(a.bhinna[g].contributions).reduce((x, row) => x + row[s]!, 0)).toBe(a.bhinna[g].bindus[s]);
        if (a.reductions) {
          const t = a.reductions.trikona[g],
            e = a.reductions.ekadhipatya[g];
          for (let s = 0; s < 12; s++) {
            expect(t[s]).toBeGreaterThanOrEqual(0);
            expect(t[s]).toBeLessThanOrEqual(a.bhinna[g].bindus[s]!);
            expect(e[s]).toBeGreaterThanOrEqual(0);
            expect(e[s]).toBeLessThanOrEqual(t[s]!);
          }
        }
      }
    }
  });

  it("works the Sun's table by hand: every contributor in Aries", () => {
    const allInAries = { sun: 0, moon: 0, mars: 0, mercury: 0, jupiter: 0, venus: 0, saturn: 0, lagna: 0 };
    const sun = bhinnaAshtakavarga('sun', allInAries);
    // Aries is the 1st from every contributor: the Sun, Mars and Saturn give the Sun a bindu in their 1st.
    expect(sun.bindus[0]).toBe(3);
    // Taurus is the 2nd: the Sun, Mars, Saturn again.
    expect(sun.bindus[1]).toBe(3);
    // Leo is the 5th: Mercury and Jupiter.
    expect(sun.bindus[4]).toBe(2);
    // Capricorn is the 10th: Sun, Moon, Mars, Mercury, Saturn and the lagna; Jupiter and Venus not.
    expect(sun.bindus[9]).toBe(6);
    // Aquarius is the 11th: all but Venus (whose places are the 6th, 7th and 12th).
    expect(sun.bindus[10]).toBe(7);
    expect(sun.total).toBe(48);
    // Contributors counted from their own sign: the Moon in Cancer gives the Sun its 3rd, 6th, 10th, 11th from Cancer.
    const moonInCancer = bhinnaAshtakavarga('sun', { ...allInAries, moon: 3 });
    expect(moonInCancer.contributions.moon.map((v, s) => (v ? s : -1)).filter((s) => s >= 0)).toEqual([0, 1, 5, 8]);
  });

  it("holds Parashara's 56 rows (BPHS ch. 66), the four cells where Varahamihira differs among them", () => {
    // Written out here from the chapter as an independent copy: each graha's places from the Sun, Moon, Mars,
    // Mercury, Jupiter, Venus, Saturn and the lagna, in that order.
    const bphs: Record<string, number[][]> = {
      //       Sun                         Moon                         Mars                        Mercury                       Jupiter                 Venus                         Saturn                      Lagna
      sun: [
        [1, 2, 4, 7, 8, 9, 10, 11],
        [3, 6, 10, 11],
        [1, 2, 4, 7, 8, 9, 10, 11],
        [3, 5, 6, 9, 10, 11, 12],
        [5, 6, 9, 11],
        [6, 7, 12],
        [1, 2, 4, 7, 8, 9, 10, 11],
        [3, 4, 6, 10, 11, 12],
      ],
      moon: [
        [3, 6, 7, 8, 10, 11],
        [1, 3, 6, 7, 9, 10, 11],
        [2, 3, 5, 6, 10, 11],
        [1, 3, 4, 5, 7, 8, 10, 11],
        [1, 2, 4, 7, 8, 10, 11],
        [3, 4, 5, 7, 9, 10, 11],
        [3, 5, 6, 11],
        [3, 6, 10, 11],
      ],
      mars: [
        [3, 5, 6, 10, 11],
        [3, 6, 11],
        [1, 2, 4, 7, 8, 10, 11],
        [3, 5, 6, 11],
        [6, 10, 11, 12],
        [6, 8, 11, 12],
        [1, 4, 7, 8, 9, 10, 11],
        [1, 3, 6, 10, 11],
      ],
      mercury: [
        [5, 6, 9, 11, 12],
        [2, 4, 6, 8, 10, 11],
        [1, 2, 4, 7, 8, 9, 10, 11],
        [1, 3, 5, 6, 9, 10, 11, 12],
        [6, 8, 11, 12],
        [1, 2, 3, 4, 5, 8, 9, 11],
        [1, 2, 4, 7, 8, 9, 10, 11],
        [1, 2, 4, 6, 8, 10, 11],
      ],
      jupiter: [
        [1, 2, 3, 4, 7, 8, 9, 10, 11],
        [2, 5, 7, 9, 11],
        [1, 2, 4, 7, 8, 10, 11],
        [1, 2, 4, 5, 6, 9, 10, 11],
        [1, 2, 3, 4, 7, 8, 10, 11],
        [2, 5, 6, 9, 10, 11],
        [3, 5, 6, 12],
        [1, 2, 4, 5, 6, 7, 9, 10, 11],
      ],
      venus: [
        [8, 11, 12],
        [1, 2, 3, 4, 5, 8, 9, 11, 12],
        [3, 4, 6, 9, 11, 12],
        [3, 5, 6, 9, 11],
        [5, 8, 9, 10, 11],
        [1, 2, 3, 4, 5, 8, 9, 10, 11],
        [3, 4, 5, 8, 9, 10, 11],
        [1, 2, 3, 4, 5, 8, 9, 11],
      ],
      saturn: [
        [1, 2, 4, 7, 8, 10, 11],
        [3, 6, 11],
        [3, 5, 6, 10, 11, 12],
        [6, 8, 9, 10, 11, 12],
        [5, 6, 11, 12],
        [6, 11, 12],
        [3, 5, 6, 11],
        [1, 3, 4, 6, 10, 11],
      ],
    };
    for (const g of SEVEN_GRAHAS) {
      ASHTAKAVARGA_CONTRIBUTORS.forEach((c, i) => expect(BINDU_PLACES[g][c], `${g} from ${c}`).toEqual(bphs[g]![i]));
      expect(Object.values(BINDU_PLACES[g]).reduce((n, places) => n + places.length, 0)).toBe(TOTALS[g]);
    }
  });

  it('works a whole chart by hand: the Venus and Moon tables and the sarva', () => {
    // Lagna Cancer; Sun Leo, Moon Taurus, Mars Aries, Mercury Virgo, Jupiter Sagittarius, Venus Libra, Saturn Capricorn.
    const signs = { sun: 4, moon: 1, mars: 0, mercury: 5, jupiter: 8, venus: 6, saturn: 9, lagna: 3 };
    const venus = bhinnaAshtakavarga('venus', signs);
    // Aries: 9th from the Sun (no: 8, 11, 12), 12th from the Moon (yes), 1st from Mars (no), 8th from Mercury (no),
    // 5th from Jupiter (yes), 7th from Venus (no), 4th from Saturn (yes), 10th from the lagna (no) → 3.
    expect(venus.bindus[0]).toBe(3);
    // Cancer: 12th from the Sun (yes), 3rd from the Moon (yes), 4th from Mars (yes: Parashara's 4th; Varahamihira's
    // 5th would give none), 11th from Mercury (yes), 8th from Jupiter (yes), 10th from Venus (yes), 7th from Saturn (no),
    // 1st from the lagna (yes) → 7.
    expect(venus.bindus[3]).toBe(7);
    // Leo: 1st from the Sun (no), 4th from the Moon (yes), 5th from Mars (no under Parashara), 12th from Mercury (no),
    // 9th from Jupiter (yes), 11th from Venus (yes), 8th from Saturn (yes), 2nd from the lagna (yes) → 5.
    expect(venus.bindus[4]).toBe(5);
    expect(venus.bindus).toEqual([3, 5, 4, 7, 5, 5, 4, 4, 3, 3, 4, 5]);
    expect(venus.total).toBe(52);
    const moon = bhinnaAshtakavarga('moon', signs);
    // Capricorn: 6th from the Sun (yes), 9th from the Moon (yes: Parashara), 10th from Mars (yes), 5th from Mercury
    // (yes), 2nd from Jupiter (yes: Parashara), 4th from Venus (yes), 1st from Saturn (no), 7th from the lagna (no) → 6.
    expect(moon.bindus[9]).toBe(6);
    expect(moon.bindus).toEqual([3, 5, 6, 4, 2, 4, 3, 3, 4, 6, 4, 5]);
    expect(moon.total).toBe(49);
    const all = SEVEN_GRAHAS.map((g) => bhinnaAshtakavarga(g, signs).bindus);
    const sarva = all[0]!.map((_, s) => all.reduce((n, row) => n + row[s]!, 0));
    expect(sarva.reduce((a, b) => a + b, 0)).toBe(337);
  });

  it('trikona reduction: a zero leaves the triplicity alone, three equal numbers vanish, else the least is taken from each', () => {
    //            Ar Ta Ge Cn Le Vi Li Sc Sg Cp Aq Pi
    const row = [4, 3, 5, 2, 6, 3, 2, 0, 5, 3, 4, 1];
    // Fire: 4, 6, 5 → 0, 2, 1. Earth: 3, 3, 3 → 0, 0, 0. Air: 5, 2, 4 → 3, 0, 2. Water: 2, 0, 1 → unchanged.
    expect(trikonaReduction(row)).toEqual([0, 0, 3, 2, 2, 0, 0, 0, 1, 0, 2, 1]);
  });

  it('ekadhipatya reduction by occupation of the two signs of one lord', () => {
    const none = Array.from({ length: 12 }, () => false);
    const occupiedAt = (...signs: number[]) => none.map((_, i) => signs.includes(i));
    // Aries 3 / Scorpio 3, both empty → both 0. Taurus 2 / Libra 5, both empty → both 2.
    expect(ekadhipatyaReduction([3, 2, 0, 0, 0, 0, 5, 3, 0, 0, 0, 0], none).slice(0, 8)).toEqual([0, 2, 0, 0, 0, 0, 2, 0]);
    // Both occupied → unchanged; one zero → unchanged.
    expect(ekadhipatyaReduction([3, 0, 0, 0, 0, 0, 5, 1, 0, 0, 0, 0], occupiedAt(0, 7))[0]).toBe(3);
    expect(ekadhipatyaReduction([3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], none)[0]).toBe(3);
    // Gemini occupied with 4, Virgo empty with 2 → Virgo 0. Gemini occupied with 2, Virgo empty with 5 → Virgo 2.
    expect(ekadhipatyaReduction([0, 0, 4, 0, 0, 2, 0, 0, 0, 0, 0, 0], occupiedAt(2)).slice(2, 6)).toEqual([4, 0, 0, 0]);
    expect(ekadhipatyaReduction([0, 0, 2, 0, 0, 5, 0, 0, 0, 0, 0, 0], occupiedAt(2)).slice(2, 6)).toEqual([2, 0, 0, 2]);
    // Equal, one occupied → the empty one 0. Cancer and Leo are never touched.
    expect(ekadhipatyaReduction([0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 3], occupiedAt(11)).slice(8)).toEqual([0, 0, 0, 3]);
    expect(ekadhipatyaReduction([0, 0, 0, 4, 4, 0, 0, 0, 0, 0, 0, 0], none).slice(3, 5)).toEqual([4, 4]);
  });

  it("an untimed birth counts the lagna's bindus from the Moon's sign", () => {
    const chart = randomChart(false);
    const a = ashtakavargaOfChart(chart);
    expect(a.lagnaIsChandraLagna).toBe(true);
    expect(a.lagnaSign).toBe(chart.grahas[1]!.signIndex);
    expect(a.total).toBe(337);
  });
});
