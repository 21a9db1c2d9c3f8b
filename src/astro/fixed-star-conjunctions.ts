/**
 * Conjunctions of chart points with fixed stars: a point within `orb` degrees of a star's
 * ecliptic longitude (the star's latitude is not considered, as is usual for fixed stars in a
 * chart). Positions are apparent, of date, in the chart's zodiac.
 */
import type { ZodiacSetting } from './ephemeris.ts';
import { fixedStarAt } from './fixed-stars.ts';
import { degreeInSign, signedSeparation, signOf } from './zodiac.ts';

/** The orb of a fixed-star conjunction when the request does not set one. */
export const DEFAULT_FIXED_STAR_ORB = 1;

export interface FixedStarConjunction {
  star: string;
  designation: string;
  point: string;
  /** |point − star| in longitude, degrees. */
  orb: number;
  star_abs_pos: number;
  star_pos: number;
  star_sign: string;
  star_sign_id: string;
  star_latitude: number;
  magnitude: number | null;
  point_abs_pos: number;
}

export class UnknownFixedStar extends Error {
  constructor(
    readonly index: number,
    readonly starName: string,
  ) {
    super(`unknown fixed star '${starName}' (not in the Swiss Ephemeris catalogue)`);
  }
}

/**
 * Every (star, point) pair within the orb, closest first, and how many distinct stars were
 * checked. `stars` are catalogue names; the index of an unknown one is reported through
 * UnknownFixedStar. A star asked for twice (or under two names) counts once.
 */
export function fixedStarConjunctions(
  jdUt: number,
  zodiac: ZodiacSetting,
  stars: readonly string[],
  points: readonly { id: string; lon: number }[],
  orb: number,
): { conjunctions: FixedStarConjunction[]; starsChecked: number } {
  const found: FixedStarConjunction[] = [];
  const seen = new Set<string>();
  stars.forEach((name, index) => {
    const star = fixedStarAt(jdUt, name, zodiac);
    if (!star) throw new UnknownFixedStar(index, name);
    if (seen.has(star.designation || star.name)) return;
    seen.add(star.designation || star.name);
    for (const point of points) {
      const separation = Math.abs(signedSeparation(point.lon, star.lon));
      if (separation > orb) continue;
      const sign = signOf(star.lon);
      found.push({
        star: star.name,
        designation: star.designation,
        point: point.id,
        orb: separation,
        star_abs_pos: star.lon,
        star_pos: degreeInSign(star.lon),
        star_sign: sign.abbr,
        star_sign_id: sign.id,
        star_latitude: star.lat,
        magnitude: star.magnitude,
        point_abs_pos: point.lon,
      });
    }
  });
  return { conjunctions: found.sort((a, b) => a.orb - b.orb), starsChecked: seen.size };
}
