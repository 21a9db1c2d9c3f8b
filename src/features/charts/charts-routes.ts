/** The chart image endpoints: SVG by default, PNG with `format: "png"`. */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import {
  renderCompositeChart,
  renderNatalChart,
  renderProgressionsChart,
  renderSolarReturnChart,
  renderSynastryChart,
  renderTransitChart,
  type ChartImage,
} from './charts-render.ts';
import {
  compositeChartRequest,
  natalChartRequest,
  progressionsChartRequest,
  solarReturnChartRequest,
  synastryChartRequest,
  transitChartRequest,
} from './charts-schemas.ts';

function sendImage(reply: FastifyReply, image: ChartImage) {
  return reply.type(image.contentType).headers(image.headers).send(image.body);
}

const IMAGE = 'The image itself: `image/svg+xml` (default) or `image/png` with `format: "png"`.';
/** The answer's media types, for the OpenAPI document (openapi-rules.ts). */
const PRODUCES = ['image/svg+xml', 'image/png'];

export const chartRoutes =
  (compute: ComputeRunner): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/natal/chart/',
      {
        schema: { tags: ['charts'], 'x-produces': PRODUCES, summary: 'Natal chart wheel', description: IMAGE, body: natalChartRequest },
      },
      async (request, reply) => sendImage(reply, await renderNatalChart(compute, request.body)),
    );

    for (const path of ['/api/v1/natal/chart/transits', '/api/v1/natal/experimental/transits']) {
      app.post(
        path,
        {
          schema: {
            tags: ['charts'],
            'x-produces': PRODUCES,
            summary: 'Transit bi-wheel: natal inside, transits outside (`natal_ring: "outer"` swaps them)',
            description: `${IMAGE} The transit place defaults to the natal place and the date to now. Header X-Transit-Datetime-UTC.`,
            body: transitChartRequest,
          },
        },
        async (request, reply) => sendImage(reply, await renderTransitChart(compute, request.body)),
      );
    }

    for (const path of ['/api/v1/natal/chart/solar-return', '/api/v1/natal/experimental/solar-return']) {
      app.post(
        path,
        {
          schema: {
            tags: ['charts'],
            'x-produces': PRODUCES,
            summary: 'Solar return chart in `return_year` (bi-wheel with the natal planets outside, or single)',
            description: `${IMAGE} The return is the exact instant (to well under a second) at which the Sun regains its natal longitude, in the chart's zodiac; cast at the return place (natal place by default). Header X-Solar-Return-Datetime-UTC.`,
            body: solarReturnChartRequest,
          },
        },
        async (request, reply) => sendImage(reply, await renderSolarReturnChart(compute, request.body)),
      );
    }

    for (const path of ['/api/v1/natal/chart/secondary-progressions', '/api/v1/natal/chart/progressions']) {
      app.post(
        path,
        {
          schema: {
            tags: ['charts'],
            'x-produces': PRODUCES,
            summary: 'Secondary progressions bi-wheel: natal inside, progressed outside',
            description: `${IMAGE} The progressed chart is cast for the natal instant plus one day per tropical year (365.242189 days) elapsed at \`progression_date\` (a date is midnight UTC), at the progression place (natal place by default). Its angles and houses progress by \`angles_method\`: the solar arc in longitude (default), Naibod's rate in right ascension, or the progressed instant's own houses. Headers X-Progression-System, X-Progression-Target-Date-UTC, X-Progressed-Datetime-UTC, X-Progression-Age-Years, X-Progressed-Angles (the method).`,
            body: progressionsChartRequest,
          },
        },
        async (request, reply) => sendImage(reply, await renderProgressionsChart(compute, request.body)),
      );
    }

    app.post(
      '/api/v1/natal/chart/composite',
      {
        schema: {
          tags: ['charts'],
          'x-produces': PRODUCES,
          summary: 'Midpoint composite chart of two people',
          description: `${IMAGE} Each point at the nearer midpoint of the two positions; houses derived from the composite Midheaven (midpoint of the two ARMCs) at the mean latitude and obliquity. Untimed if either person is untimed. Output and styling come from \`person_a\`; top-level \`chart_config\` and the styling aliases are merged after it.`,
          body: compositeChartRequest,
        },
      },
      async (request, reply) => sendImage(reply, await renderCompositeChart(compute, request.body)),
    );

    app.post(
      '/api/v1/natal/chart/synastry',
      {
        schema: {
          tags: ['charts'],
          'x-produces': PRODUCES,
          summary: 'Synastry bi-wheel: person A outside, person B inside',
          description: `${IMAGE} Inter-aspects by default; A-A and B-B aspects on request; B's houses when known and asked for.`,
          body: synastryChartRequest,
        },
      },
      async (request, reply) => sendImage(reply, await renderSynastryChart(compute, request.body)),
    );

    // The closed variant of the public service: here, the natal wheel with the same request.
    app.post(
      '/api/v1/natal/experimental',
      {
        schema: {
          tags: ['charts'],
          'x-produces': PRODUCES,
          summary: 'Closed variant: the natal chart wheel',
          description: `${IMAGE} Takes the natal chart request and answers exactly as POST /api/v1/natal/chart/.`,
          body: natalChartRequest,
        },
      },
      async (request, reply) => sendImage(reply, await renderNatalChart(compute, request.body)),
    );
  };
