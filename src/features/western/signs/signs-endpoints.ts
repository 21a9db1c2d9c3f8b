/** POST /api/v1/western/signs/{sun|moon|rising|midheaven}: the sign of one point of the natal chart. */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { checkSignRequest, computeSign, type SignTask } from './signs-service.ts';
import { signParams, signRequest, signResponse } from './signs-schemas.ts';

const signAnswer = schemaSerializer(signResponse);

export const signLookupTask = poolTask('sign_lookup', (task: SignTask) => signAnswer(computeSign(task)));

const WHAT = {
  sun: 'the Sun sign',
  moon: 'the Moon sign',
  rising: 'the rising sign (the Ascendant; needs the birth time)',
  midheaven: 'the Midheaven sign (needs the birth time)',
};

export const SIGN_ENDPOINTS = [
  endpoint({
    method: 'POST',
    paths: ['/api/v1/western/signs/:point'],
    tags: ['western'],
    summary: 'The sign of the Sun, the Moon, the Ascendant (rising) or the Midheaven',
    description:
      "The point as the natal chart gives it (same settings: zodiac_type, sidereal_ayanamsa, house_system): its sign, degree in the sign, longitude and house, and with `interpretation.enable` the interpretation library's item for that point in that sign. `rising` and `midheaven` need the birth time: `time_known: false` is a 422 on `time_known`. Another point is a 422 on `point` naming the four.",
    params: signParams,
    body: signRequest,
    answer: { json: signResponse },
    task: signLookupTask,
    prepare: ({ params: { point }, body }) => {
      checkSignRequest(point, body);
      return { point, request: body, place: resolveSubjectPlace(body, ['body']) };
    },
    mcp: {
      title: ({ point }) => `${point![0]!.toUpperCase()}${point!.slice(1)} sign`,
      description: ({ point }) =>
        `POST /api/v1/western/signs/${point}: ${WHAT[point as keyof typeof WHAT]}, with its degree, longitude and house, and with \`interpretation.enable\` the library's text for it. Birth data as for the natal chart (year, month, day, hour, minute, city or lat/lng, tz_str, time_known, house_system, zodiac_type).`,
    },
  }),
];
