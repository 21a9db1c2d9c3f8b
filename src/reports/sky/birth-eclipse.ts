/**
 * An eclipse at the birth: a solar or lunar eclipse whose greatest moment fell within a day of a
 * timed birth, or on the local birth day of an untimed one (swe_sol_eclipse_when_glob,
 * swe_lun_eclipse_when), and what the birth place saw of it: for a solar eclipse the most of the
 * Sun's diameter covered there while the Sun was up (sampled every SAMPLE_MINUTES between the
 * eclipse's first and last contact on Earth), for a lunar one whether the Moon was above the
 * horizon at the greatest moment. A reader born 47 seconds before the New Moon of the total solar
 * eclipse of 26 February 1979 found the report silent on it.
 */
import { julianDayFromUtcMs, utcMsFromJulianDay } from '../../astro/civil-time.ts';
import { eclipseAtPlace, findEclipse, type EclipseFound, type EclipseKind } from '../../astro/ephemeris.ts';
import { isTimed, type NatalChartInput } from '../../interpretations/chart-input.ts';
import { localDay } from './moon-day.ts';

/** How far from a timed birth an eclipse's greatest moment may fall, in days. */
export const ECLIPSE_WINDOW_DAYS = 1;
const SAMPLE_MINUTES = 2;

export interface BirthEclipse {
  kind: EclipseKind;
  type: EclipseFound['type'];
  /** The greatest moment, ISO 8601 UTC. */
  greatestUtc: string;
  /** Timed births: hours from the birth to the greatest moment (positive when it came after). */
  hours?: number | undefined;
  /** Solar: the largest fraction of the Sun's diameter covered at the birth place with the Sun above the horizon (0: not seen there). */
  coveredAtPlace?: number | undefined;
  /** Lunar: whether the Moon stood above the horizon at the birth place at the greatest moment. */
  moonUp?: boolean | undefined;
}

/** The most of the Sun's diameter covered at the place while it was up, between the eclipse's contacts on Earth. */
function seenCovered(e: EclipseFound, lat: number, lng: number): number {
  let most = 0;
  for (let jd = e.startJd; jd <= e.endJd; jd += SAMPLE_MINUTES / 1440) {
    const at = eclipseAtPlace(jd, 'solar', lat, lng);
    if (at.altitude > 0) most = Math.max(most, at.covered);
  }
  return most;
}

/**
 * The eclipse at a birth, if any: within ECLIPSE_WINDOW_DAYS of a timed birth, or between the two
 * local midnights of an untimed birth day.
 */
export function birthEclipse(chart: NatalChartInput): BirthEclipse | undefined {
  const timed = isTimed(chart);
  const jd = julianDayFromUtcMs(Date.parse(chart.subject.datetime_utc));
  // The local day only where it bounds the search: a timed birth's window is the day either side of it.
  const day = timed ? undefined : localDay(chart);
  const [from, to] = day ? [julianDayFromUtcMs(day.startMs), julianDayFromUtcMs(day.endMs)] : [jd - ECLIPSE_WINDOW_DAYS, jd + ECLIPSE_WINDOW_DAYS];
  const { lat, lng } = chart.subject.location;
  const found = (['solar', 'lunar'] as const)
    .map((kind) => findEclipse(from, kind, false))
    .filter((e): e is EclipseFound => e !== undefined && e.maxJd <= to)
    .sort((a, b) => Math.abs(a.maxJd - jd) - Math.abs(b.maxJd - jd))[0];
  if (!found) return undefined;
  return {
    kind: found.kind,
    type: found.type,
    greatestUtc: new Date(Math.round(utcMsFromJulianDay(found.maxJd) / 60_000) * 60_000).toISOString(),
    hours: timed ? (found.maxJd - jd) * 24 : undefined,
    coveredAtPlace: found.kind === 'solar' ? seenCovered(found, lat, lng) : undefined,
    moonUp: found.kind === 'lunar' ? eclipseAtPlace(found.maxJd, 'lunar', lat, lng).altitude > 0 : undefined,
  };
}
