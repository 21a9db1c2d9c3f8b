/**
 * The MCP tools of the progressions family: for each system (secondary, tertiary, converse
 * secondary) its chart, calendar, exact aspects and exact ingresses, named as the public service
 * names them (`v1_western_progressions_secondary_exact_aspects`), each with its REST endpoint's
 * request as input and its answer as output.
 */
import type { ToolDefinition } from '../mcp/tool-definition.ts';
import { READ_ONLY, defineTool } from '../mcp/tool-definition.ts';
import { jsonResult, outcomeOfError } from '../mcp/tool-results.ts';
import { outputSchema, toolSchema } from '../mcp/tool-schema.ts';
import { calculateCalendar, calculateExactAspects, calculateExactIngresses, calculateProgressedChart } from './progressions-calculate.ts';
import {
  calendarRequest,
  calendarResponse,
  converseSecondaryRequest,
  exactAspectsRequest,
  exactAspectsResponse,
  exactIngressesRequest,
  exactIngressesResponse,
  MAX_SEARCH_YEARS,
  PROGRESSION_SYSTEMS,
  secondaryRequest,
  solarArcRequest,
  progressedChartResponse,
  tertiaryRequest,
  type ProgressionSystem,
} from './progressions-schemas.ts';

async function json(run: () => Promise<Buffer>) {
  try {
    return jsonResult(await run());
  } catch (error) {
    return outcomeOfError(error);
  }
}

const NATAL =
  '`natal` is the birth: `datetime` (local, e.g. `1990-05-17 08:15`) or year/month/day/hour/minute, `time_known`, and `location{city | lat, lng, tz_str}`. Instants are exact to the second (UTC).';

function toolsOf(system: ProgressionSystem): ToolDefinition[] {
  const name = `v1_western_progressions_${system.id}`;
  const path = `/api/v1/western/progressions/${system.path}`;
  const unit = system.directed
    ? "every natal point moved by the secondary progressed Sun's arc"
    : system.id === 'tertiary'
      ? 'one ephemeris day = one tropical month of life'
      : system.direction === 1
        ? 'one ephemeris day = one tropical year of life'
        : 'one ephemeris day before the birth = one tropical year of life';
  const request = { secondary: secondaryRequest, tertiary: tertiaryRequest, converse_secondary: converseSecondaryRequest, solar_arc: solarArcRequest }[
    system.id
  ];
  return [
    defineTool({
      name,
      title: system.title,
      description: `The progressed chart of POST ${path} at \`${system.bodyKey}.target_date\` (${unit}): progressed points (sign, degree, natal house), progressed Ascendant and Midheaven, aspects to the natal chart and within the progressed chart, with orbs and exact dates. ${NATAL}`,
      families: ['western'],
      input: toolSchema(request),
      output: outputSchema(progressedChartResponse),
      annotations: READ_ONLY,
      run: (args, { compute }) => json(() => calculateProgressedChart(compute, system, args)),
    }),
    defineTool({
      name: `${name}_calendar`,
      title: `${system.title} calendar`,
      description: `The events of POST ${path}/calendar in \`calendar{from, to}\` (at most ${system.calendarYears} years; ${unit}): exact progressed-to-natal aspects, sign and house ingresses, stations and lunation phases, in time order. ${NATAL}`,
      families: ['western'],
      input: toolSchema(calendarRequest),
      output: outputSchema(calendarResponse),
      annotations: READ_ONLY,
      run: (args, { compute }) => json(() => calculateCalendar(compute, system, args)),
    }),
    defineTool({
      name: `${name}_exact_aspects`,
      title: `${system.title}: exact aspects`,
      description: `The exact progressed-to-natal aspects of POST ${path}/exact-aspects in \`search{from, to, limit, order}\` (at most ${MAX_SEARCH_YEARS} years; ${unit}); \`include_angles\` adds the Ascendant and Midheaven. ${NATAL}`,
      families: ['western'],
      input: toolSchema(exactAspectsRequest),
      output: outputSchema(exactAspectsResponse),
      annotations: READ_ONLY,
      run: (args, { compute }) => json(() => calculateExactAspects(compute, system, args)),
    }),
    defineTool({
      name: `${name}_exact_ingresses`,
      title: `${system.title}: ingresses`,
      description: `The sign and natal-house ingresses of POST ${path}/exact-ingresses in \`search{from, to, limit, order}\` (at most ${MAX_SEARCH_YEARS} years; ${unit}). ${NATAL}`,
      families: ['western'],
      input: toolSchema(exactIngressesRequest),
      output: outputSchema(exactIngressesResponse),
      annotations: READ_ONLY,
      run: (args, { compute }) => json(() => calculateExactIngresses(compute, system, args)),
    }),
  ];
}

export const PROGRESSIONS_TOOLS: readonly ToolDefinition[] = PROGRESSION_SYSTEMS.flatMap(toolsOf);
