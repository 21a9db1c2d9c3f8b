/** The Vedic family's MCP tools: each endpoint's request as input and its answer as output, named like the paths. */
import { READ_ONLY, defineTool } from '../mcp/tool-definition.ts';
import { jsonResult, outcomeOfError } from '../mcp/tool-results.ts';
import { outputSchema, toolSchema } from '../mcp/tool-schema.ts';
import { calculateVedicCalculate, calculateVedicChart, calculateVedicDasha, calculateVedicVargas } from './vedic-calculate.ts';
import { vedicChartRequest, vedicChartV1Response, vedicChartV2Response } from './vedic-schemas.ts';
import { vedicVargasRequest, vedicVargasV1Response, vedicVargasV2Response } from './vedic-vargas-schemas.ts';
import { vedicDashaRequest, vedicDashaV1Response, vedicDashaV2Response } from './vedic-dasha-schemas.ts';
import { vedicCalculateRequest, vedicCalculateResponse } from './vedic-calculate-schemas.ts';
import { VEDIC_CHART_TEXT, VEDIC_DASHA_TEXT, VEDIC_VARGAS_TEXT } from './vedic-routes.ts';

const BIRTH =
  'Birth data: year, month, day, hour, minute (local time), `city` or `lat`/`lng`, `tz_str`; `ayanamsha` (lahiri default), `node_type`, `house_system`.';

async function answer(run: () => Promise<Buffer>) {
  try {
    return jsonResult(await run());
  } catch (error) {
    return outcomeOfError(error);
  }
}

export const vedicChartTool = defineTool({
  name: 'v1_vedic_chart',
  title: 'Vedic rasi chart',
  description: `POST /api/v1/vedic/chart. ${VEDIC_CHART_TEXT} ${BIRTH}`,
  families: ['vedic'],
  input: toolSchema(vedicChartRequest),
  output: outputSchema(vedicChartV1Response),
  annotations: READ_ONLY,
  run: (args, { compute }) => answer(() => calculateVedicChart(compute, args, 1)),
});

export const vedicChartV2Tool = defineTool({
  name: 'v2_vedic_chart',
  title: 'Vedic rasi chart (v2)',
  description: `POST /api/v2/vedic/chart: the chart of v1_vedic_chart in the v2 shape (sign_id, absolute_degree, nakshatra_id, houses[].degree_cusp, metadata). ${BIRTH}`,
  families: ['vedic'],
  input: toolSchema(vedicChartRequest),
  output: outputSchema(vedicChartV2Response),
  annotations: READ_ONLY,
  run: (args, { compute }) => answer(() => calculateVedicChart(compute, args, 2)),
});

export const vedicVargasTool = defineTool({
  name: 'v1_vedic_vargas',
  title: 'Vedic divisional charts',
  description: `POST /api/v1/vedic/vargas. ${VEDIC_VARGAS_TEXT} ${BIRTH}`,
  families: ['vedic'],
  input: toolSchema(vedicVargasRequest),
  output: outputSchema(vedicVargasV1Response),
  annotations: READ_ONLY,
  run: (args, { compute }) => answer(() => calculateVedicVargas(compute, args, 1)),
});

export const vedicVargasV2Tool = defineTool({
  name: 'v2_vedic_vargas',
  title: 'Vedic divisional charts (v2)',
  description: `POST /api/v2/vedic/vargas: the charts of v1_vedic_vargas with sign_id for sign_num. ${BIRTH}`,
  families: ['vedic'],
  input: toolSchema(vedicVargasRequest),
  output: outputSchema(vedicVargasV2Response),
  annotations: READ_ONLY,
  run: (args, { compute }) => answer(() => calculateVedicVargas(compute, args, 2)),
});

// Without a reference_date the running periods depend on the day of the call.
const DATED = { ...READ_ONLY, idempotentHint: false };

export const vedicDashaTool = defineTool({
  name: 'v1_vedic_dasha',
  title: 'Vimshottari and Yogini dashas',
  description: `POST /api/v1/vedic/dasha. ${VEDIC_DASHA_TEXT} ${BIRTH}`,
  families: ['vedic'],
  input: toolSchema(vedicDashaRequest),
  output: outputSchema(vedicDashaV1Response),
  annotations: DATED,
  run: (args, { compute }) => answer(() => calculateVedicDasha(compute, args, 1)),
});

export const vedicDashaV2Tool = defineTool({
  name: 'v2_vedic_dasha',
  title: 'Vimshottari and Yogini dashas (v2)',
  description: `POST /api/v2/vedic/dasha: the dashas of v1_vedic_dasha in the v2 shape (birth_balance, moon_nakshatra, active_periods[], timeline[]). ${BIRTH}`,
  families: ['vedic'],
  input: toolSchema(vedicDashaRequest),
  output: outputSchema(vedicDashaV2Response),
  annotations: DATED,
  run: (args, { compute }) => answer(() => calculateVedicDasha(compute, args, 2)),
});

export const vedicCalculateTool = defineTool({
  name: 'v2_vedic_calculate',
  title: 'Vedic chart, vargas and dasha',
  description: `POST /api/v2/vedic/calculate: the v2 chart with \`vargas\` (divisional charts asked, default D1) and \`dasha\` (Vimshottari to \`dasha_levels\` 0-3 at \`reference_date\`) in one call; \`include_avastha\` adds the grahas' baladi and jagradadi avasthas. ${BIRTH}`,
  families: ['vedic'],
  input: toolSchema(vedicCalculateRequest),
  output: outputSchema(vedicCalculateResponse),
  annotations: DATED,
  run: (args, { compute }) => answer(() => calculateVedicCalculate(compute, args)),
});

export const VEDIC_TOOLS = [vedicChartTool, vedicChartV2Tool, vedicVargasTool, vedicVargasV2Tool, vedicDashaTool, vedicDashaV2Tool, vedicCalculateTool];
