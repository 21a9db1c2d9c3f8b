/**
 * POST /api/v1/western/profections/annual: the profected year, its months and its time lord. The
 * place is resolved on the event loop and the `include` list read (the query's, or the tool's
 * `include` argument), then the answer is computed in the pool.
 */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { computeProfection, profectionIncludes, type ProfectionTask } from './profections-service.ts';
import {
  MAX_PROFECTION_AGE,
  PROFECTION_INCLUDES,
  profectionQuery,
  profectionRequest,
  profectionResponse,
  type ProfectionRequest,
} from './profections-schemas.ts';

const profectionAnswer = schemaSerializer(profectionResponse);

export const profectionsAnnualTask = poolTask('profections_annual', (task: ProfectionTask) => profectionAnswer(computeProfection(task)));

export const PROFECTIONS_ENDPOINTS = [
  endpoint({
    method: 'POST',
    paths: ['/api/v1/western/profections/annual'],
    tags: ['western'],
    summary: "Annual profection: the activated house and sign, the time lord and the year's period",
    description: `Whole-sign houses from the Ascendant (from the Sun's sign when the birth time is unknown); age N activates house N mod 12 + 1; the time lord is the sign's traditional ruler (\`settings.rulership: modern\` for Pluto, Uranus, Neptune). The year runs from the birthday in \`annual_profection.year\` (the birth's wall-clock time in the birth place's zone; 29 February is 28 February in common years) to the next birthday (\`settings.period_basis: solar_return\`: from the Sun's return to its natal longitude nearest that birthday to the next, to the second); \`year\` may be the birth year to ${MAX_PROFECTION_AGE} years after it. \`include\` (query, comma-separated): ${PROFECTION_INCLUDES.join(', ')}, or all. Monthly profections are solar months: month k + 1 begins when the Sun reaches the natal Sun's longitude plus 30°·k, found to the second; they need the birth time.`,
    body: profectionRequest,
    query: profectionQuery,
    answer: { json: profectionResponse },
    task: profectionsAnnualTask,
    // The tool takes the query's `include` among its arguments (its body); REST bodies have none (the schema drops it).
    prepare: ({ body, query }): ProfectionTask => {
      const { include, ...request } = body as ProfectionRequest & { include?: string | undefined };
      return { request, place: resolveSubjectPlace(request, ['body']), includes: profectionIncludes(query?.include ?? include) };
    },
    mcp: {
      title: 'Annual profection',
      description: `The annual profection of POST /api/v1/western/profections/annual: for the birthday-to-birthday year that starts in \`annual_profection.year\`, the age, the activated whole-sign house and sign, the time lord (the sign's ruler) and the period. Birth data as for the natal chart (year, month, day, hour, minute, city or lat/lng, tz_str, time_known). \`include\`: comma-separated ${PROFECTION_INCLUDES.join(', ')}, or all.`,
      input: profectionRequest.extend(profectionQuery.shape),
    },
  }),
];
