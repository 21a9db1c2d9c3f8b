/**
 * POST /api/v1/western/synastry, /synastry/summary, /synastry/horoscope and /synastrycards. Each
 * person's place is resolved on the event loop (one bounded gazetteer and zone cache per
 * process), then the compute task writes the answer.
 */
import { z } from 'zod/v4';
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { resolvePlace, withAutoZone, type ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { synastryCardsOf } from './synastry-cards.ts';
import { personPlaceInput, synastryAnswerObject, synastrySummaryObject, type SynastryTask } from './synastry-service.ts';
import { synastryHoroscopeObject, type SynastryHoroscopeTask } from './synastry-horoscope-service.ts';
import {
  synastryCardsResponse,
  synastryHoroscopeQuery,
  synastryHoroscopeRequest,
  synastryHoroscopeResponse,
  synastryRequest,
  synastryResponse,
  synastrySummaryRequest,
  synastrySummaryResponse,
  type SynastryHoroscopeRequest,
  type SynastryPerson,
  type SynastryRequest,
  type SynastryResponse,
} from './synastry-schemas.ts';

const synastryAnswer = schemaSerializer(synastryResponse);
const synastrySummaryAnswer = schemaSerializer(synastrySummaryResponse);
const synastryHoroscopeAnswer = schemaSerializer(synastryHoroscopeResponse);

export const synastryTask = poolTask('synastry', (task: SynastryTask) => synastryAnswer(synastryAnswerObject(task)));
export const synastrySummaryTask = poolTask('synastry_summary', (task: SynastryTask) => synastrySummaryAnswer(synastrySummaryObject(task)));
export const synastryHoroscopeTask = poolTask('synastry_horoscope', (task: SynastryHoroscopeTask) => synastryHoroscopeAnswer(synastryHoroscopeObject(task)));
/**
 * The cards: the full synastry of the same people and settings (aspects, scores and archetype; no
 * natal snapshots, overlays or text, which the cards do not show), as its answer reads, recast.
 */
export const synastryCardsTask = poolTask('synastry_cards', (task: SynastryTask) => {
  const full = JSON.parse(Buffer.from(synastryAnswer(synastryAnswerObject(task))).toString('utf8')) as SynastryResponse;
  return Buffer.from(JSON.stringify(synastryCardsOf(full)));
});

/** A person's place (from `location` or the flat city/lat/lng), with its zone when the person's zone is AUTO. */
export function resolvePersonPlace(person: SynastryPerson, loc: (string | number)[]): ResolvedPlace {
  const { input, field, tz } = personPlaceInput(person);
  return withAutoZone(resolvePlace(input, field ? [...loc, field] : loc), tz);
}

function synastryTaskOf(body: SynastryRequest, nowMs: number): SynastryTask {
  const locs: [string[], string[]] = [
    ['body', 'person_a'],
    ['body', 'person_b'],
  ];
  const places: [ResolvedPlace, ResolvedPlace] = [resolvePersonPlace(body.person_a, locs[0]), resolvePersonPlace(body.person_b, locs[1])];
  return { person_a: body.person_a, person_b: body.person_b, settings: body.settings, places, locs, nowMs };
}

const PERSONS =
  'Two people as `person_a` and `person_b`, each {name, datetime (local YYYY-MM-DDTHH:MM or ISO with an offset), location {city, lat, lng}, tz_str (IANA or AUTO), time_known}.';

/** The REST query's options as tool arguments: include_timing a JSON boolean here (a query string's text there). */
const horoscopeInput = synastryHoroscopeRequest.extend({
  relationship_context: synastryHoroscopeQuery.shape.relationship_context,
  include_timing: z.boolean().optional().describe("Adds each transit's activation window (orb entry, exact, orb exit). Default false."),
});

export const SYNASTRY_ENDPOINTS = [
  endpoint({
    method: 'POST',
    paths: ['/api/v1/western/synastry'],
    tags: ['synastry'],
    summary: 'Synastry: two charts compared',
    description:
      "Each person's natal chart (`natal.person_a`, `natal.person_b`, the natal answer), the contacts between A's points and B's (`synastry.aspects`, strongest first, with strength, polarity and domains), the house overlays both ways, highlights, the seven scores (0-100), and the archetype of the relationship. `settings.include` chooses the blocks; every setting used is echoed in `meta.settings_resolved`. The scores and archetype are this service's model (docs/api.md).",
    body: synastryRequest,
    answer: { json: synastryResponse },
    task: synastryTask,
    prepare: ({ body }, nowMs) => synastryTaskOf(body, nowMs),
    mcp: {
      title: 'Synastry',
      description: `The synastry of POST /api/v1/western/synastry: both natal charts, the contacts between them with strength, polarity and domains, house overlays both ways, highlights, seven scores (0-100) and the relationship's archetype. ${PERSONS} Optional settings (zodiac, house_system, node_type, bodies, aspect_set, include flags).`,
    },
  }),
  endpoint({
    method: 'POST',
    paths: ['/api/v1/western/synastry/summary'],
    tags: ['synastry'],
    summary: 'Synastry in brief: scores, archetype, strengths and challenges',
    description:
      'The scores and archetype of POST /api/v1/western/synastry with the strongest supportive contacts (strengths) and challenging ones (challenges), each with a title and a summary. The two people as `person_a`/`person_b` or `first_subject`/`second_subject`.',
    body: synastrySummaryRequest,
    answer: { json: synastrySummaryResponse },
    task: synastrySummaryTask,
    // The summary takes person_a/person_b or first_subject/second_subject.
    prepare: ({ body }, nowMs): SynastryTask => {
      const a = body.person_a ?? body.first_subject;
      const b = body.person_b ?? body.second_subject;
      if (!a) throw new RequestFieldError(['body', 'person_a'], 'person_a (or first_subject) is required', 'missing');
      if (!b) throw new RequestFieldError(['body', 'person_b'], 'person_b (or second_subject) is required', 'missing');
      const locs: [string[], string[]] = [
        ['body', body.person_a ? 'person_a' : 'first_subject'],
        ['body', body.person_b ? 'person_b' : 'second_subject'],
      ];
      const places: [ResolvedPlace, ResolvedPlace] = [resolvePersonPlace(a, locs[0]), resolvePersonPlace(b, locs[1])];
      return { person_a: a, person_b: b, settings: body.settings, places, locs, nowMs };
    },
    mcp: {
      title: 'Synastry summary',
      description: `The synastry in brief (POST /api/v1/western/synastry/summary): the seven scores, the archetype, and the main strengths and challenges with a title and summary each. ${PERSONS} (or first_subject and second_subject).`,
      // The name a chat assistant lists among its synastry tools (the public service's "simplified"
      // synastry: high-level compatibility indicators): the summary's answer under that name.
      aliases: [
        {
          name: 'v1_western_synastry_simplified',
          title: 'Synastry, simplified',
          description: `The relationship's high-level indicators: the same answer as v1_western_synastry_summary (the seven scores, the archetype, the main strengths and challenges). ${PERSONS} (or first_subject and second_subject).`,
        },
      ],
    },
  }),
  endpoint({
    method: 'POST',
    paths: ['/api/v1/western/synastry/horoscope'],
    tags: ['synastry'],
    summary: "The couple's day: transits to both charts and to their composite",
    description:
      "The ten planets at local noon of `date` in `tz_str` (default today, UTC), their major aspects to A's and B's natal points and to the midpoint composite, read in the domains of `relationship_context` (romantic or friendship). With `include_timing=true` each transit has its activation window: orb entry, exact hit and orb exit, to the second.",
    body: synastryHoroscopeRequest,
    query: synastryHoroscopeQuery,
    answer: { json: synastryHoroscopeResponse },
    task: synastryHoroscopeTask,
    // The tool takes the query's options among its arguments (its body); REST bodies have none (the schema drops them).
    prepare: ({ body, query }, nowMs): SynastryHoroscopeTask => {
      const { relationship_context, include_timing, ...request } = body as SynastryHoroscopeRequest & z.output<typeof horoscopeInput>;
      const context = query?.relationship_context ?? relationship_context;
      const places: [ResolvedPlace, ResolvedPlace] = [
        resolvePersonPlace(request.person_a, ['body', 'person_a']),
        resolvePersonPlace(request.person_b, ['body', 'person_b']),
      ];
      return {
        request,
        places,
        context: context === 'friendship' ? 'friendship' : 'romantic',
        includeTiming: query?.include_timing ?? include_timing ?? false,
        nowMs,
      };
    },
    mcp: {
      title: "Couple's daily horoscope",
      description: `The couple's day (POST /api/v1/western/synastry/horoscope): transits of \`date\` (default today) in \`tz_str\` (default UTC) to both charts and to their composite, with domain scores for \`relationship_context\` romantic or friendship; \`include_timing\` adds each transit's orb entry, exact hit and orb exit. ${PERSONS}`,
      input: horoscopeInput,
    },
  }),
  endpoint({
    method: 'POST',
    paths: ['/api/v1/western/synastrycards'],
    tags: ['synastry'],
    summary: 'Synastry as cards: a summary and every contact with what helps and what to watch',
    description:
      'The synastry of POST /api/v1/western/synastry (the same body and settings) recast for card views: `summary` (archetype, the seven scores, strengths and challenges by title, a narrative, each score\'s strongest contacts in `drivers_by_domain`, and `bands`), and `aspects[]`, strongest first, each with its card key, rank, strength percentile and value, signed polarity, domains and two readings (`blocks.supportive`, `blocks.challenging`). docs/api.md, "Synastry cards".',
    body: synastryRequest,
    answer: { json: synastryCardsResponse },
    task: synastryCardsTask,
    prepare: ({ body }, nowMs) => {
      const include = { ...body.settings?.include, natal_snapshots: false, house_overlays: false, aspects: true, scores: true, archetype: true, text: false };
      return synastryTaskOf({ ...body, settings: { ...body.settings, include } }, nowMs);
    },
    mcp: {
      title: 'Synastry cards',
      description: `The synastry as cards (POST /api/v1/western/synastrycards): a summary (archetype, seven scores, strengths and challenges, a narrative, each score's strongest contacts) and every contact, strongest first, with its rank, strength percentile, polarity and what helps and what to watch. ${PERSONS}`,
    },
  }),
];
