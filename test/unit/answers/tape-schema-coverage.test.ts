/**
 * The answers written on the JSON tape keep their contract with the response schemas that
 * document them (OpenAPI): over many random births, with every option on in a third of them
 * (dignities, dominants, declination aspects, fixed stars, every extra point, minor aspects,
 * stelliums, the interpretation in both styles), odd names and places, polar latitudes and
 * daylight-saving edges, the bytes the service's tasks write (runTask) parse against the strict
 * schema (src/answers/schema-serializer.ts), in the schema's key order, and every field of the
 * schema appears in one of them. The writers' bytes are pinned (the digest tests): where the two
 * parted, the schemas were made to say what the bytes always held (the provenance's keys, each
 * planet list's own fields, the keys' order).
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { FEATURE_BODIES } from '../../../src/astro/bodies.ts';
import { runTask } from '../../../src/pool-tasks.ts';
import type { NatalTask } from '../../../src/features/western/natal/natal-service.ts';
import { compactNatalRequest, compactNatalResponse, natalResponse } from '../../../src/features/western/natal/natal-schemas.ts';
import type { TransitTask } from '../../../src/features/western/transits/transits-service.ts';
import { transitResponse } from '../../../src/features/western/transits/transits-schemas.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { ODD_TEXT } from '../../helpers/answer-writer-cases.ts';
import { natalByteCases } from '../../helpers/natal-byte-cases.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';
import { transitByteCases } from '../../helpers/transit-byte-cases.ts';

const random = seededRandom(31_2026);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** A place found in the gazetteer (city, country and region known), with odd text at times. */
const gazetteerPlace = () => ({
  city: pick([...ODD_TEXT, 'Porto']),
  country: pick(['PT', ...ODD_TEXT]),
  region: pick(['Porto', ...ODD_TEXT]),
  source: 'gazetteer' as const,
});
const polarLatitude = () => ((random() < 0.5 ? -1 : 1) * Math.round((66.6 + random() * 23) * 1e4)) / 1e4;

function natalCases(count: number): NatalTask[] {
  return natalByteCases(count, 31_2026).map((task) => {
    const place = { ...task.place };
    if (random() < 0.2) Object.assign(place, gazetteerPlace());
    if (random() < 0.1) place.ambiguity = `city '${pick(ODD_TEXT)}' names places in several countries`;
    if (random() < 0.1) place.lat = polarLatitude();
    const request = { ...task.request };
    if (random() < 0.1) request.name = pick(ODD_TEXT);
    let { includeMinor, includeStelliums, interpretation } = task;
    if (random() < 1 / 3) {
      Object.assign(request, {
        include_dignity: true,
        include_dominants: true,
        dominants_method: pick([undefined, 'modern', 'traditional'] as const),
        include_declination_aspects: true,
        fixed_stars: pick([['royal_4'], ['behenian_15'], ['royal_4', 'behenian_15']]),
        include_features: [...FEATURE_BODIES],
      });
      includeMinor = includeStelliums = true;
      interpretation = { style: pick(['standard', 'improved'] as const), language: 'en' };
    }
    return { ...task, request, place, includeMinor, includeStelliums, interpretation };
  });
}

function compactCases(count: number) {
  return natalByteCases(count, 32_2026).map((task) => {
    const place = { ...task.place };
    if (random() < 0.2) Object.assign(place, gazetteerPlace());
    if (random() < 0.1) place.ambiguity = `city '${pick(ODD_TEXT)}' names places in several countries`;
    if (random() < 0.1) place.lat = polarLatitude();
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

function transitCases(count: number): TransitTask[] {
  return transitByteCases(count)
    .map((task): TransitTask => {
      const natalPlace = { ...task.natalPlace };
      const transitPlace = { ...task.transitPlace };
      if (random() < 0.2) Object.assign(natalPlace, gazetteerPlace());
      if (random() < 0.2) Object.assign(transitPlace, gazetteerPlace());
      if (random() < 0.1) natalPlace.ambiguity = `city '${pick(ODD_TEXT)}' names places in several countries`;
      if (random() < 0.1) natalPlace.lat = polarLatitude();
      const request = random() < 0.1 ? { ...task.request, natal: { ...task.request.natal, name: pick(ODD_TEXT) } } : task.request;
      const interpretation = random() < 0.5 ? { style: pick(['standard', 'improved'] as const), language: 'en' as const } : undefined;
      return { ...task, request, natalPlace, transitPlace, interpretation, includeMinor: task.includeMinor || random() < 0.3 };
    })
    .concat(
      transitByteCases(2).map((task): TransitTask => ({
        // A transit moment in a fold (New York's 01:30 happened twice that night): the provenance names both offsets.
        ...task,
        request: { ...task.request, transit_date: '2021-11-07T01:30', tz_str: 'America/New_York', dst_policy: 'earlier' as const },
      })),
    );
}

/** The bytes of each task the service answers (a refused request, a daylight-saving gap under `reject`, has none). */
function answers<T>(tasks: readonly T[], run: (task: T) => Uint8Array | object): Uint8Array[] {
  const written = tasks.map(run).filter((out): out is Uint8Array => out instanceof Uint8Array);
  expect(written.length).toBeGreaterThan(tasks.length * 0.9);
  return written;
}

describe('the tape answers and their response schemas', () => {
  it('natal: every answer parses strictly and every field of natalResponse appears, in its order', () => {
    initEphemeris();
    const report = assertAnswerContract(
      natalResponse,
      answers(natalCases(1200), (task) => runTask('natal', task)),
      {
        absent: { report: 'written by the route after the task, with a psychological report (natal-routes.ts)' },
      },
    );
    expect(report.looseKeys).toEqual([]);
  });

  it('compact natal: every answer parses strictly and every field of compactNatalResponse appears', () => {
    initEphemeris();
    const report = assertAnswerContract(
      compactNatalResponse,
      answers(compactCases(800), (c) => runTask('compact_natal', c)),
    );
    expect(report.looseKeys).toEqual([]);
  });

  it('transits: every answer parses strictly and every field of transitResponse appears, in its order', () => {
    initEphemeris();
    const report = assertAnswerContract(
      transitResponse,
      answers(transitCases(500), (task) => runTask('transits', task)),
      {
        absent: {
          'provenance.transit.house_system_requested': 'the transit chart is cast without houses of its own (its points fall in the natal houses)',
          'provenance.transit.house_system_used': 'the same',
        },
      },
    );
    expect(report.looseKeys).toEqual([]);
  });
});
