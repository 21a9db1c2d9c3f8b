/**
 * What the report needs from the ephemeris beyond the natal chart, computed in the compute pool
 * (the `report_sky` task) so that the report worker does no astronomy of its own: for an untimed
 * birth, the Moon over the whole birth day; for a timed one, which way the house cusps move with
 * the birth time, how far the birth stood from the moment that names its Moon's phase and where the
 * Sun stood in the sky; for every
 * birth, an eclipse at the birth and the year ahead.
 */
import { poolTask } from '../../compute/pool-task.ts';
import { isTimed, type NatalChartInput } from '../../interpretations/chart-input.ts';
import { moonDay, type MoonDay } from './moon-day.ts';
import { yearAhead, type YearAhead } from './year-ahead.ts';
import { cuspMotion } from './cusp-motion.ts';
import { angleSignMargins, type AngleSignMargins } from './angle-sign-margins.ts';
import { phaseMoment, type PhaseMoment } from './phase-moment.ts';
import { sunAtBirth, type SunAtBirth } from './sun-at-birth.ts';
import { birthEclipse, type BirthEclipse } from './birth-eclipse.ts';

export interface ReportSky {
  /** Untimed births only: the Moon from local midnight to midnight. */
  moonDay?: MoonDay | undefined;
  /** The main transits and progressions of the twelve months from the report's date. */
  yearAhead?: YearAhead | undefined;
  /** Timed births only: each house cusp's motion, degrees per minute of birth time (src/reports/sky/cusp-motion.ts). */
  cuspMotion?: number[] | undefined;
  /** Timed births only: the nearest birth time within 20 minutes that changes the rising sign or the Midheaven's (src/reports/sky/angle-sign-margins.ts). */
  angleSignMargins?: AngleSignMargins | undefined;
  /** Timed births under a named phase only: the hours from the birth to its moment (src/reports/sky/phase-moment.ts). */
  phaseMoment?: PhaseMoment | undefined;
  /** Timed births only: the Sun's altitude at the birth and whether it stayed up or down all day (src/reports/sky/sun-at-birth.ts). */
  sun?: SunAtBirth | undefined;
  /** An eclipse within a day of the birth, or on an untimed birth's day (src/reports/sky/birth-eclipse.ts). */
  eclipse?: BirthEclipse | undefined;
}

export interface ReportSkyTask {
  chart: NatalChartInput;
  /** The report's date, ISO 8601 (the job's submission); now when not given. */
  asOf?: string | undefined;
}

export function reportSky(task: ReportSkyTask): ReportSky {
  const asOf = task.asOf ? Date.parse(task.asOf) : Date.now();
  const timed = isTimed(task.chart);
  return {
    moonDay: timed ? undefined : moonDay(task.chart),
    yearAhead: yearAhead(task.chart, asOf),
    cuspMotion: timed ? cuspMotion(task.chart) : undefined,
    angleSignMargins: angleSignMargins(task.chart),
    phaseMoment: phaseMoment(task.chart),
    sun: sunAtBirth(task.chart),
    eclipse: birthEclipse(task.chart),
  };
}

/** The task's answer as it crosses the thread boundary: JSON bytes, like every task's. */
export function reportSkyBytes(task: ReportSkyTask): Buffer {
  return Buffer.from(JSON.stringify(reportSky(task)));
}

/** The report's sky, computed in the pool (src/pool-tasks.ts lists it). */
export const reportSkyTask = poolTask('report_sky', reportSkyBytes);
