/** POST /api/v1/transits/calculate. */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { resolveSubjectPlace, resolveTransitPlace } from '../../../requests/place.ts';
import { interpretationOptions } from '../../../requests/interpretation-schema.ts';
import { natalQuery } from '../natal/natal-schemas.ts';
import { transitAnswerBytes } from './transits-answer.ts';
import type { TransitTask } from './transits-service.ts';
import { transitRequest, transitResponse } from './transits-schemas.ts';

export const transitsTask = poolTask('transits', (task: TransitTask) => transitAnswerBytes(task), 'inline');

export const TRANSITS_ENDPOINTS = [
  endpoint({
    method: 'POST',
    paths: ['/api/v1/transits/calculate'],
    tags: ['transits'],
    summary: 'Transits to a natal chart',
    description:
      'Transiting positions at `transit_date` (local time at the transit place; now when omitted) and their aspects to the natal chart. The transit place defaults to the natal place. The `interpretation` block (on unless `interpretation.enable` is false) ranks the active transits by planet weight and orb and gives each its text.',
    body: transitRequest,
    query: natalQuery.pick({ include_minor: true }),
    answer: { json: transitResponse },
    task: transitsTask,
    prepare: ({ body, query }, nowMs) => {
      const natalPlace = resolveSubjectPlace(body.natal, ['body', 'natal']);
      return {
        request: body,
        natalPlace,
        transitPlace: resolveTransitPlace(body, natalPlace),
        nowMs,
        includeMinor: query?.include_minor ?? body.include_minor ?? false,
        interpretation: interpretationOptions(body.interpretation, true),
      };
    },
    mcp: {
      title: 'Transits to a natal chart',
      description:
        'The transits of POST /api/v1/transits/calculate: where the planets stand at `transit_date` (local time at the transit place, or with an offset; now when omitted) and their aspects to the natal chart in `natal` (birth data as for the natal chart). The transit place defaults to the natal place.',
      // Without a transit_date the answer depends on the moment of the call.
      idempotent: false,
    },
  }),
];
