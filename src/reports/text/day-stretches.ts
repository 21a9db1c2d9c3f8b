/**
 * An untimed birth day cut at every sign change (the Moon's and any other body's): the stretches
 * between changes, each with the signs the changed bodies held in it, and what holds in which of
 * them. Plain data in and out, so that the report context can use it without importing the text
 * modules that read the context (untimed-ingresses.ts words what is found here).
 */
import type { PlacedPoint } from '../../interpretations/chart-factors/positions.ts';
import { TEN_PLANET_IDS, type SignId } from '../../interpretations/keys.ts';
import type { MoonDay } from '../sky/moon-day.ts';
import { joinOr } from './report-markdown.ts';

/** A stretch of an untimed birth day in which no body changed sign: its local hours and the sign of each body that changed that day. */
export interface DayStretch {
  from: string;
  to: string;
  signs: ReadonlyMap<string, SignId>;
}

/** The birth day's stretches, or undefined when nothing changed sign that day. */
export function stretchesOfTheDay(day: MoonDay): DayStretch[] | undefined {
  const changes = [
    ...(day.ingressAt && day.signs.length === 2 ? [{ body: 'moon', from: day.signs[0]!, to: day.signs[1]!, at: day.ingressAt }] : []),
    ...(day.ingresses ?? []),
  ];
  if (changes.length === 0) return undefined;
  const cuts = [...new Set(changes.map((c) => c.at))].sort();
  const bounds = ['00:00', ...cuts, '24:00'];
  return bounds.slice(0, -1).map((from, i) => ({
    from,
    to: bounds[i + 1]!,
    signs: new Map(changes.map((c) => [c.body, c.at <= from ? c.to : c.from])),
  }));
}

/** The births of some stretches, as a condition: "if you were born after 07:12 local time". */
export function bornInStretches(stretches: readonly DayStretch[]): string {
  return `if you were born ${stretchHours(stretches)} local time`;
}

/** The hours of some stretches: "after 07:12", "between 13:25 and 15:12" (stretches next to each other joined). */
export function stretchHours(stretches: readonly { from: string; to: string }[]): string {
  const runs: { from: string; to: string }[] = [];
  for (const s of stretches) {
    const last = runs.at(-1);
    if (last && last.to === s.from) last.to = s.to;
    else runs.push({ from: s.from, to: s.to });
  }
  const one = (r: { from: string; to: string }) =>
    r.from === '00:00' ? `before ${r.to}` : r.to === '24:00' ? `after ${r.from}` : `between ${r.from} and ${r.to}`;
  return joinOr(runs.map(one));
}

/** The planets in a sign during a stretch of the day (the noon chart's, each body that changed sign in its sign of the stretch). */
export function planetsInSign(points: ReadonlyMap<string, PlacedPoint>, stretch: DayStretch, sign: SignId): string[] {
  return TEN_PLANET_IDS.filter((id) => (stretch.signs.get(id) ?? points.get(id)?.sign) === sign);
}

/** Whether a sign holds a stellium (`min` planets) in every stretch of the day (always, on a day nothing changed sign). */
export function stelliumAllDay(points: ReadonlyMap<string, PlacedPoint>, stretches: readonly DayStretch[] | undefined, sign: SignId, min: number): boolean {
  return (stretches ?? []).every((stretch) => planetsInSign(points, stretch, sign).length >= min);
}
