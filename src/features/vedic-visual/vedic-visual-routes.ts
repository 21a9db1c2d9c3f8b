/** POST /api/v2/vedic/visual/chart: the rasi or a varga drawn as a North, South or East Indian chart, SVG or PNG. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { renderVedicChart } from './vedic-visual-calculate.ts';
import { visualChartRequest } from './vedic-visual-schemas.ts';

export const VISUAL_CHART_DESCRIPTION =
  'The image itself: `image/svg+xml` (default) or `image/png` with `format: "png"`. The sidereal chart (lahiri by default, `ayanamsha`; Rahu the mean node, `node_type`) of the birth, the rasi or the varga in `divisions` (Parashara’s divisions; a list draws each in its own panel on one image, `chart_config.columns` per row), drawn in `chart_style`: `north_indian` (houses fixed, the first at the top, each with its sign’s number), `south_indian` (signs fixed, Pisces at the top left, the lagna’s cell marked with a slanted line) or `east_indian` (signs fixed, Aries at the top middle, the lagna’s cell outlined). Each sign lists the lagna (`Asc`) and the grahas (`Su Mo Ma Me Ju Ve Sa Ra Ke`) with their degree and minute in the rasi sign, ℞ when retrograde; a crowded sign gets its labels in rows and columns, all labels at one size. Without a birth time the houses are counted from the Moon’s sign. Headers: X-Chart-Style, X-Varga (D1,D9 for two), X-Warnings; styling keys that name nothing drawn here are accepted and named in X-Unknown-Fields. See docs/api/vedic.md, "Vedic chart images".';

export const vedicVisualRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v2/vedic/visual/chart',
      {
        schema: {
          tags: ['vedic'],
          'x-produces': ['image/svg+xml', 'image/png'],
          summary: 'Vedic chart image: rasi or varga, North, South or East Indian style',
          description: VISUAL_CHART_DESCRIPTION,
          body: visualChartRequest,
        },
      },
      async (request, reply) => {
        const image = await renderVedicChart(compute, request.body);
        return reply.type(image.contentType).headers(image.headers).send(image.body);
      },
    );
  };
