/**
 * Where the Sun stood in the sky at a timed birth: its true altitude at the place, and whether it
 * stayed above or below the horizon the whole day around the birth (the midnight sun or the polar
 * night, inside the polar circles). The houses place the Sun above or below the horizon by the
 * zodiac; at high latitudes the two can disagree (a Sun 5° up in the 3rd house at 71° N in June),
 * and the report says which sky the reader was born under.
 */
import { julianDayFromUtcMs } from '../../astro/civil-time.ts';
import { trueAltitude } from '../../astro/ephemeris.ts';
import { isTimed, type NatalChartInput } from '../../interpretations/chart-input.ts';

/** The upper limb on the horizon with standard refraction: the Sun's centre this far below it at rising and setting. */
const HORIZON_DEG = -0.833;
/** Samples over the day centred on the birth, to find whether the Sun crossed the horizon. */
const SAMPLES = 72;
/** Nearer the equator than this the Sun rises and sets every day, and the houses' horizon is the sky's for it. */
export const HIGH_LATITUDE_DEG = 60;
/** A day whose Sun only grazes the horizon (the edges of the polar day and night) is claimed for neither. */
const GRAZING_DEG = 0.5;

export interface SunAtBirth {
  /** Degrees above (positive) or below the horizon, the centre's true altitude. */
  altitude: number;
  /** Above the horizon the whole day around the birth (the midnight sun), below it (the polar night), or neither. */
  allDay: 'up' | 'down' | undefined;
}

export function sunAtBirth(chart: NatalChartInput): SunAtBirth | undefined {
  if (!isTimed(chart)) return undefined;
  const jd = julianDayFromUtcMs(Date.parse(chart.subject.datetime_utc));
  const { lat, lng } = chart.subject.location;
  const altitude = trueAltitude(jd, 0, lat, lng).altitude;
  if (Math.abs(lat) < HIGH_LATITUDE_DEG) return { altitude, allDay: undefined };
  let [least, most] = [Infinity, -Infinity];
  for (let k = 0; k <= SAMPLES; k++) {
    const a = trueAltitude(jd - 0.5 + k / SAMPLES, 0, lat, lng).altitude;
    least = Math.min(least, a);
    most = Math.max(most, a);
  }
  return { altitude, allDay: least > HORIZON_DEG + GRAZING_DEG ? 'up' : most < HORIZON_DEG - GRAZING_DEG ? 'down' : undefined };
}
