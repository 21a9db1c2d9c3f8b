/**
 * The natal chart cast in C (src/features/natal/native-cast.ts) gives the bytes of the JavaScript
 * path: for thousands of random births of the requests it takes (timed and untimed, every house
 * system, polar latitudes where houses fall back, both nodes, added asteroids and Lilith, custom
 * orbs, minor aspects, every precision, the points the chart derives: the south node, the angles,
 * the part of fortune; odd names and places), the answer equals JSON.stringify of the answer's
 * objects; and the charts it declines (births outside the data files, where Chiron cannot be
 * computed) still get their answer, from JavaScript.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../src/astro/ephemeris.ts';
import { NATAL_SECTIONS, natalAnswerBytes } from '../../src/features/natal/answer-writer.ts';
import { castNatalNatively, castsNatively, mathProbe, offerNativeCast } from '../../src/features/natal/native-cast.ts';
import { computeNatal, natalMoment, type NatalTask } from '../../src/features/natal/service.ts';
import { natalRequest } from '../../src/features/natal/schemas.ts';
import { casesWhereWriterDiffers, ODD_TEXT } from '../helpers/answer-writer-cases.ts';
import { natalByteCases } from '../helpers/natal-byte-cases.ts';
import { seededRandom } from '../helpers/seeded-random.ts';

/** The guard's generator with the options the C path does not take mostly switched off, and odd text, polar places and old dates mixed in. */
function nativeCases(count: number): NatalTask[] {
  const random = seededRandom(9_2026);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  return natalByteCases(count, 11_2026).map((task) => {
    const place = { ...task.place };
    if (random() < 0.1) Object.assign(place, { city: pick(ODD_TEXT), country: pick([...ODD_TEXT, null]), source: 'gazetteer' });
    if (random() < 0.15) place.lat = (random() < 0.5 ? -1 : 1) * Math.round((66.6 + random() * 23.4) * 1e4) / 1e4;
    let request = task.request;
    if (random() < 0.85) {
      request = natalRequest.parse({
        ...request, zodiac_type: 'tropical', sidereal_ayanamsa: undefined, include_dignity: undefined, fixed_stars: undefined,
        include_dominants: undefined, include_declination_aspects: undefined,
        // Asteroids are in the files from 1800 to 2399 only: a birth outside them with one is declined.
        year: random() < 0.05 ? pick([1600, 1750, 2450, 2700]) : request.year,
        name: random() < 0.1 ? pick(ODD_TEXT) : request.name,
      });
    }
    return { ...task, request, place, includeStelliums: task.includeStelliums && random() < 0.3, interpretation: undefined };
  });
}

describe('the natal cast in C', () => {
  initEphemeris();
  const cases = nativeCases(3000);

  it('writes the bytes of JSON.stringify over the answer objects for 3,000 random births', () => {
    const differing = casesWhereWriterDiffers(cases, natalAnswerBytes, computeNatal);
    expect(differing, `first differing case: ${JSON.stringify(cases[differing[0]!])}`).toEqual([]);
  });

  it('takes most of them, with every option it accepts, and declines the charts it cannot cast', () => {
    const path = (task: NatalTask) => {
      if (!castsNatively(task)) return 'javascript';
      try {
        return castNatalNatively(task, natalMoment(task), NATAL_SECTIONS) ? 'native' : 'declined';
      } catch {
        return 'refused'; // a local time that does not exist, say
      }
    };
    const native = cases.filter((task) => path(task) === 'native');
    const declined = cases.filter((task) => path(task) === 'declined');
    const share = (list: NatalTask[], p: (t: NatalTask) => boolean) => list.filter(p).length;
    expect(native.length).toBeGreaterThan(2000);
    expect(share(native, (t) => t.request.time_known === false)).toBeGreaterThan(100);
    expect(share(native, (t) => t.request.precision !== undefined)).toBeGreaterThan(100);
    expect(share(native, (t) => Math.abs(t.place.lat) > 66.6)).toBeGreaterThan(100);
    expect(share(native, (t) => t.request.node_type === 'true')).toBeGreaterThan(100);
    expect(share(native, (t) => Boolean(t.request.include_features?.length))).toBeGreaterThan(500);
    for (const derived of ['south_node', 'part_of_fortune', 'asc', 'dc', 'mc', 'ic', 'vertex']) {
      expect(share(native, (t) => t.request.time_known !== false && Boolean(t.request.include_features?.includes(derived as never))), derived).toBeGreaterThan(100);
      expect(share(native, (t) => t.request.time_known === false && Boolean(t.request.include_features?.includes(derived as never))), derived).toBeGreaterThan(10);
    }
    expect(share(native, (t) => t.request.orb_settings !== undefined)).toBeGreaterThan(100);
    expect(share(native, (t) => t.includeMinor)).toBeGreaterThan(300);
    // Births outside the data files, where Chiron (a default point) cannot be computed.
    expect(declined.length).toBeGreaterThan(20);
    expect(declined.every((t) => t.request.year < 1800 || t.request.year >= 2400)).toBe(true);
  });

  it('is not offered where the functions it calls for Math.sin, Math.cos and Math.asin are not those of the engine', () => {
    const casts = (t: NatalTask) => {
      try {
        return castsNatively(t) && castNatalNatively(t, natalMoment(t), NATAL_SECTIONS) !== undefined;
      } catch {
        return false;
      }
    };
    const task = cases.find(casts)!;
    for (const column of [1, 2, 4]) {
      const probe = mathProbe();
      // One answer in a thousand a last bit away, as another implementation would give it.
      const bits = new BigInt64Array(probe.buffer, 8 * (5 * 321 + column), 1);
      bits[0] = bits[0]! + 1n;
      expect(offerNativeCast(probe)).toBe(false);
      expect(casts(task)).toBe(false);
    }
    expect(offerNativeCast()).toBe(true);
    expect(casts(task)).toBe(true);
  });
});
