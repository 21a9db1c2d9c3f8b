/**
 * How near a timed birth is to a change of the rising sign or of the Midheaven's sign: the nearest birth time within
 * ANGLE_MARGIN_MINUTES at which either stands in another sign, and that sign. At most latitudes a degree of the
 * Ascendant is about four minutes of clock time; inside the polar circles it can run through signs in minutes or jump
 * across the wheel (Murmansk, a June night: Sagittarius rising at 23:10, Gemini some twenty minutes later, the Midheaven
 * twenty seconds from Sagittarius), and a reader should know that the rising sign and the chart ruler rest on the minute.
 * Found minute by minute from the houses, in the chart's own zodiac.
 */
import { calcHouses } from '../../astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../astro/civil-time.ts';
import { normalizeDegrees, signOf } from '../../astro/zodiac.ts';
import { isTimed, type NatalChartInput } from '../../interpretations/chart-input.ts';

/** Further than this from a change of sign, a birth time is taken as it is given (the house cusps' margin too). */
export const ANGLE_MARGIN_MINUTES = 20;
const MINUTE_DAYS = 1 / 1440;

export interface AngleSignMargin {
  /** Minutes from the birth to the nearest time the angle stands in another sign: negative when earlier. */
  minutes: number;
  /** The sign it would then be in. */
  sign: string;
}

export interface AngleSignMargins {
  asc?: AngleSignMargin | undefined;
  mc?: AngleSignMargin | undefined;
}

/** The Ascendant's and the Midheaven's nearest change of sign within the margin; undefined for an untimed chart. */
export function angleSignMargins(chart: NatalChartInput): AngleSignMargins | undefined {
  if (!isTimed(chart) || !chart.angles) return undefined;
  const jd = julianDayFromUtcMs(Date.parse(chart.subject.datetime_utc));
  const { lat, lng } = chart.subject.location;
  // The angles are the same in every quadrant system (Porphyry's never fails); the zodiac's offset is the chart's own at the birth.
  const at = (minutes: number) => calcHouses(jd + minutes * MINUTE_DAYS, lat, lng, 'O');
  const birth = at(0);
  const offset = { asc: chart.angles.asc - birth.asc, mc: chart.angles.mc - birth.mc };
  const signAt = (lon: number, angle: 'asc' | 'mc') => signOf(normalizeDegrees(lon + offset[angle])).id;
  const own = { asc: signAt(birth.asc, 'asc'), mc: signAt(birth.mc, 'mc') };
  const found: AngleSignMargins = {};
  for (let minute = 1; minute <= ANGLE_MARGIN_MINUTES && !(found.asc && found.mc); minute++)
    for (const minutes of [minute, -minute]) {
      const houses = at(minutes);
      for (const angle of ['asc', 'mc'] as const) {
        const sign = signAt(houses[angle], angle);
        if (!found[angle] && sign !== own[angle]) found[angle] = { minutes, sign };
      }
    }
  return found;
}
