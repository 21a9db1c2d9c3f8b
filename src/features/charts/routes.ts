/** The chart image endpoints: SVG by default, PNG with `format: "png"`. */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ComputeRunner } from '../../compute/runner.ts';
import { decodeBinaryResponse } from '../../compute/binary-response.ts';
import { prefixedPlaceOr, resolveSubjectPlace, resolveTransitPlace } from '../shared/place.ts';
import { compositeChartRequest, natalChartRequest, progressionsChartRequest, solarReturnChartRequest, synastryChartRequest, transitChartRequest } from './schemas.ts';

function sendImage(reply: FastifyReply, bytes: Buffer) {
  const image = decodeBinaryResponse(bytes);
  return reply.type(image.contentType).headers(image.headers).send(image.body);
}

const IMAGE = 'The image itself: `image/svg+xml` (default) or `image/png` with `format: "png"`.';

/** An optional second place (`<prefix>_city`, `_lat`, `_lng`), defaulting to the first. */
export const chartRoutes = (compute: ComputeRunner): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/v1/natal/chart/', {
    schema: { tags: ['charts'], summary: 'Natal chart wheel', description: IMAGE, body: natalChartRequest },
  }, async (request, reply) => sendImage(reply, await compute.run('chart_natal', { request: request.body, place: resolveSubjectPlace(request.body, ['body']) })));

  for (const path of ['/api/v1/natal/chart/transits', '/api/v1/natal/experimental/transits']) {
    app.post(path, {
      schema: { tags: ['charts'], summary: 'Transit bi-wheel: natal inside, transits outside (`natal_ring: "outer"` swaps them)', description: `${IMAGE} The transit place defaults to the natal place and the date to now. Header X-Transit-Datetime-UTC.`, body: transitChartRequest },
    }, async (request, reply) => {
      const body = request.body;
      const natalPlace = resolveSubjectPlace(body.natal, ['body', 'natal']);
      return sendImage(reply, await compute.run('chart_transits', { request: body, natalPlace, transitPlace: resolveTransitPlace(body, natalPlace), nowMs: Date.now() }));
    });
  }

  for (const path of ['/api/v1/natal/chart/solar-return', '/api/v1/natal/experimental/solar-return']) {
    app.post(path, {
      schema: { tags: ['charts'], summary: 'Solar return chart in `return_year` (bi-wheel with the natal planets outside, or single)', description: `${IMAGE} The return is the exact instant (to well under a second) at which the Sun regains its natal longitude, in the chart's zodiac; cast at the return place (natal place by default). Header X-Solar-Return-Datetime-UTC.`, body: solarReturnChartRequest },
    }, async (request, reply) => {
      const place = resolveSubjectPlace(request.body, ['body']);
      return sendImage(reply, await compute.run('chart_solar_return', { request: request.body, place, returnPlace: prefixedPlaceOr(place, request.body, 'return') }));
    });
  }

  for (const path of ['/api/v1/natal/chart/secondary-progressions', '/api/v1/natal/chart/progressions']) {
    app.post(path, {
      schema: { tags: ['charts'], summary: 'Secondary progressions bi-wheel: natal inside, progressed outside', description: `${IMAGE} The progressed chart is cast for the natal instant plus one day per tropical year (365.242189 days) elapsed at \`progression_date\` (a date is midnight UTC), at the progression place (natal place by default). Headers X-Progression-System, X-Progression-Target-Date-UTC, X-Progressed-Datetime-UTC, X-Progression-Age-Years.`, body: progressionsChartRequest },
    }, async (request, reply) => {
      const place = resolveSubjectPlace(request.body, ['body']);
      return sendImage(reply, await compute.run('chart_progressions', { request: request.body, place, progressionPlace: prefixedPlaceOr(place, request.body, 'progression') }));
    });
  }

  app.post('/api/v1/natal/chart/composite', {
    schema: { tags: ['charts'], summary: 'Midpoint composite chart of two people', description: `${IMAGE} Each point at the nearer midpoint of the two positions; houses derived from the composite Midheaven (midpoint of the two ARMCs) at the mean latitude and obliquity. Untimed if either person is untimed. Output and styling come from \`person_a\`; top-level \`chart_config\` and the styling aliases are merged after it.`, body: compositeChartRequest },
  }, async (request, reply) => sendImage(reply, await compute.run('chart_composite', {
    request: request.body, placeA: resolveSubjectPlace(request.body.person_a, ['body', 'person_a']),
    placeB: resolveSubjectPlace(request.body.person_b, ['body', 'person_b']),
  })));

  app.post('/api/v1/natal/chart/synastry', {
    schema: { tags: ['charts'], summary: 'Synastry bi-wheel: person A outside, person B inside', description: `${IMAGE} Inter-aspects by default; A-A and B-B aspects on request; B's houses when known and asked for.`, body: synastryChartRequest },
  }, async (request, reply) => sendImage(reply, await compute.run('chart_synastry', {
    request: request.body, placeA: resolveSubjectPlace(request.body.person_a, ['body', 'person_a']),
    placeB: resolveSubjectPlace(request.body.person_b, ['body', 'person_b']),
  })));

  // The closed variant of the public service: here, the natal wheel with the same request.
  app.post('/api/v1/natal/experimental', {
    schema: { tags: ['charts'], summary: 'Closed variant: the natal chart wheel', description: `${IMAGE} Takes the natal chart request and answers exactly as POST /api/v1/natal/chart/.`, body: natalChartRequest },
  }, async (request, reply) => sendImage(reply, await compute.run('chart_natal', { request: request.body, place: resolveSubjectPlace(request.body, ['body']) })));
};
