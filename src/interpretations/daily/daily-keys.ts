/**
 * The key grammar of the daily library and the list of every key the horoscopes can reach (the
 * coverage test requires an entry for each):
 *
 * daily.theme.<dimension>.<tone>      the day's leading life area and its tone; daily.theme.quiet
 * daily.transit.<planet>.<family>     a transiting planet's aspect family to a natal point ({point})
 * daily.moon.<sign>                   the Moon's sign of the day
 * daily.phase.<phase>                 the Moon's phase of the day (the eight phases of moon_phase.*)
 * daily.reason.<score>.<level>        why a score (overall or an area) is high, steady or low
 * daily.do.<dimension>, daily.dont.<dimension>   advice for the leading areas
 */
import { SIGN_IDS, MOON_PHASES, TEN_PLANET_IDS, ASPECT_FAMILIES } from '../keys.ts';

export const DIMENSIONS = ['love', 'career', 'money', 'health'] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export const TONES = ['supportive', 'challenging', 'mixed'] as const;
export type Tone = (typeof TONES)[number];
export const LEVELS = ['high', 'steady', 'low'] as const;
/** The scores a reason is written for: the overall one and the four areas. */
export const REASON_DIMENSIONS = ['overall', ...DIMENSIONS] as const;
export type Level = (typeof LEVELS)[number];

export const dailyKeys = {
  theme: (dimension: Dimension, tone: Tone) => `daily.theme.${dimension}.${tone}`,
  quiet: () => 'daily.theme.quiet',
  transit: (planet: string, family: string) => `daily.transit.${planet}.${family}`,
  moon: (sign: string) => `daily.moon.${sign}`,
  phase: (phase: string) => `daily.phase.${phase}`,
  reason: (dimension: (typeof REASON_DIMENSIONS)[number], level: Level) => `daily.reason.${dimension}.${level}`,
  do: (dimension: Dimension) => `daily.do.${dimension}`,
  dont: (dimension: Dimension) => `daily.dont.${dimension}`,
};

/** Every key the horoscopes can reach. */
export function reachableDailyKeys(): string[] {
  return [
    ...DIMENSIONS.flatMap((d) => TONES.map((t) => dailyKeys.theme(d, t))),
    dailyKeys.quiet(),
    ...TEN_PLANET_IDS.flatMap((p) => ASPECT_FAMILIES.map((f) => dailyKeys.transit(p, f))),
    ...SIGN_IDS.map((s) => dailyKeys.moon(s)),
    ...MOON_PHASES.map((p) => dailyKeys.phase(p)),
    ...REASON_DIMENSIONS.flatMap((d) => LEVELS.map((l) => dailyKeys.reason(d, l))),
    ...DIMENSIONS.map((d) => dailyKeys.do(d)),
    ...DIMENSIONS.map((d) => dailyKeys.dont(d)),
  ];
}
