/**
 * The horoscopes: POST /api/v3, /api/v2 and (legacy) /api/v1/horoscope/daily/personal, POST
 * /api/v3/horoscope/weekly/personal, GET /api/v2 and /api/v1/horoscope/daily/sign. The birth place
 * is resolved and the day fixed in its zone on the event loop, then the compute task.
 */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint, type Endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { ianaZone } from '../../../astro/civil-time.ts';
import { timeZoneAt } from '../../../geo/time-zone-lookup.ts';
import { isAutoZone, requestedZone, resolveSubjectPlace, type ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { dayOfRequest, type DayFrame } from './horoscope-day.ts';
import {
  dailyPersonalRequest,
  dailyPersonalV1Response,
  dailyPersonalV2Response,
  dailyPersonalV3Response,
  dailySignQuery,
  dailySignV1Response,
  dailySignV2Response,
  weeklyPersonalRequest,
  weeklyPersonalResponse,
  type DailyPersonalRequest,
  type DailySignAnswer,
  type DailySignQuery,
  type DailySignV2Answer,
  type HoroscopeBirth,
  type WeeklyPersonalRequest,
} from './horoscope-schemas.ts';
import {
  computeDailyPersonalV1,
  computeDailyPersonalV2,
  computeDailyPersonalV3,
  computeDailySign,
  computeWeeklyPersonal,
  newRequestId,
  type PersonalTask,
  type SignTask,
} from './horoscope-service.ts';

// The answers, each written by its response schema (test/unit/horoscope/horoscope-answer-contract.test.ts holds them together).
const v1 = schemaSerializer(dailyPersonalV1Response);
const v2 = schemaSerializer(dailyPersonalV2Response);
const v3 = schemaSerializer(dailyPersonalV3Response);
const weekly = schemaSerializer(weeklyPersonalResponse);
const signV1 = schemaSerializer(dailySignV1Response);
const signV2 = schemaSerializer(dailySignV2Response);

export const dailyPersonalV1Task = poolTask('horoscope_daily_personal_v1', (task: PersonalTask) => v1(computeDailyPersonalV1(task)));
export const dailyPersonalV2Task = poolTask('horoscope_daily_personal_v2', (task: PersonalTask) => v2(computeDailyPersonalV2(task)));
export const dailyPersonalV3Task = poolTask('horoscope_daily_personal_v3', (task: PersonalTask) => v3(computeDailyPersonalV3(task)));
export const weeklyPersonalTask = poolTask('horoscope_weekly_personal', (task: PersonalTask) => weekly(computeWeeklyPersonal(task)));
export const dailySignTask = poolTask('horoscope_daily_sign', (task: SignTask) => {
  const answer = computeDailySign(task);
  return task.version === 'v1' ? signV1(answer as DailySignAnswer) : signV2(answer as DailySignV2Answer);
});

export const MODEL_NOTE =
  'Scores, lucky items and texts are this service’s deterministic model of the day’s real sky (docs/api/horoscope.md, "Horoscopes"): only transits within orb at local noon are named.';

const PERSONAL =
  'The birth chart (as the natal endpoint casts it) under the sky of the day: transits of the ten planets at local noon of `date` (in `tz_str`, default the birth place’s zone) to the natal planets and, with the birth time, the Ascendant and Midheaven, within 3° (sextile 2°); the Moon’s sign, phase and natal house. Birth by `city` or `lat` + `lng` (`latitude`/`longitude`), time by `hour`/`minute` (`hours`/`minutes`).';

const BIRTH =
  'Birth as `birth{year, month, day, hour, minute, city | lat + lng, tz_str, time_known}`; `date` YYYY-MM-DD (default today), `tz_str` the zone of the day.';

/** The zone of the day: the request's own (`tz_str`/`timezone`), else the birth's, else the birth place's. */
function dayZone(body: { tz_str?: string | undefined; timezone?: string | undefined }, birth: HoroscopeBirth, place: ResolvedPlace): string {
  const own = requestedZone(body, ['body']).tz;
  if (!isAutoZone(own)) return own!;
  const births = requestedZone(birth, ['body', 'birth']).tz;
  if (!isAutoZone(births)) return births!;
  return place.zone ?? timeZoneAt(place.lat, place.lng);
}

function personalTask(
  body: DailyPersonalRequest | WeeklyPersonalRequest,
  day: string | undefined,
  dayField: string,
  weekly: boolean,
  nowMs: number,
): PersonalTask {
  const place = resolveSubjectPlace(body.birth, ['body', 'birth']);
  const zone = dayZone(body, body.birth, place);
  let frame = dayOfRequest(day, zone, nowMs, ['body', dayField]);
  if (weekly && day === undefined) frame = mondayOf(frame);
  return {
    birth: body.birth,
    place,
    frame,
    locale: body.locale ?? 'en',
    interpretationBlocks: body.include_interpretation_blocks ?? false,
    requestId: newRequestId(),
    nowMs,
  };
}

/** The Monday on or before a day (the default first day of a week). */
function mondayOf(frame: DayFrame): DayFrame {
  const back = (frame.weekday + 6) % 7;
  const d = new Date(Date.UTC(frame.year, frame.month - 1, frame.day - back));
  return dayOfRequest(d.toISOString().slice(0, 10), frame.zone, 0, ['body', 'week_start']);
}

function signTask(query: DailySignQuery, version: 'v1' | 'v2', nowMs: number): SignTask {
  const hasLat = query.lat !== undefined;
  if (hasLat !== (query.lng !== undefined)) throw new RequestFieldError(['query', hasLat ? 'lng' : 'lat'], 'lat and lng must be given together', 'missing');
  const own = requestedZone(query, ['query']).tz;
  const zone = !isAutoZone(own) ? own! : hasLat ? timeZoneAt(query.lat!, query.lng!) : 'UTC';
  const frame = dayOfRequest(query.date, zone, nowMs, ['query', 'date']);
  // Without a place, the planetary hours are reckoned on the equator at the meridian of the zone's offset that day.
  const place = hasLat
    ? { lat: query.lat!, lng: query.lng! }
    : { lat: 0, lng: Math.max(-180, Math.min(180, (ianaZone(zone)!.offset(frame.noonMs) / 60) * 15)) };
  const warnings = hasLat
    ? []
    : [`No lat/lng: the lucky hour is reckoned on the equator at longitude ${place.lng}° (the meridian of ${zone}'s offset that day).`];
  return { sign: query.sign, frame, place, locale: query.locale ?? 'en', version, requestId: newRequestId(), nowMs, warnings };
}

const PERSONAL_TASK = { v1: dailyPersonalV1Task, v2: dailyPersonalV2Task, v3: dailyPersonalV3Task };
const PERSONAL_OUTPUT = { v1: dailyPersonalV1Response, v2: dailyPersonalV2Response, v3: dailyPersonalV3Response };
const PERSONAL_SUMMARY = {
  v3: 'Personal daily horoscope (v3): scores, texts, top transits with their windows, the day’s exact hits and the next shift',
  v2: 'Personal daily horoscope (v2): scores with their factors, theme and text, lucky items, the Moon, top transits',
  v1: 'Personal daily horoscope (legacy v1): the v2 data, for clients still on the old path',
};
const PERSONAL_DESCRIPTION = {
  v3: `${PERSONAL} v3 adds to the v2 answer each top transit’s window in orb, the exact hits within the local day, the Moon’s next ingress and the areas ranked; \`include_interpretation_blocks\` adds the interpretation library’s text of each top transit. ${MODEL_NOTE}`,
  v2: `${PERSONAL} ${MODEL_NOTE}`,
  v1: `${PERSONAL} The answer is v2’s data with \`meta.settings.version\` "v1" and numbers where v2 has words (\`orb_policy\` the orbs, each driver’s \`intensity\` 0-1). ${MODEL_NOTE}`,
};

const personal = (version: 'v1' | 'v2' | 'v3') =>
  endpoint({
    method: 'POST',
    paths: [`/api/${version}/horoscope/daily/personal`],
    tags: ['horoscope'],
    summary: PERSONAL_SUMMARY[version],
    description: PERSONAL_DESCRIPTION[version],
    body: dailyPersonalRequest,
    answer: { json: PERSONAL_OUTPUT[version] },
    task: PERSONAL_TASK[version],
    prepare: ({ body }, nowMs) => personalTask(body, body.date, 'date', false, nowMs),
    mcp: {
      title: `Personal daily horoscope (${version === 'v1' ? 'legacy v1, the v2 data' : version})`,
      description: `POST /api/${version}/horoscope/daily/personal: the day’s scores (overall, love, career, money, health) with their factors, theme, text, keywords, do and don’t, lucky colour, number and hour, the Moon’s sign and phase, and the top transits to the birth chart${version === 'v3' ? ', with their windows, the exact hits of the day and the next shift' : ''}. ${BIRTH}`,
    },
  });

const sign = (version: 'v1' | 'v2') =>
  endpoint({
    method: 'GET',
    paths: [`/api/${version}/horoscope/daily/sign`],
    tags: ['horoscope'],
    summary: `Daily sign horoscope (${version}): the sign’s solar chart under the day’s sky`,
    description: `The sign as the 1st house of a solar chart with whole-sign houses: each planet at local noon of \`date\` (in \`tz_str\`, default UTC) read by its whole-sign aspect to the sign and its solar house, the Moon’s sign, phase and solar house. Computed, not written per day. ${MODEL_NOTE}`,
    query: dailySignQuery,
    answer: { json: version === 'v2' ? dailySignV2Response : dailySignV1Response },
    task: dailySignTask,
    prepare: ({ query }, nowMs) => signTask(query, version, nowMs),
    mcp: {
      title: `Daily sign horoscope (${version})`,
      description: `GET /api/${version}/horoscope/daily/sign: the sign’s daily horoscope from its solar chart (the sign as 1st house, whole-sign houses) under the day’s sky: scores, theme, text, lucky items, the Moon. Arguments: \`sign\` (aries … pisces), \`date\` (YYYY-MM-DD or today), \`tz_str\`, \`locale\`.`,
      input: dailySignQuery,
    },
  });

export const HOROSCOPE_ENDPOINTS: readonly Endpoint[] = [
  personal('v3'),
  personal('v2'),
  personal('v1'),
  endpoint({
    method: 'POST',
    paths: ['/api/v3/horoscope/weekly/personal'],
    tags: ['horoscope'],
    summary: 'Personal weekly horoscope: seven days read as the daily horoscope, their means, the best and hardest day, the week’s strongest transits',
    description: `Seven days from \`week_start\` (default: this week’s Monday in \`tz_str\`), each read as POST /api/v3/horoscope/daily/personal reads a day; the week’s scores are the days’ means, and each transit of the week is listed at its strongest day. ${MODEL_NOTE}`,
    body: weeklyPersonalRequest,
    answer: { json: weeklyPersonalResponse },
    task: weeklyPersonalTask,
    prepare: ({ body }, nowMs) => personalTask(body, body.week_start, 'week_start', true, nowMs),
    mcp: {
      title: 'Personal weekly horoscope',
      description: `POST /api/v3/horoscope/weekly/personal: seven days from \`week_start\` (default this week’s Monday), each day’s scores and theme, the week’s means, best and hardest day, and its strongest transits. ${BIRTH}`,
    },
  }),
  sign('v2'),
  sign('v1'),
];
