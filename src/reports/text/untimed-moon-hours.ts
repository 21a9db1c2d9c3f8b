/**
 * Untimed births: the hours of the birth day in which the Moon stood within an orb of an aspect to
 * a planet (the Moon moving evenly from its midnight longitude to the next, sampled every ten
 * minutes; the other planet still).
 */
import { aspectAngle } from '../../astro/aspects.ts';
import { signedSeparation } from '../../astro/zodiac.ts';
import type { ReportContext } from './context.ts';

const STEP_MINUTES = 10;

export interface MoonHours {
  /** Within the orb the whole day. */
  all: boolean;
  /** The first and last sampled minute within the orb, as local "HH:MM". */
  from: string;
  to: string;
}

/** The hours the Moon was within `orb` of its `type` aspect to `id`; undefined when never (or timed, or no day's record). */
export function moonHoursWithin(ctx: ReportContext, id: string, type: string, orb: number): MoonHours | undefined {
  const day = ctx.sky.moonDay;
  const planet = ctx.factors.points.get(id);
  if (ctx.timed || !day || !planet) return undefined;
  const travel = (((day.endLon - day.startLon) % 360) + 360) % 360;
  const angle = aspectAngle(type);
  const close: number[] = [];
  for (let minute = 0; minute <= 1440; minute += STEP_MINUTES) {
    const moon = day.startLon + (travel * minute) / 1440;
    if (Math.abs(Math.abs(signedSeparation(moon, planet.lon)) - angle) <= orb) close.push(minute);
  }
  if (close.length === 0) return undefined;
  const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return { all: close.length === 1440 / STEP_MINUTES + 1, from: clock(close[0]!), to: clock(close.at(-1)!) };
}

/** "if you were born between 05:00 and 18:20 local time" (or before, or after); empty for the whole day. */
export function bornWithin(hours: MoonHours): string {
  if (hours.all) return '';
  if (hours.from === '00:00') return `if you were born before ${hours.to} local time`;
  if (hours.to === '24:00') return `if you were born after ${hours.from} local time`;
  return `if you were born between ${hours.from} and ${hours.to} local time`;
}
