/**
 * The compact natal answer writer gives the bytes of JSON.stringify over computeCompactNatal's
 * objects: for thousands of random births (timed and untimed, daylight-saving edges, polar
 * latitudes where Placidus cannot be computed, places with warnings, names and places with
 * quotes, control characters and non-ASCII text), and a request refused by one is refused by the
 * other with the same error. The tape's table of known strings stays bounded whatever zone
 * spellings come.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../src/astro/ephemeris.ts';
import { computeCompactNatal } from '../helpers/answer-oracles.ts';
import { writeCompactNatalAnswer } from '../../src/features/western/natal/natal-compact-answer.ts';
import { compactNatalRequest } from '../../src/features/western/natal/natal-schemas.ts';
import { resolveSubjectPlace } from '../../src/requests/place.ts';
import { JsonTape, quotedFragment } from '../../src/answers/json-tape.ts';
import { natalByteCases } from '../helpers/natal-byte-cases.ts';
import { seededRandom } from '../helpers/seeded-random.ts';
import { casesWhereWriterDiffers, ODD_TEXT } from '../helpers/answer-writer-cases.ts';

function compactCases(count: number) {
  const random = seededRandom(11_23);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  return natalByteCases(count, 23_2026).map((task) => {
    const place = { ...task.place };
    if (random() < 0.15) Object.assign(place, { city: pick(ODD_TEXT), country: pick([...ODD_TEXT, null]), source: 'gazetteer' });
    if (random() < 0.1) place.ambiguity = `city '${pick(ODD_TEXT)}' names places in several countries`;
    if (random() < 0.1) place.lat = ((random() < 0.5 ? -1 : 1) * Math.round((66.6 + random() * 23) * 1e4)) / 1e4;
    const { year, month, day, hour, minute, second, time_known, tz_str, dst_policy } = task.request;
    const request = compactNatalRequest.parse({
      year,
      month,
      day,
      hour,
      minute,
      second,
      time_known,
      tz_str,
      dst_policy,
      lat: place.lat,
      lng: place.lng,
      ...(random() < 0.3 ? { name: pick(ODD_TEXT) } : {}),
    });
    return { request, place };
  });
}

describe('compact natal answer writer', () => {
  it('writes the UTF-8 bytes of JSON.stringify over the answer objects for 3,000 random births', () => {
    initEphemeris();
    const cases = compactCases(3000);
    expect(cases.filter((c) => c.request.time_known === false).length).toBeGreaterThan(100);
    const differing = casesWhereWriterDiffers(
      cases,
      (c) => writeCompactNatalAnswer(c.request, c.place),
      (c) => computeCompactNatal(c.request, c.place),
    );
    expect(differing, `first differing case: ${JSON.stringify(cases[differing[0]!])}`).toEqual([]);
  });

  it('answers a city with its place and warning as the objects do', () => {
    initEphemeris();
    const request = compactNatalRequest.parse({ year: 1990, month: 5, day: 17, hour: 8, minute: 15, city: 'Paris' });
    const place = resolveSubjectPlace(request, ['body']);
    expect(new TextDecoder().decode(writeCompactNatalAnswer(request, place))).toBe(JSON.stringify(computeCompactNatal(request, place)));
  });

  it("writes zone names past the known-string table's limit as texts, with the same bytes", () => {
    const tape = new JsonTape();
    // A zone name is accepted in any mix of letter case: 25,000 distinct values outgrow the table.
    const spellings = Array.from({ length: 25_000 }, (_, i) => `${i.toString(2).replaceAll('0', 'e').replaceAll('1', 'E')}urope/Paris "\u00e9"`);
    for (const spelling of spellings) {
      expect(new TextDecoder().decode(tape.known(spelling).bytes())).toBe(JSON.stringify(spelling));
    }
    expect(quotedFragment('one more spelling')).toBeUndefined();
    expect(quotedFragment(spellings[0]!)).toBeTypeOf('number');
  });
});
