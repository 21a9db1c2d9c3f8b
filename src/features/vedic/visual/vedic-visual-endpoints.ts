/** POST /api/v2/vedic/visual/chart: the rasi or a varga drawn as a North, South or East Indian chart, SVG or PNG. */
import { z } from 'zod/v4';
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { MIN_SIZE } from '../../charts/charts-schemas.ts';
import { MCP_MAX_CHART_SIZE } from '../../mcp/chart-tool.ts';
import { DEFAULT_VISUAL_SIZE, visualChartImage, type VisualChartTask } from './vedic-visual-service.ts';
import { visualChartRequest } from './vedic-visual-schemas.ts';

const VISUAL_CHART_DESCRIPTION =
  'The image itself: `image/svg+xml` (default) or `image/png` with `format: "png"`. The sidereal chart (lahiri by default, `ayanamsha`; Rahu the mean node, `node_type`) of the birth, the rasi or the varga in `divisions` (Parashara’s divisions; a list draws each in its own panel on one image, `chart_config.columns` per row), drawn in `chart_style`: `north_indian` (houses fixed, the first at the top, each with its sign’s number), `south_indian` (signs fixed, Pisces at the top left, the lagna’s cell marked with a slanted line) or `east_indian` (signs fixed, Aries at the top middle, the lagna’s cell outlined). Each sign lists the lagna (`Asc`) and the grahas (`Su Mo Ma Me Ju Ve Sa Ra Ke`) with their degree and minute in the rasi sign, ℞ when retrograde; a crowded sign gets its labels in rows and columns, all labels at one size. Without a birth time the houses are counted from the Moon’s sign. Headers: X-Chart-Style, X-Varga (D1,D9 for two), X-Warnings; styling keys that name nothing drawn here are accepted and named in X-Unknown-Fields. See docs/api/vedic.md, "Vedic chart images".';

export const vedicVisualChartTask = poolTask('vedic_visual_chart', (task: VisualChartTask) => visualChartImage(task));

/**
 * The tool's arguments: the REST body without the format and pixel density, which it sets (the
 * answer is a PNG image block at one pixel per unit, at most 1000 px wide, and the chart in words,
 * for a model that cannot read the image).
 */
const toolInput = visualChartRequest
  .omit({ format: true, png_quality_scale: true })
  .extend({
    size: z
      .number()
      .int()
      .min(MIN_SIZE)
      .max(MCP_MAX_CHART_SIZE)
      .optional()
      .describe(`Width in px, ${MIN_SIZE}-${MCP_MAX_CHART_SIZE} (default ${DEFAULT_VISUAL_SIZE})`),
  })
  .transform((args) => ({ ...args, format: 'png' as const, png_quality_scale: 1 }));

export const VEDIC_VISUAL_ENDPOINTS = [
  endpoint({
    method: 'POST',
    paths: ['/api/v2/vedic/visual/chart'],
    tags: ['vedic'],
    summary: 'Vedic chart image: rasi or varga, North, South or East Indian style',
    description: VISUAL_CHART_DESCRIPTION,
    body: visualChartRequest,
    answer: { image: ['image/svg+xml', 'image/png'] },
    task: vedicVisualChartTask,
    prepare: ({ body }) => ({ request: body, place: resolveSubjectPlace(body, ['body']) }),
    mcp: {
      title: 'Vedic chart image',
      description:
        'The image of POST /api/v2/vedic/visual/chart as a PNG, with the chart in words: the rasi or a varga (`divisions`: 1, 2, 3, 4, 7, 9, 10, 12, 16, 20, 24, 27, 30, 40, 45, 60) of a birth (year, month, day, hour, minute, city or lat/lng, tz_str, ayanamsha default lahiri), several divisions as a list (one panel each) as a North Indian (default), South Indian or East Indian chart (`chart_style`), theme light, dark or mono.',
      input: toolInput,
    },
  }),
];
