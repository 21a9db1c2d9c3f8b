/** Every MCP tool, and the ones a set of families shows. */
import { chartTool } from './chart-tool.ts';
import { ephemerisAliasTool, ephemerisTool, numerologyTool } from './calculation-tools.ts';
import { ENDPOINT_FAMILIES } from '../endpoints.ts';
import { endpointTools } from './endpoint-tools.ts';
import type { Family } from './families.ts';
import { placeTool } from './place-tool.ts';
import { BAZI_EXTRA_TOOLS, baziFlowTool, baziTool } from '../bazi/bazi-tools.ts';
import { chineseCalendarTool, chineseTodayTool } from '../chinese-calendar/chinese-calendar-tools.ts';
import { VEDIC_TOOLS } from '../vedic/vedic-tools.ts';
import { VEDIC_YOGAS_TOOLS } from '../vedic-yogas/vedic-yogas-tools.ts';
import { VEDIC_DOSHAS_TOOLS } from '../vedic-doshas/vedic-doshas-tools.ts';
import { VEDIC_MATCH_TOOLS } from '../vedic-match/vedic-match-tools.ts';
import { PANCHANG_TOOLS } from '../vedic-panchang/vedic-panchang-tools.ts';
import { vedicVisualChartTool } from '../vedic-visual/vedic-visual-tools.ts';
import { VEDIC_STRENGTH_TOOLS } from '../vedic-strength/vedic-strength-tools.ts';
import { GOCHAR_TOOLS } from '../vedic-gochar/vedic-gochar-tools.ts';
import { muhuratSearchTool } from '../vedic-muhurta/vedic-muhurta-tools.ts';
import { HOROSCOPE_TOOLS } from '../horoscope/horoscope-tools.ts';
import { FORECAST_TOOLS } from '../forecast/forecast-tools.ts';
import type { ToolDefinition } from './tool-definition.ts';

export const TOOLS: readonly ToolDefinition[] = [
  ...ENDPOINT_FAMILIES.flatMap(({ family, endpoints }) => endpoints.flatMap((e) => endpointTools(e, family))),
  ephemerisTool,
  ephemerisAliasTool,
  numerologyTool,
  chartTool,
  placeTool,
  baziTool,
  baziFlowTool,
  ...BAZI_EXTRA_TOOLS,
  chineseCalendarTool,
  chineseTodayTool,
  ...VEDIC_TOOLS,
  ...VEDIC_YOGAS_TOOLS,
  ...VEDIC_DOSHAS_TOOLS,
  ...VEDIC_MATCH_TOOLS,
  ...PANCHANG_TOOLS,
  vedicVisualChartTool,
  ...VEDIC_STRENGTH_TOOLS,
  ...GOCHAR_TOOLS,
  muhuratSearchTool,
  ...HOROSCOPE_TOOLS,
  ...FORECAST_TOOLS,
];

export function toolsOf(families: readonly Family[]): ToolDefinition[] {
  return TOOLS.filter((tool) => tool.families.some((f) => families.includes(f)));
}
