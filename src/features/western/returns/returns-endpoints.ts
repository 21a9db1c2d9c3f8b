/**
 * POST /api/v1/western/solar/calculate and POST /api/v1/western/returns/calculate: return charts
 * as data. The places of the birth and of the return are resolved on the event loop (the
 * gazetteer and zone caches live there); the compute pool then reads the rest (returns-service.ts:
 * the nested birth's moment, the settings, the search window and its bounds, a problem there a 422
 * naming the field), casts the charts and writes the answer.
 */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { MAX_RETURNS, MAX_WINDOW_YEARS, returnsRequest, returnsResponse, solarReturnRequest, solarReturnResponse } from './returns-schemas.ts';
import {
  computeReturns,
  computeSolarReturn,
  returnsPlaces,
  returnsTask,
  solarReturnPlaces,
  solarReturnTask,
  type ReturnsJob,
  type SolarReturnJob,
} from './returns-service.ts';

const solarReturnAnswer = schemaSerializer(solarReturnResponse);
const returnsAnswer = schemaSerializer(returnsResponse);

export const solarReturnPoolTask = poolTask('solar_return', (job: SolarReturnJob) =>
  solarReturnAnswer(computeSolarReturn(solarReturnTask(job.body, job.places))),
);
export const planetReturnsPoolTask = poolTask('planet_returns', (job: ReturnsJob) => returnsAnswer(computeReturns(returnsTask(job.body, job.places))), 'heavy');

const NATAL =
  'Birth data in `natal`: `datetime` (`YYYY-MM-DD HH:MM`) or year, month, day, hour, minute (local time; hour 12 and minute 0 by default), `time_known`, and `location` {city, or lat and lng; tz_str or timezone, AUTO by default}.';

export const RETURNS_ENDPOINTS = [
  endpoint({
    method: 'POST',
    paths: ['/api/v1/western/solar/calculate'],
    tags: ['returns'],
    summary: 'Solar return: the exact instant, the return chart and its comparison with the natal chart',
    description:
      'The instant in `solar_return.year` nearest the birthday at which the Sun comes back to its natal longitude (in the chosen zodiac), found to well under a second, served as `meta.solar_return.exact_moment_utc` / `exact_moment_local`, `exact_return_moment` and `return_moment`; the return chart at `solar_return.location` (default the birth place): planets (`pos` and `degree`), houses, angles and `angles_details`, aspects; and `natal_comparison`: return-to-natal aspects, the return planets in the natal houses, the planets near the return angles. `natal.time_known: false` omits houses, angles and the house overlay. See docs/api.md, "Returns".',
    body: solarReturnRequest,
    answer: { json: solarReturnResponse },
    task: solarReturnPoolTask,
    prepare: ({ body }): SolarReturnJob => ({ body, places: solarReturnPlaces(body) }),
    mcp: {
      title: 'Solar return',
      description: `The solar return of POST /api/v1/western/solar/calculate: the exact instant in \`solar_return.year\` at which the Sun returns to its natal longitude, the return chart (planets, houses, angles, aspects) at \`solar_return.location\` (default the birth place), and its comparison with the natal chart (aspects, house overlay, angular planets). ${NATAL}`,
    },
  }),
  endpoint({
    method: 'POST',
    paths: ['/api/v1/western/returns/calculate'],
    tags: ['returns'],
    summary: 'Returns of any body (lunar return, Saturn return …): exact instants and return charts',
    description: `The instants at which \`return_target.body\` (sun, moon, mercury … pluto, chiron) comes back to its natal longitude: the first one at or after \`search_start\`, or with \`search_end\` every one in the window (at most ${MAX_RETURNS}, a window of at most ${MAX_WINDOW_YEARS} years), including the three crossings of a pass with a station; each with its return chart and natal comparison, as the solar return. See docs/api.md, "Returns".`,
    body: returnsRequest,
    answer: { json: returnsResponse },
    task: planetReturnsPoolTask,
    prepare: ({ body }): ReturnsJob => ({ body, places: returnsPlaces(body) }),
    mcp: {
      title: 'Planetary returns',
      description: `The returns of POST /api/v1/western/returns/calculate: when \`return_target.body\` (sun, moon for the lunar return, mercury … pluto, chiron) comes back to its natal longitude: the first return at or after \`search_start\` (YYYY-MM-DD), or every one up to \`search_end\`, each with its return chart and comparison with the natal chart. ${NATAL}`,
    },
  }),
];
