/**
 * The natal answer writer gives the bytes of JSON.stringify over the answer's objects: for
 * thousands of random births (timed and untimed, zones and daylight-saving edges, every house
 * system, tropical and sidereal, every option on and off, polar latitudes where houses fall back,
 * names and places with quotes, backslashes, control characters and non-ASCII text, with and
 * without the interpretation block in both styles), the writer's
 * text equals JSON.stringify(computeNatal(task)), and a request refused by one is refused by the
 * other with the same error.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../src/astro/ephemeris.ts';
import { castNatal, type NatalTask } from '../../src/features/western/natal/natal-service.ts';
import { computeNatal } from '../helpers/answer-oracles.ts';
import { writeNatalAnswer } from '../../src/features/western/natal/natal-answer.ts';
import { natalByteCases } from '../helpers/natal-byte-cases.ts';
import { seededRandom } from '../helpers/seeded-random.ts';
import { casesWhereWriterDiffers, ODD_TEXT } from '../helpers/answer-writer-cases.ts';

/** The guard cases' generator with another seed, and odd text, polar places and place warnings mixed in. */
function writerCases(count: number): NatalTask[] {
  const random = seededRandom(4_22);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  return natalByteCases(count, 7_2026).map((task) => {
    const place = { ...task.place };
    if (random() < 0.15)
      Object.assign(place, { city: pick(ODD_TEXT), country: pick([...ODD_TEXT, null]), region: pick([...ODD_TEXT, null, undefined]), source: 'gazetteer' });
    if (random() < 0.05) place.ambiguity = `city '${pick(ODD_TEXT)}' names places in several countries`;
    // Inside the polar circles some systems cannot be computed and houses fall back.
    if (random() < 0.1) place.lat = ((random() < 0.5 ? -1 : 1) * Math.round((66.6 + random() * 23) * 1e4)) / 1e4;
    const named = random() < 0.1 ? { ...task.request, name: pick(ODD_TEXT) } : task.request;
    const interpretation = random() < 0.15 ? { style: pick(['standard', 'improved'] as const), language: 'en' as const } : undefined;
    const request = { ...named };
    if (random() < 0.15) Object.assign(request, { include_dominants: true, dominants_method: pick([undefined, 'modern', 'traditional'] as const) });
    if (random() < 0.15) request.include_declination_aspects = true;
    return { ...task, request, place, interpretation };
  });
}

describe('natal answer writer', () => {
  it('writes the UTF-8 bytes of JSON.stringify over the answer objects for 3,000 random births', () => {
    initEphemeris();
    const cases = writerCases(3000);
    const differing = casesWhereWriterDiffers(cases, (task) => writeNatalAnswer(task, castNatal(task)), computeNatal);
    expect(differing, `first differing case: ${JSON.stringify(cases[differing[0]!])}`).toEqual([]);
  });

  it('covers what it claims to cover', () => {
    const cases = writerCases(3000);
    const share = (p: (t: NatalTask) => boolean) => cases.filter(p).length;
    expect(share((t) => t.request.time_known === false)).toBeGreaterThan(100);
    expect(share((t) => t.request.precision !== undefined)).toBeGreaterThan(100);
    expect(share((t) => t.request.zodiac_type === 'sidereal')).toBeGreaterThan(100);
    expect(share((t) => Boolean(t.request.fixed_stars?.length))).toBeGreaterThan(50);
    expect(share((t) => t.request.include_dignity === true)).toBeGreaterThan(100);
    expect(share((t) => t.request.include_dominants === true && t.request.dominants_method === 'traditional')).toBeGreaterThan(100);
    expect(share((t) => t.request.include_declination_aspects === true && t.request.precision !== undefined)).toBeGreaterThan(30);
    expect(share((t) => Math.abs(t.place.lat) > 66.6)).toBeGreaterThan(100);
    expect(share((t) => t.includeMinor && t.includeStelliums)).toBeGreaterThan(100);
    expect(share((t) => ODD_TEXT.includes(t.place.city ?? 'none'))).toBeGreaterThan(100);
    expect(share((t) => t.interpretation?.style === 'standard')).toBeGreaterThan(100);
    expect(share((t) => t.interpretation?.style === 'improved')).toBeGreaterThan(100);
  });
});
