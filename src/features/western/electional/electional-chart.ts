/**
 * The wheel of the recommended moment (`include_chart`): the natal chart image of that instant at
 * the search's place, drawn by the service's own wheel (the natal chart endpoint's renderer), with
 * the request that draws it again, so a client can ask for a PNG or another size or theme.
 * The instant is given in UTC (tz_str `UTC`), so the wheel is of exactly the moment answered even
 * where a local time repeats at a clock change; the wheel prints its time in UTC.
 */
import type { ZodiacSetting } from '../../../astro/ephemeris.ts';
import type { HouseSystemName } from '../../../astro/house-systems.ts';
import { natalChart } from '../../charts/charts-service.ts';
import { natalChartRequest } from '../../charts/charts-schemas.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';

export const WHEEL_PATH = '/api/v1/natal/chart/';
const WHEEL_SIZE = 700;

export interface ElectionWheel {
  rank: number;
  event_time_utc: string;
  media_type: 'image/svg+xml';
  svg: string;
  request: { method: 'POST'; path: string; body: Record<string, unknown> };
}

export function electionWheel(
  moment: { rank: number; event_time_utc: string },
  place: { lat: number; lng: number },
  settings: { title: string; houseSystem: HouseSystemName; zodiac: ZodiacSetting },
): ElectionWheel {
  const d = new Date(moment.event_time_utc);
  const body: Record<string, unknown> = {
    name: `${settings.title}: election ${moment.rank}`,
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    lat: place.lat,
    lng: place.lng,
    tz_str: 'UTC',
    house_system: settings.houseSystem,
    zodiac_type: settings.zodiac.type,
    ...(settings.zodiac.type === 'sidereal' ? { sidereal_ayanamsa: settings.zodiac.ayanamsa } : {}),
    format: 'svg',
    size: WHEEL_SIZE,
  };
  const request = natalChartRequest.parse(body);
  const image = natalChart({ request, place: resolveSubjectPlace(request, ['body']) });
  const svg = typeof image.body === 'string' ? image.body : Buffer.from(image.body).toString('utf8');
  return { rank: moment.rank, event_time_utc: moment.event_time_utc, media_type: 'image/svg+xml', svg, request: { method: 'POST', path: WHEEL_PATH, body } };
}
