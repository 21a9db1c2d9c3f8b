/**
 * Every MCP tool, and the ones a set of families shows: one per declared endpoint (and per value of
 * its path parameter, and its aliases), then the tools that stand for no single endpoint: the chart
 * images of every kind in one tool, the numerology profile and the place search.
 */
import { chartTool } from './chart-tool.ts';
import { numerologyTool } from './calculation-tools.ts';
import { ENDPOINT_FAMILIES } from '../endpoints.ts';
import { endpointTools } from './endpoint-tools.ts';
import type { Family } from './families.ts';
import { placeTool } from './place-tool.ts';
import type { ToolDefinition } from './tool-definition.ts';

export const TOOLS: readonly ToolDefinition[] = [
  ...ENDPOINT_FAMILIES.flatMap(({ family, endpoints }) => endpoints.flatMap((e) => endpointTools(e, family))),
  numerologyTool,
  chartTool,
  placeTool,
];

export function toolsOf(families: readonly Family[]): ToolDefinition[] {
  return TOOLS.filter((tool) => tool.families.some((f) => families.includes(f)));
}
