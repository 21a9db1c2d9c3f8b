/**
 * Untimed births: the hours of the birth day in which the Moon stood within an orb of an aspect to
 * a planet (the Moon moving evenly from its midnight longitude to the next, the planet at its noon
 * speed), sampled every ten minutes and the edges found to the second between samples.
 */
import { aspectAngle } from '../../astro/aspects.ts';
import { aspectOrb } from '../../astro/zodiac.ts';
import { edgeBetween } from '../sky/moon-day.ts';
import type { ReportContext } from './context.ts';
import { DAY_MINUTES, minuteClock, NOON } from './local-minutes.ts';

const STEP_MINUTES = 10;

export interface MoonHours {
  /** Within the orb the whole day. */
  all: boolean;
  /** The first and last whole minute within the orb, as local "HH:MM". */
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
  const holds = (minute: number) => {
    const moon = day.startLon + (travel * minute) / DAY_MINUTES;
    const other = planet.lon + (planet.speed * (minute - NOON)) / DAY_MINUTES;
    return aspectOrb(moon, other, angle) <= orb;
  };
  const close: number[] = [];
  for (let minute = 0; minute <= DAY_MINUTES; minute += STEP_MINUTES) if (holds(minute)) close.push(minute);
  if (close.length === 0) return undefined;
  const [first, last] = [close[0]!, close.at(-1)!];
  const from = first === 0 ? 0 : Math.ceil(edgeBetween(holds, first - STEP_MINUTES, first, 1 / 60));
  const to = last === DAY_MINUTES ? DAY_MINUTES : Math.floor(edgeBetween(holds, last + STEP_MINUTES, last, 1 / 60));
  return { all: close.length === DAY_MINUTES / STEP_MINUTES + 1, from: minuteClock(from), to: minuteClock(to) };
}

/** "if you were born between 05:00 and 18:20 local time" (or before, or after); empty for the whole day. */
export function bornWithin(hours: MoonHours): string {
  if (hours.all) return '';
  if (hours.from === '00:00') return `if you were born before ${hours.to} local time`;
  if (hours.to === '24:00') return `if you were born after ${hours.from} local time`;
  return `if you were born between ${hours.from} and ${hours.to} local time`;
}
