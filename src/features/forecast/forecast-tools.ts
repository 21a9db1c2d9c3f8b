/** The forecasting family's MCP tools: each REST endpoint's request as input and its answer as output. */
import { READ_ONLY, defineTool } from '../mcp/tool-definition.ts';
import { jsonResult, outcomeOfError } from '../mcp/tool-results.ts';
import { outputSchema, toolSchema } from '../mcp/tool-schema.ts';
import { calculateNatalInsights, calculateSearch, calculateTimeline, calculateTransitInsights } from './forecast-calculate.ts';
import { NATAL_INSIGHTS_DESCRIPTION, SEARCH_DESCRIPTION, TIMELINE_DESCRIPTION, TRANSIT_INSIGHTS_DESCRIPTION } from './forecast-routes.ts';
import { insightsResponse, natalInsightsRequest, transitInsightsRequest } from './forecast-insights-schemas.ts';
import { searchRequest, searchResponse } from './forecast-search-schemas.ts';
import { timelineRequest, timelineResponse } from './forecast-timeline-schemas.ts';

export const transitTimelineTool = defineTool({
  name: 'v1_western_transits_timeline',
  title: 'Transit timeline',
  description: `The transit timeline of POST /api/v1/western/transits/timeline. ${TIMELINE_DESCRIPTION}`,
  families: ['western'],
  input: toolSchema(timelineRequest),
  output: outputSchema(timelineResponse),
  annotations: READ_ONLY,
  run: async (body, { compute }) => {
    try {
      return jsonResult(await calculateTimeline(compute, body));
    } catch (error) {
      return outcomeOfError(error);
    }
  },
});

export const transitSearchTool = defineTool({
  name: 'v1_western_transits_search',
  title: 'Transit search',
  description: `The transit search of POST /api/v1/western/transits/search: when does a transiting body hit a natal point. ${SEARCH_DESCRIPTION}`,
  families: ['western'],
  input: toolSchema(searchRequest),
  output: outputSchema(searchResponse),
  annotations: READ_ONLY,
  run: async (body, { compute }) => {
    try {
      return jsonResult(await calculateSearch(compute, body));
    } catch (error) {
      return outcomeOfError(error);
    }
  },
});

export const natalInsightsTool = defineTool({
  name: 'v1_western_natal_insights',
  title: 'Natal insights',
  description: `The natal insights of POST /api/v1/western/natal/insights. ${NATAL_INSIGHTS_DESCRIPTION}`,
  families: ['western'],
  input: toolSchema(natalInsightsRequest),
  output: outputSchema(insightsResponse),
  annotations: READ_ONLY,
  run: async (body, { compute }) => {
    try {
      return jsonResult(await calculateNatalInsights(compute, body));
    } catch (error) {
      return outcomeOfError(error);
    }
  },
});

export const transitInsightsTool = defineTool({
  name: 'v1_western_transits_insights',
  title: 'Transit insights',
  description: `The transit insights of POST /api/v1/western/transits/insights. ${TRANSIT_INSIGHTS_DESCRIPTION}`,
  families: ['western'],
  input: toolSchema(transitInsightsRequest),
  output: outputSchema(insightsResponse),
  annotations: READ_ONLY,
  run: async (body, { compute }) => {
    try {
      return jsonResult(await calculateTransitInsights(compute, body));
    } catch (error) {
      return outcomeOfError(error);
    }
  },
});

export const FORECAST_TOOLS = [transitTimelineTool, transitSearchTool, natalInsightsTool, transitInsightsTool];
