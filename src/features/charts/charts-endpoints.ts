/** The chart images' endpoints: SVG by default, PNG with `format: "png"`. */
import { poolTask } from '../../compute/pool-task.ts';
import { endpoint, type Endpoint } from '../../http/endpoint.ts';
import { prefixedPlaceOr, resolveSubjectPlace, resolveTransitPlace } from '../../requests/place.ts';
import { compositeChart, natalChart, progressionsChart, solarReturnChart, synastryChart, transitChart } from './charts-service.ts';
import {
  compositeChartRequest,
  natalChartRequest,
  progressionsChartRequest,
  type NatalChartRequest,
  solarReturnChartRequest,
  synastryChartRequest,
  transitChartRequest,
} from './charts-schemas.ts';

export const natalChartTask = poolTask('chart_natal', natalChart);
export const transitChartTask = poolTask('chart_transits', transitChart);
export const solarReturnChartTask = poolTask('chart_solar_return', solarReturnChart);
export const progressionsChartTask = poolTask('chart_progressions', progressionsChart);
export const compositeChartTask = poolTask('chart_composite', compositeChart);
export const synastryChartTask = poolTask('chart_synastry', synastryChart);

const IMAGE = 'The image itself: `image/svg+xml` (default) or `image/png` with `format: "png"`.';
/** The answer's media types, for the OpenAPI document (openapi-rules.ts). */
const PRODUCES = ['image/svg+xml', 'image/png'];

/** The natal wheel's task: the birth place resolved. */
const prepareNatalChart = ({ body }: { body: NatalChartRequest }) => ({ request: body, place: resolveSubjectPlace(body, ['body']) });

export const natalChartEndpoint = endpoint({
  method: 'POST',
  paths: ['/api/v1/natal/chart/'],
  tags: ['charts'],
  summary: 'Natal chart wheel',
  description: IMAGE,
  body: natalChartRequest,
  answer: { image: PRODUCES },
  task: natalChartTask,
  prepare: prepareNatalChart,
  mcp: null,
});

export const transitChartEndpoint = endpoint({
  method: 'POST',
  paths: ['/api/v1/natal/chart/transits', '/api/v1/natal/experimental/transits'],
  tags: ['charts'],
  summary: 'Transit bi-wheel: natal inside, transits outside (`natal_ring: "outer"` swaps them)',
  description: `${IMAGE} The transit place defaults to the natal place and the date to now. Header X-Transit-Datetime-UTC.`,
  body: transitChartRequest,
  answer: { image: PRODUCES },
  task: transitChartTask,
  prepare: ({ body }, nowMs) => {
    const natalPlace = resolveSubjectPlace(body.natal, ['body', 'natal']);
    return { request: body, natalPlace, transitPlace: resolveTransitPlace(body, natalPlace), nowMs };
  },
  mcp: null,
});

export const solarReturnChartEndpoint = endpoint({
  method: 'POST',
  paths: ['/api/v1/natal/chart/solar-return', '/api/v1/natal/experimental/solar-return'],
  tags: ['charts'],
  summary: 'Solar return chart in `return_year` (bi-wheel with the natal planets outside, or single)',
  description: `${IMAGE} The return is the exact instant (to well under a second) at which the Sun regains its natal longitude, in the chart's zodiac; cast at the return place (natal place by default). Header X-Solar-Return-Datetime-UTC.`,
  body: solarReturnChartRequest,
  answer: { image: PRODUCES },
  task: solarReturnChartTask,
  prepare: ({ body }) => {
    const place = resolveSubjectPlace(body, ['body']);
    return { request: body, place, returnPlace: prefixedPlaceOr(place, body, 'return') };
  },
  mcp: null,
});

export const progressionsChartEndpoint = endpoint({
  method: 'POST',
  paths: ['/api/v1/natal/chart/secondary-progressions', '/api/v1/natal/chart/progressions'],
  tags: ['charts'],
  summary: 'Secondary progressions bi-wheel: natal inside, progressed outside',
  description: `${IMAGE} The progressed chart is cast for the natal instant plus one day per tropical year (365.242189 days) elapsed at \`progression_date\` (a date is midnight UTC), at the progression place (natal place by default). Its angles and houses progress by \`angles_method\`: the solar arc in longitude (default), Naibod's rate in right ascension, or the progressed instant's own houses. Headers X-Progression-System, X-Progression-Target-Date-UTC, X-Progressed-Datetime-UTC, X-Progression-Age-Years, X-Progressed-Angles (the method).`,
  body: progressionsChartRequest,
  answer: { image: PRODUCES },
  task: progressionsChartTask,
  prepare: ({ body }) => {
    const place = resolveSubjectPlace(body, ['body']);
    return { request: body, place, progressionPlace: prefixedPlaceOr(place, body, 'progression') };
  },
  mcp: null,
});

export const compositeChartEndpoint = endpoint({
  method: 'POST',
  paths: ['/api/v1/natal/chart/composite'],
  tags: ['charts'],
  summary: 'Midpoint composite chart of two people',
  description: `${IMAGE} Each point at the nearer midpoint of the two positions; houses derived from the composite Midheaven (midpoint of the two ARMCs) at the mean latitude and obliquity. Untimed if either person is untimed. Output and styling come from \`person_a\`; top-level \`chart_config\` and the styling aliases are merged after it.`,
  body: compositeChartRequest,
  answer: { image: PRODUCES },
  task: compositeChartTask,
  prepare: ({ body }) => ({
    request: body,
    placeA: resolveSubjectPlace(body.person_a, ['body', 'person_a']),
    placeB: resolveSubjectPlace(body.person_b, ['body', 'person_b']),
  }),
  mcp: null,
});

export const synastryChartEndpoint = endpoint({
  method: 'POST',
  paths: ['/api/v1/natal/chart/synastry'],
  tags: ['charts'],
  summary: 'Synastry bi-wheel: person A outside, person B inside',
  description: `${IMAGE} Inter-aspects by default; A-A and B-B aspects on request; B's houses when known and asked for.`,
  body: synastryChartRequest,
  answer: { image: PRODUCES },
  task: synastryChartTask,
  prepare: ({ body }) => ({
    request: body,
    placeA: resolveSubjectPlace(body.person_a, ['body', 'person_a']),
    placeB: resolveSubjectPlace(body.person_b, ['body', 'person_b']),
  }),
  mcp: null,
});

export const CHART_ENDPOINTS: readonly Endpoint[] = [
  natalChartEndpoint,
  transitChartEndpoint,
  solarReturnChartEndpoint,
  progressionsChartEndpoint,
  compositeChartEndpoint,
  synastryChartEndpoint,
  // The closed variant of the public service: here, the natal wheel with the same request.
  endpoint({
    method: 'POST',
    paths: ['/api/v1/natal/experimental'],
    tags: ['charts'],
    summary: 'Closed variant: the natal chart wheel',
    description: `${IMAGE} Takes the natal chart request and answers exactly as POST /api/v1/natal/chart/.`,
    body: natalChartRequest,
    answer: { image: PRODUCES },
    task: natalChartTask,
    prepare: prepareNatalChart,
    mcp: null,
  }),
];
