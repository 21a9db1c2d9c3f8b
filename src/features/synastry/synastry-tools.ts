/** The synastry family's MCP tools: each the REST endpoint's request as input and its answer as output. */
import { z } from 'zod/v4';
import { calculateSynastry, calculateSynastryCards, calculateSynastryHoroscope, calculateSynastrySummary } from './synastry-calculate.ts';
import {
  synastryCardsResponse,
  synastryHoroscopeQuery,
  synastryHoroscopeRequest,
  synastryHoroscopeResponse,
  synastryRequest,
  synastryResponse,
  synastrySummaryRequest,
  synastrySummaryResponse,
} from './synastry-schemas.ts';
import { READ_ONLY, defineTool } from '../mcp/tool-definition.ts';
import { jsonResult, outcomeOfError } from '../mcp/tool-results.ts';
import { outputSchema, toolSchema } from '../mcp/tool-schema.ts';

async function json(run: () => Promise<Buffer>) {
  try {
    return jsonResult(await run());
  } catch (error) {
    return outcomeOfError(error);
  }
}

const PERSONS =
  'Two people as `person_a` and `person_b`, each {name, datetime (local YYYY-MM-DDTHH:MM or ISO with an offset), location {city, lat, lng}, tz_str (IANA or AUTO), time_known}.';

export const synastryTool = defineTool({
  name: 'v1_western_synastry',
  title: 'Synastry',
  description: `The synastry of POST /api/v1/western/synastry: both natal charts, the contacts between them with strength, polarity and domains, house overlays both ways, highlights, seven scores (0-100) and the relationship's archetype. ${PERSONS} Optional settings (zodiac, house_system, node_type, bodies, aspect_set, include flags).`,
  families: ['western'],
  input: toolSchema(synastryRequest),
  output: outputSchema(synastryResponse),
  annotations: READ_ONLY,
  run: (args, { compute }) => json(() => calculateSynastry(compute, args)),
});

export const synastrySummaryTool = defineTool({
  name: 'v1_western_synastry_summary',
  title: 'Synastry summary',
  description: `The synastry in brief (POST /api/v1/western/synastry/summary): the seven scores, the archetype, and the main strengths and challenges with a title and summary each. ${PERSONS} (or first_subject and second_subject).`,
  families: ['western'],
  input: toolSchema(synastrySummaryRequest),
  output: outputSchema(synastrySummaryResponse),
  annotations: READ_ONLY,
  run: (args, { compute }) => json(() => calculateSynastrySummary(compute, args)),
});

/** The REST query's options as arguments: include_timing a JSON boolean here (a query string's text there). */
const horoscopeInput = synastryHoroscopeRequest.extend({
  relationship_context: synastryHoroscopeQuery.shape.relationship_context,
  include_timing: z.boolean().optional().describe("Adds each transit's activation window (orb entry, exact, orb exit). Default false."),
});

export const synastryHoroscopeTool = defineTool({
  name: 'v1_western_synastry_horoscope',
  title: "Couple's daily horoscope",
  description: `The couple's day (POST /api/v1/western/synastry/horoscope): transits of \`date\` (default today) in \`tz_str\` (default UTC) to both charts and to their composite, with domain scores for \`relationship_context\` romantic or friendship; \`include_timing\` adds each transit's orb entry, exact hit and orb exit. ${PERSONS}`,
  families: ['western'],
  input: toolSchema(horoscopeInput),
  output: outputSchema(synastryHoroscopeResponse),
  annotations: READ_ONLY,
  run: ({ relationship_context, include_timing, ...body }, { compute }) =>
    json(() => calculateSynastryHoroscope(compute, body, { relationship_context, include_timing })),
});

/**
 * The name a chat assistant lists among its synastry tools (the public service's "simplified"
 * synastry: high-level compatibility indicators): the summary's answer under that name.
 */
export const synastrySimplifiedTool = defineTool({
  ...synastrySummaryTool,
  name: 'v1_western_synastry_simplified',
  title: 'Synastry, simplified',
  description: `The relationship's high-level indicators: the same answer as v1_western_synastry_summary (the seven scores, the archetype, the main strengths and challenges). ${PERSONS} (or first_subject and second_subject).`,
});

export const synastryCardsTool = defineTool({
  name: 'v1_western_synastrycards',
  title: 'Synastry cards',
  description: `The synastry as cards (POST /api/v1/western/synastrycards): a summary (archetype, seven scores, strengths and challenges, a narrative, each score's strongest contacts) and every contact, strongest first, with its rank, strength percentile, polarity and what helps and what to watch. ${PERSONS}`,
  families: ['western'],
  input: toolSchema(synastryRequest),
  output: outputSchema(synastryCardsResponse),
  annotations: READ_ONLY,
  run: (args, { compute }) => json(() => calculateSynastryCards(compute, args)),
});

export const SYNASTRY_TOOLS = [synastryTool, synastrySummaryTool, synastrySimplifiedTool, synastryHoroscopeTool, synastryCardsTool] as const;
