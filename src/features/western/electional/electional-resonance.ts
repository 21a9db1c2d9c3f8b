/**
 * The bounded natal resonance of a moment with the charts of the people concerned: the benefics
 * (Venus, Jupiter) of the moment in conjunction, sextile or trine with a natal point count for it,
 * the malefics (Mars, Saturn) in conjunction, square or opposition against it, within
 * RESONANCE_ORB degrees. The natal points are the Sun, the Moon, and with a known birth time the
 * Ascendant and its ruler. Each person's sum is kept within ±PERSON_LIMIT, the total within
 * ±TOTAL_LIMIT, so that a natal chart tips close choices but never outweighs the sky itself.
 */
import { bodyInfo } from '../../../astro/bodies.ts';
import { computeHouses } from '../../../astro/chart.ts';
import { calcBody, type ZodiacSetting } from '../../../astro/ephemeris.ts';
import type { HouseSystemName } from '../../../astro/house-systems.ts';
import { signRuler } from '../../../astro/profections.ts';
import { signIndexOf } from '../../../astro/zodiac.ts';
import { birthMoment } from '../../../requests/moment.ts';
import type { ResolvedPlace } from '../../../requests/place.ts';
import type { Factor } from './electional-judgement.ts';
import { placeText, planetName } from './electional-rules.ts';
import type { RoleNatal } from './electional-schemas.ts';
import { BENEFICS, MALEFICS, type Planet } from './electional-planets.ts';
import { separation, type ElectionSky } from './electional-sky.ts';

export const RESONANCE_ORB = 3;
export const RESONANCE_POINTS = 2;
export const PERSON_LIMIT = 6;
export const TOTAL_LIMIT = 10;

const SOFT = [
  { name: 'conjunction', angle: 0 },
  { name: 'sextile', angle: 60 },
  { name: 'trine', angle: 120 },
] as const;
const HARD = [
  { name: 'conjunction', angle: 0 },
  { name: 'square', angle: 90 },
  { name: 'opposition', angle: 180 },
] as const;

export interface NatalPoint {
  id: 'sun' | 'moon' | 'asc' | 'asc_ruler';
  name: string;
  lon: number;
}

export interface NatalChart {
  role: string;
  label: string;
  points: NatalPoint[];
}

export interface ResonanceFactor extends Factor {
  role: string;
}

/** The natal points of a role's birth; an untimed birth has no Ascendant (the answer says so). */
export function natalChartOf(
  role: string,
  natal: RoleNatal,
  place: ResolvedPlace,
  zodiac: ZodiacSetting,
  houseSystem: HouseSystemName,
  warnings: string[],
): NatalChart {
  const timed = natal.time_known ?? natal.hour !== undefined;
  const moment = birthMoment({ ...natal, time_known: timed }, place, ['body', role]);
  const lonOf = (p: Planet) => calcBody(moment.jdUt, bodyInfo(p).se!, zodiac).lon;
  const points: NatalPoint[] = [
    { id: 'sun', name: 'natal Sun', lon: lonOf('sun') },
    { id: 'moon', name: 'natal Moon', lon: lonOf('moon') },
  ];
  const label = natal.name ? `${role} (${natal.name})` : role;
  if (timed) {
    const { frame } = computeHouses(moment.jdUt, place.lat, place.lng, houseSystem, zodiac);
    const ruler = signRuler(signIndexOf(frame.asc)) as Planet;
    points.push({ id: 'asc', name: 'natal Ascendant', lon: frame.asc });
    if (ruler !== 'sun' && ruler !== 'moon') points.push({ id: 'asc_ruler', name: `natal ${planetName(ruler)} (ruler of the Ascendant)`, lon: lonOf(ruler) });
  } else {
    warnings.push(
      `${label}: no birth time, so the resonance leaves out the natal Ascendant and its ruler; the natal Moon is taken at local noon (up to about 6.5° from its true place)`,
    );
  }
  if (moment.warning) warnings.push(`${label}: ${moment.warning}`);
  return { role, label, points };
}

const clamp = (x: number, limit: number) => Math.max(-limit, Math.min(limit, x));

/** The resonance's points and (unless `words` is false, for a scan that ranks by points alone) its factors. */
export function resonanceOf(sky: ElectionSky, charts: readonly NatalChart[], words = true): { points: number; factors: ResonanceFactor[] } {
  const factors: ResonanceFactor[] = [];
  let total = 0;
  for (const chart of charts) {
    let sum = 0;
    for (const point of chart.points) {
      for (const [planets, aspects, points] of [
        [BENEFICS, SOFT, RESONANCE_POINTS],
        [MALEFICS, HARD, -RESONANCE_POINTS],
      ] as const) {
        for (const p of planets) {
          const lon = sky.planets[p].lon;
          const sep = separation(lon, point.lon);
          for (const a of aspects) {
            const orb = Math.abs(sep - a.angle);
            if (orb > RESONANCE_ORB) continue;
            sum += points;
            if (words)
              factors.push({
                code: `natal_${p}_${a.name}_${point.id}`,
                title: `${planetName(p)} ${a.name} ${point.name}`,
                detail: `${planetName(p)} at ${placeText(lon)} is ${orb.toFixed(2)}° from an exact ${a.name} with the ${point.name} of ${chart.label} at ${placeText(point.lon)}.`,
                points,
                role: chart.role,
              });
          }
        }
      }
    }
    total += clamp(sum, PERSON_LIMIT);
  }
  return { points: clamp(total, TOTAL_LIMIT), factors };
}
