/**
 * Serving the synastry family: each person's place resolved on the event loop (one bounded
 * gazetteer and zone cache per process), then the compute task. Shared by the REST routes and the
 * MCP tools, so both answer with the same bytes.
 */
import type { ComputeRunner } from '../../compute/runner.ts';
import { resolvePlace, withAutoZone, type ResolvedPlace } from '../../requests/place.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import type { SynastryHoroscopeRequest, SynastryPerson, SynastryRequest, SynastryResponse, SynastrySummaryRequest } from './synastry-schemas.ts';
import { synastryCardsOf } from './synastry-cards.ts';
import { personPlaceInput } from './synastry-service.ts';

/** A person's place (from `location` or the flat city/lat/lng), with its zone when the person's zone is AUTO. */
export function resolvePersonPlace(person: SynastryPerson, loc: (string | number)[]): ResolvedPlace {
  const { input, field, tz } = personPlaceInput(person);
  return withAutoZone(resolvePlace(input, field ? [...loc, field] : loc), tz);
}

export function calculateSynastry(compute: ComputeRunner, body: SynastryRequest, task: 'synastry' | 'synastry_summary' = 'synastry'): Promise<Buffer> {
  const locs: [string[], string[]] = [
    ['body', 'person_a'],
    ['body', 'person_b'],
  ];
  const places: [ResolvedPlace, ResolvedPlace] = [resolvePersonPlace(body.person_a, locs[0]), resolvePersonPlace(body.person_b, locs[1])];
  return compute.run(task, { person_a: body.person_a, person_b: body.person_b, settings: body.settings, places, locs, nowMs: Date.now() });
}

/** The summary takes person_a/person_b or first_subject/second_subject. */
export function calculateSynastrySummary(compute: ComputeRunner, body: SynastrySummaryRequest): Promise<Buffer> {
  const a = body.person_a ?? body.first_subject;
  const b = body.person_b ?? body.second_subject;
  if (!a) throw new RequestFieldError(['body', 'person_a'], 'person_a (or first_subject) is required', 'missing');
  if (!b) throw new RequestFieldError(['body', 'person_b'], 'person_b (or second_subject) is required', 'missing');
  const locs: [string[], string[]] = [
    ['body', body.person_a ? 'person_a' : 'first_subject'],
    ['body', body.person_b ? 'person_b' : 'second_subject'],
  ];
  const places: [ResolvedPlace, ResolvedPlace] = [resolvePersonPlace(a, locs[0]), resolvePersonPlace(b, locs[1])];
  return compute.run('synastry_summary', { person_a: a, person_b: b, settings: body.settings, places, locs, nowMs: Date.now() });
}

export function calculateSynastryHoroscope(
  compute: ComputeRunner,
  body: SynastryHoroscopeRequest,
  query: { relationship_context?: string | undefined; include_timing?: boolean | undefined },
): Promise<Buffer> {
  const places: [ResolvedPlace, ResolvedPlace] = [
    resolvePersonPlace(body.person_a, ['body', 'person_a']),
    resolvePersonPlace(body.person_b, ['body', 'person_b']),
  ];
  return compute.run('synastry_horoscope', {
    request: body,
    places,
    context: query.relationship_context === 'friendship' ? 'friendship' : 'romantic',
    includeTiming: query.include_timing ?? false,
    nowMs: Date.now(),
  });
}

/**
 * The cards: the full synastry of the same people and settings (aspects, scores and archetype; no
 * natal snapshots, overlays or text, which the cards do not show), recast on the event loop.
 */
export async function calculateSynastryCards(compute: ComputeRunner, body: SynastryRequest): Promise<Buffer> {
  const include = { ...body.settings?.include, natal_snapshots: false, house_overlays: false, aspects: true, scores: true, archetype: true, text: false };
  const full = JSON.parse((await calculateSynastry(compute, { ...body, settings: { ...body.settings, include } })).toString('utf8')) as SynastryResponse;
  return Buffer.from(JSON.stringify(synastryCardsOf(full)));
}
