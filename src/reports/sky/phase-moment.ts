/**
 * A timed birth under one of the four moments that name a phase (New Moon, First Quarter, Full Moon,
 * Last Quarter: the Moon within 22.5° of 0°, 90°, 180° or 270° from the Sun): how many hours before
 * or after the birth that moment fell, found on the ephemeris. "Born at the Full Moon" covers a day
 * and a half either side of it, and a reader whose Moon stood 4°45′ short of full asked which.
 */
import { calcBody } from '../../astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../../astro/civil-time.ts';
import { brent, wrap180 } from '../../astro/events/root-finding.ts';
import { normalizeDegrees } from '../../astro/zodiac.ts';
import { isTimed, type NatalChartInput } from '../../interpretations/chart-input.ts';

export interface PhaseMoment {
  /** The moment's elongation: 0, 90, 180 or 270. */
  angle: number;
  /** Hours from the birth to the moment: positive when it came after. */
  hours: number;
}

/** The Moon's lead on the Sun needs at most about 45 hours for 22.5°; the search spans three days each way. */
const SEARCH_DAYS = 3;

export function phaseMoment(chart: NatalChartInput): PhaseMoment | undefined {
  if (!isTimed(chart)) return undefined;
  const jd = julianDayFromUtcMs(Date.parse(chart.subject.datetime_utc));
  const elongation = (t: number) => normalizeDegrees(calcBody(t, 1).lon - calcBody(t, 0).lon);
  const now = elongation(jd);
  const angle = (Math.round(now / 90) % 4) * 90;
  if (Math.abs(wrap180(now - angle)) > 22.5) return undefined;
  // The elongation grows through the moment: its offset from the angle changes sign once in the span.
  const off = (t: number) => wrap180(elongation(t) - angle);
  const at = off(jd) < 0 ? brent(off, jd, jd + SEARCH_DAYS) : brent(off, jd - SEARCH_DAYS, jd);
  return { angle, hours: (at - jd) * 24 };
}
