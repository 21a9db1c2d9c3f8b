/** POST /api/v1/vedic/panchang and /api/v2/vedic/panchang: the Hindu almanac of a local date at a place. */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { panchangV1AnswerBytes, panchangV2AnswerBytes } from './vedic-panchang-answer.ts';
import { panchangRequest, panchangV1Response, panchangV2Response, type PanchangRequest } from './vedic-panchang-schemas.ts';

const PANCHANG_DESCRIPTION =
  'The Hindu day of the local date at the place, from its sunrise (upper limb, standard refraction) to the next: vara, tithi (number, name, paksha), nakshatra, yoga and karana, each with its start and end to the second and the ones that follow before the next sunrise; sunrise, sunset, moonrise, moonset; Rahu kalam, Yamaganda, Gulika kalam (eighths of the daytime by weekday), Abhijit muhurta (the 8th of 15 daytime muhurtas); the lunar month (amanta and purnimanta, adhika months), ritu, ayana, Vikram and Shaka samvat. Nakshatras, yogas and the lunar month are sidereal (`ayanamsha`, default lahiri). Where the Sun does not rise (polar day or night), 06:00 and 18:00 local apparent solar time stand in. See docs/api/vedic.md, "Vedic panchang".';

/** The tools' text. */
const DESCRIPTION =
  'the Hindu almanac of a local date at a place (year, month, day, city or lat/lng, tz_str, ayanamsha default lahiri): vara, tithi with paksha, nakshatra, yoga and karana, each with its start and end to the second and the ones that follow before the next sunrise; sunrise, sunset, moonrise, moonset; Rahu kalam, Yamaganda, Gulika kalam, Abhijit muhurta; the amanta and purnimanta lunar month, ritu, ayana, Vikram and Shaka samvat.';

export const panchangV1Task = poolTask('vedic_panchang_v1', panchangV1AnswerBytes);
export const panchangV2Task = poolTask('vedic_panchang_v2', panchangV2AnswerBytes);

const preparePanchang = ({ body }: { body: PanchangRequest }) => ({ request: body, place: resolveSubjectPlace(body, ['body']) });

export const VEDIC_PANCHANG_ENDPOINTS = [
  endpoint({
    method: 'POST',
    paths: ['/api/v1/vedic/panchang'],
    tags: ['vedic'],
    summary: 'Panchang of a date at a place: tithi, nakshatra, yoga, karana, vara, the kalams, the lunar month',
    description: PANCHANG_DESCRIPTION,
    body: panchangRequest,
    answer: { json: panchangV1Response },
    task: panchangV1Task,
    prepare: preparePanchang,
    mcp: {
      title: 'Panchang (v1)',
      description: `The panchang of POST /api/v1/vedic/panchang: ${DESCRIPTION}`,
    },
  }),
  endpoint({
    method: 'POST',
    paths: ['/api/v2/vedic/panchang'],
    tags: ['vedic'],
    summary: 'Panchang of a date at a place, v2 shape: the day, its transitions and the limbs at the requested time',
    description: `${PANCHANG_DESCRIPTION} v2 adds \`transitions\` (every change of limb during the day, in time order) and \`request_time_panchang\` (the limbs at the local \`hour\`:\`minute\` sent, or at sunrise).`,
    body: panchangRequest,
    answer: { json: panchangV2Response },
    task: panchangV2Task,
    prepare: preparePanchang,
    mcp: {
      title: 'Panchang (v2)',
      description: `The panchang of POST /api/v2/vedic/panchang: ${DESCRIPTION} Adds every transition of the day in time order, and the limbs at the local hour and minute sent (request_time_panchang).`,
    },
  }),
];
