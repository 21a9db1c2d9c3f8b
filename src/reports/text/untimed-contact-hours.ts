/**
 * Untimed births: the hours of the birth day in which two bodies stood within an orb of an aspect:
 * the Moon moving evenly from its midnight longitude to the next, any other body at its noon speed;
 * sampled every ten minutes and the edges found to the second between samples.
 */
import { aspectAngle } from '../../astro/aspects.ts';
import { aspectOrb } from '../../astro/zodiac.ts';
import { edgeBetween } from '../sky/moon-day.ts';
import type { ReportContext } from './context.ts';
import { DAY_MINUTES, minuteClock, NOON } from '../sky/local-minutes.ts';

const STEP_MINUTES = 10;

export interface ContactHours {
  /** Within the orb the whole day. */
  all: boolean;
  /** The first and last whole minute within the orb, as local "HH:MM". */
  from: string;
  to: string;
}

/** The hours `a` and `b` were within `orb` of their `type` aspect; undefined when never (or timed, or no day's record). */
export function hoursWithin(ctx: ReportContext, a: string, b: string, type: string, orb: number): ContactHours | undefined {
  const day = ctx.sky.moonDay;
  if (ctx.timed || !day) return undefined;
  const place = (id: string): ((minute: number) => number) | undefined => {
    if (id === 'moon') {
      const travel = (((day.endLon - day.startLon) % 360) + 360) % 360;
      return (minute) => day.startLon + (travel * minute) / DAY_MINUTES;
    }
    const p = ctx.factors.points.get(id);
    return p && ((minute) => p.lon + (p.speed * (minute - NOON)) / DAY_MINUTES);
  };
  const [at, bt] = [place(a), place(b)];
  if (!at || !bt) return undefined;
  const angle = aspectAngle(type);
  const holds = (minute: number) => aspectOrb(at(minute), bt(minute), angle) <= orb;
  const close: number[] = [];
  for (let minute = 0; minute <= DAY_MINUTES; minute += STEP_MINUTES) if (holds(minute)) close.push(minute);
  if (close.length === 0) return undefined;
  const [first, last] = [close[0]!, close.at(-1)!];
  const from = first === 0 ? 0 : Math.ceil(edgeBetween(holds, first - STEP_MINUTES, first, 1 / 60));
  const to = last === DAY_MINUTES ? DAY_MINUTES : Math.floor(edgeBetween(holds, last + STEP_MINUTES, last, 1 / 60));
  return { all: close.length === DAY_MINUTES / STEP_MINUTES + 1, from: minuteClock(from), to: minuteClock(to) };
}

/** "if you were born between 05:00 and 18:20 local time" (or before, or after; `about` a time found only to a few minutes); empty for the whole day. */
export function bornWithin(hours: ContactHours, about = false): string {
  if (hours.all) return '';
  const a = about ? 'about ' : '';
  if (hours.from === '00:00') return `if you were born before ${a}${hours.to} local time`;
  if (hours.to === '24:00') return `if you were born after ${a}${hours.from} local time`;
  return `if you were born between ${a}${hours.from} and ${hours.to} local time`;
}
