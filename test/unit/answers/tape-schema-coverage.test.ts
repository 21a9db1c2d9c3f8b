/**
 * The answers written on the JSON tape keep their contract with the response schemas that
 * document them (OpenAPI): over many random births, with every option on in a third of them
 * (dignities, dominants, declination aspects, fixed stars, every extra point, minor aspects,
 * stelliums, the interpretation in both styles), odd names and places, polar latitudes and
 * daylight-saving edges, the bytes the service's tasks write (runTask) parse against the strict
 * schema (src/answers/schema-serializer.ts), and every field of the schema appears in one of them.
 *
 * Where they part, the test says so instead of the writers changing (their bytes are pinned):
 * fields the schema declares that the answer never holds, objects the schema leaves loose (their
 * keys are undocumented), and keys written in another order than the schema's.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { FEATURE_BODIES } from '../../../src/astro/bodies.ts';
import { runTask } from '../../../src/compute/tasks.ts';
import type { NatalTask } from '../../../src/features/natal/natal-service.ts';
import { compactNatalRequest, compactNatalResponse, natalResponse } from '../../../src/features/natal/natal-schemas.ts';
import type { TransitTask } from '../../../src/features/transits/transits-service.ts';
import { transitResponse } from '../../../src/features/transits/transits-schemas.ts';
import { assertAnswerContract } from '../../helpers/answer-contract.ts';
import { ODD_TEXT } from '../../helpers/answer-writer-cases.ts';
import { natalByteCases } from '../../helpers/natal-byte-cases.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';
import { transitByteCases } from '../../helpers/transit-byte-cases.ts';

const random = seededRandom(31_2026);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** A place found in the gazetteer (city, country and region known), with odd text at times. */
const gazetteerPlace = () => ({ city: pick([...ODD_TEXT, 'Porto']), country: pick(['PT', ...ODD_TEXT]), region: pick(['Porto', ...ODD_TEXT]), source: 'gazetteer' as const });
const polarLatitude = () => (random() < 0.5 ? -1 : 1) * Math.round((66.6 + random() * 23) * 1e4) / 1e4;

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
        include_dignity: true, include_dominants: true, dominants_method: pick([undefined, 'modern', 'traditional'] as const), include_declination_aspects: true,
        fixed_stars: pick([['royal_4'], ['behenian_15'], ['royal_4', 'behenian_15']]), include_features: [...FEATURE_BODIES],
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
    const request = compactNatalRequest.parse({ year, month, day, hour, minute, second, time_known, tz_str, dst_policy, lat: place.lat, lng: place.lng, ...(random() < 0.3 ? { name: pick(ODD_TEXT) } : {}) });
    return { request, place };
  });
}

function transitCases(count: number): TransitTask[] {
  return transitByteCases(count).map((task) => {
    const natalPlace = { ...task.natalPlace };
    const transitPlace = { ...task.transitPlace };
    if (random() < 0.2) Object.assign(natalPlace, gazetteerPlace());
    if (random() < 0.2) Object.assign(transitPlace, gazetteerPlace());
    if (random() < 0.1) natalPlace.ambiguity = `city '${pick(ODD_TEXT)}' names places in several countries`;
    if (random() < 0.1) natalPlace.lat = polarLatitude();
    const request = random() < 0.1 ? { ...task.request, natal: { ...task.request.natal, name: pick(ODD_TEXT) } } : task.request;
    const interpretation = random() < 0.5 ? { style: pick(['standard', 'improved'] as const), language: 'en' as const } : undefined;
    return { ...task, request, natalPlace, transitPlace, interpretation, includeMinor: task.includeMinor || random() < 0.3 };
  });
}

/** The bytes of each task the service answers (a refused request, a daylight-saving gap under `reject`, has none). */
function answers<T>(tasks: readonly T[], run: (task: T) => Uint8Array | object): Uint8Array[] {
  const written = tasks.map(run).filter((out): out is Uint8Array => out instanceof Uint8Array);
  expect(written.length).toBeGreaterThan(tasks.length * 0.9);
  return written;
}

const withoutCounts = (places: string[]) => places.map((p) => p.replace(/ \(\d+ answers\)$/, ''));

describe('the tape answers and their response schemas', () => {
  it('natal: every answer parses strictly and every field of natalResponse appears', () => {
    initEphemeris();
    const report = assertAnswerContract(natalResponse, answers(natalCases(1200), (task) => runTask('natal', task)), {
      absent: { report: 'written by the route after the task, with a psychological report (natal-routes.ts)' },
      loose: { provenance: 'natalResponse declares provenance as a loose object: its keys are not in the schema' },
      order: false,
    });
    expect(report.looseKeys).toEqual(['provenance.engine', 'provenance.engine_version', 'provenance.ephemeris', 'provenance.frame', 'provenance.delta_t_seconds', 'provenance.time_scale', 'provenance.tz_database', 'provenance.time_zone', 'provenance.time_zone_source', 'provenance.utc_offset', 'provenance.dst_resolution', 'provenance.place_source', 'provenance.house_system_requested', 'provenance.house_system_used', 'provenance.house_fallback']);
    // The bytes keep the order the writer has always had; the schema (and so the OpenAPI document) lists these keys elsewhere.
    expect(withoutCounts(report.orderProblems).sort()).toEqual([
      '(answer): "aspects_summary" comes after "fixed_stars", the schema has it before',
      '(answer): "declination_aspects" comes after "fixed_stars", the schema has it before',
      'planets[]: "house" comes after "declination", the schema has it before',
    ]);
  });

  it('compact natal: every answer parses strictly and every field of compactNatalResponse appears', () => {
    initEphemeris();
    const report = assertAnswerContract(compactNatalResponse, answers(compactCases(800), (c) => runTask('compact_natal', c)));
    expect(report.looseKeys).toEqual([]);
  });

  it('transits: every answer parses strictly and every field of transitResponse appears', () => {
    initEphemeris();
    const report = assertAnswerContract(transitResponse, answers(transitCases(500), (task) => runTask('transits', task)), {
      absent: {
        'transit_planets[].variant': 'the transiting node is true_node, an id of its own; variant is written only on north_node and south_node',
        'transit_planets[].house': 'one item schema serves both lists: transiting points have natal_house instead',
        'natal_planets[].natal_house': 'one item schema serves both lists: natal points have house instead',
        'transit_planets[].dignity': 'planetSchema\'s dignity fields, extended into the transit items: transits have no include_dignity',
        'transit_planets[].dignities': 'the same',
        'natal_planets[].dignity': 'the same',
        'natal_planets[].dignities': 'the same',
      },
      loose: {
        'natal_houses[]': 'transitResponse declares the natal cusps as loose objects',
        natal_angles: 'transitResponse declares the natal angles as a loose object',
        'provenance.transit': 'loose, as in natalResponse',
        'provenance.natal': 'loose, as in natalResponse',
      },
      order: false,
    });
    expect(withoutCounts(report.orderProblems).sort()).toEqual([
      'aspects[]: "p1_id" comes after "out_of_sign", the schema has it before',
      'natal_planets[]: "house" comes after "declination", the schema has it before',
    ]);
  });
});
