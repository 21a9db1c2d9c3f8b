/**
 * The forecasting endpoints: transit timeline, transit search, natal and transit insights. The
 * birth place is resolved on the event loop, then the answer is computed in the pool.
 */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint, type Endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { computeNatalInsights, computeTransitInsights, type NatalInsightsTask, type TransitInsightsTask } from './forecast-insights-service.ts';
import { insightsResponse, natalInsightsRequest, transitInsightsRequest } from './forecast-insights-schemas.ts';
import { computeSearch, type SearchTask } from './forecast-search-service.ts';
import { searchRequest, searchResponse } from './forecast-search-schemas.ts';
import { computeTimeline, type TimelineTask } from './forecast-timeline-service.ts';
import { timelineRequest, timelineResponse } from './forecast-timeline-schemas.ts';

// The answers, each written by its response schema (test/unit/forecast/forecast-answers-contract.test.ts holds them together).
const timelineAnswer = schemaSerializer(timelineResponse);
const searchAnswer = schemaSerializer(searchResponse);
/** Natal and transit insights share one answer schema. */
const insightsAnswer = schemaSerializer(insightsResponse);

export const timelineTask = poolTask('transits_timeline', (p: TimelineTask) => timelineAnswer(computeTimeline(p)), 'heavy');
export const searchTask = poolTask('transits_search', (p: SearchTask) => searchAnswer(computeSearch(p)), 'heavy');
export const natalInsightsTask = poolTask('natal_insights', (p: NatalInsightsTask) => insightsAnswer(computeNatalInsights(p)));
export const transitInsightsTask = poolTask('transits_insights', (p: TransitInsightsTask) => insightsAnswer(computeTransitInsights(p)), 'heavy');

export const TIMELINE_DESCRIPTION =
  "Every window in which a transiting body is within orb of an aspect to a natal point, overlapping the range: its real start and end (before or after the range), every exact instant to the second (the three of a retrograde loop), those within the range, direct or retrograde pass, category, visible days and, with include_houses, the body's natal house. Modes month (up to 32 days), year_slow (up to 367 days, medium and slow bodies), week, day. Orbs: planet > category > aspect > default (conjunction and opposition 5°, square and trine 4°, sextile 3°). Times are UTC.";

export const SEARCH_DESCRIPTION =
  "Every exact hit of one transiting body to one natal point over a date range or an age range (default: ages 0 to 100; at most 150 years), to the second, with the age and motion at each: grouped into passes (a lone direct hit, or the three hits a retrograde loop links; a station within orb that never reaches the degree is a pass without a hit) and cycles (the body's circuits relative to the natal point, each opening at the first exact conjunction). Times are UTC.";

export const NATAL_INSIGHTS_DESCRIPTION =
  "Structured facts of the birth chart: stelliums (three or more planets in a sign or, with a birth time, a house), planets within 8° of an angle, and major aspects within 2°, each with an id, category, kind, strength 0-1, evidence and a text from the project's insight library (deterministic: the same chart reads the same), ranked in `importance`.";
export const TRANSIT_INSIGHTS_DESCRIPTION =
  "Structured facts of a range of transits (the timeline's windows, same request): pressure and support windows, background themes, angular activations, the passes of retrograde loops, clusters of exact hits within two days, stations and sign ingresses of the transiting bodies, each with an id, category, kind, strength 0-1, evidence and a text from the project's insight library, ranked in `importance`.";

export const FORECAST_ENDPOINTS: readonly Endpoint[] = [
  endpoint({
    method: 'POST',
    paths: ['/api/v1/western/transits/timeline'],
    tags: ['western'],
    summary: 'Transit timeline: windows in orb with every exact hit, for a month, a week, a day or a year of slow transits',
    description: TIMELINE_DESCRIPTION,
    body: timelineRequest,
    answer: { json: timelineResponse },
    task: timelineTask,
    prepare: ({ body }) => ({ request: body, place: resolveSubjectPlace(body.natal, ['body', 'natal']) }),
    mcp: { title: 'Transit timeline', description: `The transit timeline of POST /api/v1/western/transits/timeline. ${TIMELINE_DESCRIPTION}` },
  }),
  endpoint({
    method: 'POST',
    paths: ['/api/v1/western/transits/search'],
    tags: ['western'],
    summary: 'Transit search: every exact hit of one transiting body to one natal point, in passes and cycles',
    description: SEARCH_DESCRIPTION,
    body: searchRequest,
    answer: { json: searchResponse },
    task: searchTask,
    // The request goes whole to the task, `page_size` and `page` with it: each page is computed anew.
    prepare: ({ body }, nowMs) => ({ request: body, place: resolveSubjectPlace(body.natal, ['body', 'natal']), nowMs }),
    mcp: {
      title: 'Transit search',
      description: `The transit search of POST /api/v1/western/transits/search: when does a transiting body hit a natal point. ${SEARCH_DESCRIPTION}`,
    },
  }),
  endpoint({
    method: 'POST',
    paths: ['/api/v1/western/natal/insights'],
    tags: ['western'],
    summary: 'Natal insights: ranked facts of the birth chart with their evidence and texts',
    description: NATAL_INSIGHTS_DESCRIPTION,
    body: natalInsightsRequest,
    answer: { json: insightsResponse },
    task: natalInsightsTask,
    prepare: ({ body }) => ({ request: body, place: resolveSubjectPlace(body, ['body']) }),
    mcp: { title: 'Natal insights', description: `The natal insights of POST /api/v1/western/natal/insights. ${NATAL_INSIGHTS_DESCRIPTION}` },
  }),
  endpoint({
    method: 'POST',
    paths: ['/api/v1/western/transits/insights'],
    tags: ['western'],
    summary: 'Transit insights: ranked facts of a month, week or day of transits with their evidence and texts',
    description: TRANSIT_INSIGHTS_DESCRIPTION,
    body: transitInsightsRequest,
    answer: { json: insightsResponse },
    task: transitInsightsTask,
    prepare: ({ body }) => ({ request: body, place: resolveSubjectPlace(body.natal, ['body', 'natal']) }),
    mcp: { title: 'Transit insights', description: `The transit insights of POST /api/v1/western/transits/insights. ${TRANSIT_INSIGHTS_DESCRIPTION}` },
  }),
];
