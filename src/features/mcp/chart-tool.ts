/**
 * Every chart kind in one tool: `kind` picks the chart, `chart` carries the body its REST endpoint
 * takes. The answer is the PNG itself as an image block (sized for assistants' limits: at most
 * 1000 px, one pixel per unit, some 100-200 KB) and the chart in words, since a model that cannot
 * read the wheel still gets the positions.
 */
import { z } from 'zod/v4';
import type { ComputeRunner } from '../../compute/runner.ts';
import { computeAnswer, type Endpoint } from '../../http/endpoint.ts';
import {
  compositeChartEndpoint,
  natalChartEndpoint,
  progressionsChartEndpoint,
  solarReturnChartEndpoint,
  synastryChartEndpoint,
  transitChartEndpoint,
} from '../charts/charts-endpoints.ts';
import {
  compositeChartRequest,
  MIN_SIZE,
  natalChartRequest,
  progressionsChartRequest,
  solarReturnChartRequest,
  synastryChartRequest,
  transitChartRequest,
} from '../charts/charts-schemas.ts';
import { DEFAULT_SIZE } from '../charts/output.ts';
import { READ_ONLY, type ToolDefinition } from './tool-definition.ts';
import { imageResult, outcomeOfError, type ToolOutcome } from './tool-results.ts';
import { jsonSchemaOf, outputSchema, toolSchema } from './tool-schema.ts';

export const MCP_MAX_CHART_SIZE = 1000;
const PNG_SCALE = 1;

/**
 * A kind's REST body without what a tool result cannot use: the format and pixel density are
 * fixed (PNG, 1), and the renderer's fine styling (`chart_config`) would only bloat the schema a
 * model reads; themes, display settings and the other options stay.
 */
const FIXED_OUTPUT = { format: true, png_quality_scale: true, chart_config: true } as const;
const toolSize = z
  .number()
  .int()
  .min(MIN_SIZE)
  .max(MCP_MAX_CHART_SIZE)
  .optional()
  .describe(`Width = height in px, ${MIN_SIZE}-${MCP_MAX_CHART_SIZE} (default ${DEFAULT_SIZE})`);
const leanOutput = <S extends z.ZodObject>(schema: S) => schema.omit(FIXED_OUTPUT).extend({ size: toolSize });

const natalChart = leanOutput(natalChartRequest);
const transitChart = leanOutput(transitChartRequest).extend({ natal: leanOutput(transitChartRequest.shape.natal) });
const solarReturnChart = leanOutput(solarReturnChartRequest);
const progressionsChart = leanOutput(progressionsChartRequest);
const compositeChart = compositeChartRequest.omit({ chart_config: true }).extend({ person_a: leanOutput(compositeChartRequest.shape.person_a) });
const synastryChart = synastryChartRequest.omit({ chart_config: true }).extend({ person_a: leanOutput(synastryChartRequest.shape.person_a) });

/** Each kind: the endpoint it stands for (its first path, its preparation and task), its body, and where the image options sit in that body. */
const KINDS = {
  natal: { endpoint: natalChartEndpoint, schema: natalChart, output: [] },
  transits: { endpoint: transitChartEndpoint, schema: transitChart, output: [] },
  solar_return: { endpoint: solarReturnChartEndpoint, schema: solarReturnChart, output: [] },
  secondary_progressions: { endpoint: progressionsChartEndpoint, schema: progressionsChart, output: [] },
  composite: { endpoint: compositeChartEndpoint, schema: compositeChart, output: ['person_a'] },
  synastry: { endpoint: synastryChartEndpoint, schema: synastryChart, output: ['person_a'] },
} as const;
type Kind = keyof typeof KINDS;
const KIND_NAMES = Object.keys(KINDS) as [Kind, ...Kind[]];

const chartArgs = z.discriminatedUnion('kind', KIND_NAMES.map((kind) => z.object({ kind: z.literal(kind), chart: KINDS[kind].schema })) as never) as z.ZodType<{
  kind: Kind;
  chart: Record<string, unknown>;
}>;

const KIND_DESCRIPTION =
  'natal (a birth chart wheel), transits (natal inside, the planets at `transit_date` outside), solar_return (`return_year`), secondary_progressions (`progression_date`), composite and synastry (`person_a`, `person_b`)';

/** What clients see: an object with `kind` and `chart`, the body being one of the six (no union at the top, which some clients refuse). */
const chartArgsJson = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: KIND_NAMES, description: `The chart: ${KIND_DESCRIPTION}.` },
    chart: {
      description: "The body of the kind's REST endpoint (birth data and options), without format, pixel density and chart_config.",
      anyOf: KIND_NAMES.map((kind) => jsonSchemaOf(KINDS[kind].schema, 'input')),
    },
  },
  required: ['kind', 'chart'],
};

const chartResult = z.object({
  kind: z.enum(KIND_NAMES),
  content_type: z.literal('image/png'),
  width: z.number().int(),
  height: z.number().int(),
  byte_length: z.number().int(),
  headers: z
    .record(z.string(), z.string())
    .describe('The response headers of the REST endpoint that carry data (X-Transit-Datetime-UTC, X-Solar-Return-Datetime-UTC, X-Progression-*)'),
  summary: z.array(z.string()).describe('The chart in words: heading, time and place, settings, and the positions on each ring'),
});

/** The image options of a kind's body (top level, or person A's for the two-person charts). */
function imageOptions(kind: Kind, chart: Record<string, unknown>): Record<string, unknown> {
  return KINDS[kind].output.length ? (chart.person_a as Record<string, unknown>) : chart;
}

async function renderChart(compute: ComputeRunner, kind: Kind, chart: Record<string, unknown>): Promise<ToolOutcome> {
  const png = { format: 'png', png_quality_scale: PNG_SCALE };
  const body = KINDS[kind].output.length ? { ...chart, person_a: { ...imageOptions(kind, chart), ...png } } : { ...chart, ...png };
  try {
    // Each kind's endpoint takes its own body; the tool gives it the body that kind's schema accepted.
    const e = KINDS[kind].endpoint as Endpoint;
    return imageResult(await computeAnswer(e, compute, { body, query: undefined, params: undefined }), { kind });
  } catch (error) {
    return outcomeOfError(error);
  }
}

export const chartTool: ToolDefinition<{ kind: Kind; chart: Record<string, unknown> }> = {
  name: 'v1_natal_chart',
  title: 'Chart image',
  description: `A chart wheel as a PNG image with the chart in words, drawn as the chart image endpoints draw it. kind: ${KIND_DESCRIPTION}. \`chart\` holds that endpoint's body: the birth data (year, month, day, hour, minute, city or lat/lng), and options such as theme_type (light, dark, mono), size (${MIN_SIZE}-${MCP_MAX_CHART_SIZE} px) and display_settings.`,
  families: ['charts'],
  input: toolSchema(chartArgs, { json: chartArgsJson }),
  output: outputSchema(chartResult),
  annotations: READ_ONLY,
  run: ({ kind, chart }, { compute }) => renderChart(compute, kind, chart),
};

/** The REST path each kind stands for (documentation and tests). */
export const CHART_KIND_PATHS = Object.fromEntries(KIND_NAMES.map((k) => [k, KINDS[k].endpoint.paths[0]])) as Record<Kind, string>;
