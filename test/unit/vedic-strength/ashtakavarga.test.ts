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
