/** Every MCP tool, and the ones a set of families shows. */
import { chartTool } from './chart-tool.ts';
import { numerologyTool } from './calculation-tools.ts';
import { ENDPOINT_FAMILIES } from '../endpoints.ts';
import { endpointTools } from './endpoint-tools.ts';
import type { Family } from './families.ts';
import { placeTool } from './place-tool.ts';
import { RETURNS_TOOLS } from '../returns/returns-tools.ts';
import { SYNASTRY_TOOLS } from '../synastry/synastry-tools.ts';
import { profectionTool } from '../profections/profections-tools.ts';
import { PROGRESSIONS_TOOLS } from '../progressions/progressions-tools.ts';
import type { ToolDefinition } from './tool-definition.ts';

export const TOOLS: readonly ToolDefinition[] = [
  ...ENDPOINT_FAMILIES.flatMap(({ family, endpoints }) => endpoints.flatMap((e) => endpointTools(e, family))),
  numerologyTool,
  chartTool,
  placeTool,
  ...RETURNS_TOOLS,
  ...PROGRESSIONS_TOOLS,
  ...SYNASTRY_TOOLS,
  profectionTool,
];

export function toolsOf(families: readonly Family[]): ToolDefinition[] {
  return TOOLS.filter((tool) => tool.families.some((f) => families.includes(f)));
}
