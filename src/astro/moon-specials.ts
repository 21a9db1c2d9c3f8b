/**
 * The named kinds of Full and New Moon, each by one stated rule (schools differ; these are the
 * ones the service uses and documents):
 *
 * - Supermoon: a Full Moon whose geocentric distance at the exact opposition is under 360,000 km
 *   (the fixed-distance rule; the alternative "within 90% of perigee" rule of its coiner gives
 *   more of them). Micromoon: a Full Moon farther than 405,000 km.
 * - Blue Moon: the second Full Moon within one local calendar month (the monthly rule; the older
 *   seasonal rule, the third of four in an astronomical season, is not used).
 * - Black Moon: the second New Moon within one local calendar month.
 * - Harvest Moon: the Full Moon nearest the autumn equinox (September in the northern hemisphere,
 *   March in the southern); Hunter's Moon: the Full Moon after it.
 * - Eclipse season: the Sun within 18.5° of the Moon's true node, the widest limit inside which a
 *   New or Full Moon can make a solar or lunar eclipse.
 */
import { signedSeparation } from './zodiac.ts';

export const SUPERMOON_MAX_KM = 360_000;
export const MICROMOON_MIN_KM = 405_000;
export const ECLIPSE_SEASON_DEG = 18.5;

export const SPECIAL_MOON_RULES = {
  supermoon: `a Full Moon closer than ${SUPERMOON_MAX_KM.toLocaleString('en-US')} km (geocentric, at the exact Full Moon)`,
  micromoon: `a Full Moon farther than ${MICROMOON_MIN_KM.toLocaleString('en-US')} km (geocentric, at the exact Full Moon)`,
  blue_moon: 'the second Full Moon within one local calendar month',
  black_moon: 'the second New Moon within one local calendar month',
  harvest_moon: 'the Full Moon nearest the autumn equinox (September equinox north of the equator, March equinox south of it)',
  hunter_moon: 'the Full Moon after the Harvest Moon',
  eclipse_season: `the Sun within ${ECLIPSE_SEASON_DEG}° of the Moon's true node`,
} as const;

export type SpecialMoonLabel = 'Supermoon' | 'Micromoon' | 'Blue Moon' | 'Black Moon' | 'Harvest Moon' | "Hunter's Moon";

/** A principal phase as the rules need it: its instant, its local calendar month, and the Moon's distance then. */
export interface Lunation {
  jdUt: number;
  /** `YYYY-MM` of the local date. */
  localMonth: string;
  distanceKm: number;
}

/** Whether `moon` is the second of the Full (or New) Moons `all` (sorted) in its local month. */
export function isSecondInMonth(moon: Lunation, all: readonly Lunation[]): boolean {
  const sameMonth = all.filter((m) => m.localMonth === moon.localMonth);
  return sameMonth.length >= 2 && sameMonth[1]!.jdUt === moon.jdUt;
}

/**
 * The Harvest Moon of the year of `equinoxJd` and the Hunter's Moon after it: the Full Moon
 * nearest the equinox, and the next one. `fullMoons` must reach a lunation either side of it.
 */
export function harvestAndHunter(fullMoons: readonly Lunation[], equinoxJd: number): { harvest?: Lunation; hunter?: Lunation } {
  let best: Lunation | undefined;
  for (const m of fullMoons) if (!best || Math.abs(m.jdUt - equinoxJd) < Math.abs(best.jdUt - equinoxJd)) best = m;
  if (!best || Math.abs(best.jdUt - equinoxJd) > 16) return {};
  return { harvest: best, hunter: fullMoons.find((m) => m.jdUt > best.jdUt) };
}

/** Whether the Sun stands within the eclipse limit of either node (the true node and its opposite). */
export function isEclipseSeason(sunLon: number, nodeLon: number): boolean {
  const fromNode = Math.abs(signedSeparation(sunLon, nodeLon));
  return Math.min(fromNode, 180 - fromNode) <= ECLIPSE_SEASON_DEG;
}

/** The labels of one Full Moon by the distance rules. */
export function distanceLabel(distanceKm: number): SpecialMoonLabel | undefined {
  if (distanceKm < SUPERMOON_MAX_KM) return 'Supermoon';
  if (distanceKm > MICROMOON_MIN_KM) return 'Micromoon';
  return undefined;
}
