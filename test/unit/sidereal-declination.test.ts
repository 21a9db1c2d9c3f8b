/**
 * Declinations are of the true position (equator of date) whatever the zodiac. The sidereal modes
 * that the library projects onto the ecliptic of their epoch (j2000, j1900, b1950,
 * galalign_mardyks) cannot rebuild the tropical position as sidereal + ayanamsa (that was up to
 * 3′ off): bodies and angles are checked against the general binding's own equatorial positions
 * and tropical houses, to 0.001″, over dates from 1583 to 2999.
 */
import sweph from 'sweph';
import { describe, expect, it } from 'vitest';
import { AYANAMSA_NAMES, type AyanamsaName } from '../../src/astro/ayanamsas.ts';
import { computeChartMoment } from '../../src/astro/chart.ts';
import { deltaTSeconds, FILES_END_JD, FILES_START_JD, initEphemeris } from '../../src/astro/ephemeris.ts';

const C = sweph.constants;
const BODY_SE: Record<string, number> = { sun: 0, moon: 1, mercury: 2, mars: 4, pluto: 9, mean_node: 10, true_node: 11, lilith: 12, chiron: 15 };
const ANGLES = ['asc', 'dc', 'mc', 'ic', 'vertex', 'part_of_fortune'];
/** The modes the library projects onto the ecliptic of their epoch: most cases go to them. */
const EPOCH_PROJECTED = new Set<AyanamsaName>(['j2000', 'j1900', 'b1950', 'galalign_mardyks']);

function lcg(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** The ephemeris inside and outside the data files' range, and TT from the reported ΔT. */
const ephemeris = (jdUt: number) => (jdUt >= FILES_START_JD && jdUt < FILES_END_JD ? C.SEFLG_SWIEPH : C.SEFLG_MOSEPH);
const tt = (jdUt: number) => jdUt + deltaTSeconds(jdUt) / 86400;

/** The declination of a body or angle by the general binding, with explicit flags and no zodiac at all. */
function referenceDeclination(id: string, jdUt: number, lat: number, lng: number): number {
  if (Object.hasOwn(BODY_SE, id)) return sweph.calc(tt(jdUt), BODY_SE[id]!, ephemeris(jdUt) | C.SEFLG_EQUATORIAL).data[1];
  const { points } = sweph.houses_ex2(jdUt, ephemeris(jdUt), lat, lng, 'P').data;
  const lon =
    id === 'part_of_fortune'
      ? partOfFortuneLon(jdUt, points[0])
      : { asc: points[0], dc: points[0] + 180, mc: points[1], ic: points[1] + 180, vertex: points[3] }[id]!;
  const trueObliquity = sweph.calc(tt(jdUt), C.SE_ECL_NUT, ephemeris(jdUt)).data[0];
  return sweph.cotrans([lon, 0, 1], -trueObliquity)[1];
}

/** The tropical part of fortune: Asc + Moon − Sun by day (Sun above the horizon), Asc + Sun − Moon by night. */
function partOfFortuneLon(jdUt: number, asc: number): number {
  const sun = sweph.calc(tt(jdUt), 0, ephemeris(jdUt)).data[0];
  const moon = sweph.calc(tt(jdUt), 1, ephemeris(jdUt)).data[0];
  const day = (((sun - asc) % 360) + 360) % 360 >= 180;
  return day ? asc + moon - sun : asc + sun - moon;
}

describe('sidereal declinations', () => {
  initEphemeris();
  it('are those of the true position for every ayanamsa, the epoch-projected ones included', () => {
    const random = lcg(14);
    let worst = 0;
    for (const ayanamsa of AYANAMSA_NAMES) {
      const cases = EPOCH_PROJECTED.has(ayanamsa) ? 25 : 3;
      for (let i = 0; i < cases; i++) {
        // 1583-2999 (Moshier outside the files: chiron is then left out of the chart).
        const jdUt = 2299239 + random() * (2816787 - 2299239);
        const lat = -60 + random() * 120;
        const lng = -180 + random() * 360;
        const chart = computeChartMoment({
          jdUt,
          lat,
          lng,
          timeKnown: true,
          zodiac: { type: 'sidereal', ayanamsa },
          houseSystem: 'placidus',
          points: [...Object.keys(BODY_SE), ...ANGLES],
          nodeVariant: 'mean',
        });
        for (const p of chart.points) {
          const error = Math.abs(p.declination - referenceDeclination(p.id, jdUt, lat, lng)) * 3600;
          worst = Math.max(worst, error);
          expect(error, `${ayanamsa} ${p.id} at JD ${jdUt}`).toBeLessThan(0.001);
        }
      }
    }
    expect(worst).toBeLessThan(0.001);
  });
});
