/**
 * The Vedic chart image as an MCP tool: the REST body without the format and pixel density (the
 * answer is a PNG image block at one pixel per unit, at most 1000 px wide, and the chart in words,
 * for a model that cannot read the image).
 */
import { z } from 'zod/v4';
import { MIN_SIZE } from '../../charts/charts-schemas.ts';
import { MCP_MAX_CHART_SIZE } from '../../mcp/chart-tool.ts';
import { READ_ONLY, defineTool } from '../../mcp/tool-definition.ts';
import { outcomeOfError } from '../../mcp/tool-results.ts';
import { outputSchema, toolSchema } from '../../mcp/tool-schema.ts';
import { renderVedicChart } from './vedic-visual-calculate.ts';
import { visualChartRequest } from './vedic-visual-schemas.ts';
import { DEFAULT_VISUAL_SIZE } from './vedic-visual-service.ts';

const toolInput = visualChartRequest.omit({ format: true, png_quality_scale: true }).extend({
  size: z
    .number()
    .int()
    .min(MIN_SIZE)
    .max(MCP_MAX_CHART_SIZE)
    .optional()
    .describe(`Width in px, ${MIN_SIZE}-${MCP_MAX_CHART_SIZE} (default ${DEFAULT_VISUAL_SIZE})`),
});

const toolOutput = z.object({
  content_type: z.literal('image/png'),
  width: z.number().int().describe('Width of the PNG in px'),
  height: z.number().int().describe('Height of the PNG in px (the header bands and panels included)'),
  byte_length: z.number().int().describe('Size of the PNG'),
  headers: z.record(z.string(), z.string()).describe('The REST response headers that carry data: X-Chart-Style, X-Varga, X-Warnings'),
  summary: z.array(z.string()).describe('The chart in words: its title, then each house with its sign and what stands in it'),
});

export const vedicVisualChartTool = defineTool({
  name: 'v2_vedic_visual_chart',
  title: 'Vedic chart image',
  description:
    'The image of POST /api/v2/vedic/visual/chart as a PNG, with the chart in words: the rasi or a varga (`divisions`: 1, 2, 3, 4, 7, 9, 10, 12, 16, 20, 24, 27, 30, 40, 45, 60) of a birth (year, month, day, hour, minute, city or lat/lng, tz_str, ayanamsha default lahiri), several divisions as a list (one panel each) as a North Indian (default), South Indian or East Indian chart (`chart_style`), theme light, dark or mono.',
  families: ['vedic'],
  input: toolSchema(toolInput),
  output: outputSchema(toolOutput),
  annotations: READ_ONLY,
  run: async (body, { compute }) => {
    try {
      const image = await renderVedicChart(compute, { ...body, format: 'png', png_quality_scale: 1 });
      // The PNG's own size (its IHDR): several divisions make a sheet of panels, and a large sheet is drawn at a smaller scale.
      const width = image.body.readUInt32BE(16),
        height = image.body.readUInt32BE(20);
      return {
        status: 200,
        result: {
          content: [
            { type: 'image', data: image.body.toString('base64'), mimeType: 'image/png' },
            { type: 'text', text: image.summary.join('\n') },
          ],
          structuredContent: { content_type: 'image/png', width, height, byte_length: image.body.length, headers: image.headers, summary: image.summary },
        },
      };
    } catch (error) {
      return outcomeOfError(error);
    }
  },
});
