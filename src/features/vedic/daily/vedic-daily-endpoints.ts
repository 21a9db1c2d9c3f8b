/** POST /api/v2/vedic/horoscope/daily/personal: the sidereal personal daily reading. */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { computeVedicDaily, type VedicDailyTask } from './vedic-daily-service.ts';
import { vedicDailyRequest, vedicDailyResponse } from './vedic-daily-schemas.ts';

const VEDIC_DAILY_TEXT =
  "The sidereal personal daily reading of one Hindu day (`target_date`, sunrise to the next sunrise at the place; default today there): from the birth chart (the service's ayanamsas, `node_type`, `house_system`), the day's panchang (tithi, nakshatra, yoga, karana, vara), chandra bala and tara bala from the natal Moon, the Moon's house from the lagna, every graha's gochara from the natal Moon with vedha, Sade Sati and Dhaiya, and the running Vimshottari periods read in the chart; each factor named with its weight, scores and bands for overall, career, wealth, relationships, health, mind and spiritual, the day's Abhijit muhurta, Rahu kalam, Yamaganda and Gulika kalam, and texts written from the factors. `location` sets the place of the day (default the birth place). See docs/api/vedic.md, \"Vedic daily reading\".";

const vedicDailyAnswer = schemaSerializer(vedicDailyResponse);
export const vedicDailyTask = poolTask('vedic_daily_personal', (task: VedicDailyTask) => vedicDailyAnswer(computeVedicDaily(task)));

export const VEDIC_DAILY_ENDPOINTS = [
  endpoint({
    method: 'POST',
    paths: ['/api/v2/vedic/horoscope/daily/personal'],
    tags: ['vedic'],
    summary: 'Vedic personal daily reading: chandra bala, tara bala, gochara, dasha, panchang, scores by life area and the day’s kalams',
    description:
      'The day read from sunrise at the place: panchang, chandra and tara bala, gochara with vedha, Sade Sati, the running dashas; factors, scores by life area, kalams. See docs/api/vedic.md, "Vedic daily reading".',
    body: vedicDailyRequest,
    answer: { json: vedicDailyResponse },
    task: vedicDailyTask,
    prepare: ({ body }, nowMs): VedicDailyTask => {
      const place = resolveSubjectPlace(body, ['body']);
      return { request: body, place, dayPlace: body.location ? resolveSubjectPlace(body.location, ['body', 'location']) : place, nowMs };
    },
    mcp: {
      title: 'Vedic personal daily reading',
      description: `POST /api/v2/vedic/horoscope/daily/personal. ${VEDIC_DAILY_TEXT} Birth data: year, month, day, hour, minute, \`city\` or \`lat\`/\`lng\`, \`tz_str\`; \`ayanamsha\` (lahiri default).`,
      // Without a target_date the day is today's.
      idempotent: false,
    },
  }),
];
