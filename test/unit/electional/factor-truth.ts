/**
 * Whether a factor an electional answer states is true of the sky at its instant and place, by the
 * independent reading of independent-sky.ts. Returns what is wrong, or null when the factor holds.
 */
import { PRESSURE_ORB } from '../../../src/features/western/electional/electional-rules.ts';
import { COMBUST_ORB } from '../../../src/astro/combustion.ts';
import {
  dignityOf,
  hardMaleficOrb,
  houseOf,
  housesAt,
  lonOf,
  moonNextAspect,
  planetaryHourRuler,
  sep,
  signOf,
  speedOf,
  stationWithin,
  type Body,
} from './independent-sky.ts';

export interface Where {
  jd: number;
  lat: number;
  lng: number;
  /** The Swiss Ephemeris letter of the house system. */
  letter: string;
  /** The place's zone (the planetary day's weekday). */
  zone: string;
}

const STATION_DAYS: Record<string, number> = { mercury: 2, venus: 3, mars: 4, jupiter: 6, saturn: 7 };
const name = (b: string) => b[0]!.toUpperCase() + b.slice(1);

export function factorProblem(f: { code: string; title: string; detail: string }, w: Where): string | null {
  const { jd } = w;
  const fail = (why: string) => `${f.code} (${f.title}) at JD ${jd}: ${why}`;
  const houses = () => housesAt(jd, w.lat, w.lng, w.letter);
  const houseOfBody = (b: Body) => houseOf(lonOf(b, jd), houses().cusps);
  const conditionOf = (b: Body, kind: string): string | null => {
    const lon = lonOf(b, jd);
    switch (kind) {
      case 'dignified':
      case 'debilitated':
        return dignityOf(b, lon) === kind ? null : `${b} at ${lon.toFixed(2)} is ${dignityOf(b, lon)}`;
      case 'under_malefic_pressure':
        return hardMaleficOrb(b, jd) <= PRESSURE_ORB ? null : `${b} has no hard malefic aspect within ${PRESSURE_ORB}°`;
      case 'retrograde':
        return speedOf(b, jd) < 0 ? null : `${b} is direct`;
      case 'stationing':
        return stationWithin(b, jd, STATION_DAYS[b]!) ? null : `${b} makes no station within ${STATION_DAYS[b]} days`;
      case 'combust': {
        const d = sep(lon, lonOf('sun', jd));
        return d < COMBUST_ORB && (b === 'moon' || d > 17 / 60) ? null : `${b} is ${d.toFixed(2)}° from the Sun`;
      }
      default:
        return `unknown condition ${kind}`;
    }
  };

  let m: RegExpMatchArray | null;
  if (f.code === 'moon_void_of_course') {
    const next = moonNextAspect(jd);
    return next === null ? null : fail(`the Moon still makes a ${next.aspect} with ${next.body} in its sign`);
  }
  if (f.code === 'moon_applies_to_benefic' || f.code === 'moon_applies_to_malefic') {
    const next = moonNextAspect(jd);
    if (!next) return fail('the Moon is void of course');
    const ok =
      f.code === 'moon_applies_to_benefic'
        ? ['venus', 'jupiter'].includes(next.body)
        : ['mars', 'saturn'].includes(next.body) && !['sextile', 'trine'].includes(next.aspect);
    if (!ok || !f.title.includes(name(next.body))) return fail(`the next aspect is a ${next.aspect} with ${next.body}`);
    return null;
  }
  if (f.code === 'moon_waxing' || f.code === 'moon_waning') {
    const e = (((lonOf('moon', jd) - lonOf('sun', jd)) % 360) + 360) % 360;
    return e < 180 === (f.code === 'moon_waxing') ? null : fail(`elongation ${e.toFixed(2)}`);
  }
  if (f.code === 'moon_in_burnt_way') {
    const l = lonOf('moon', jd);
    return l >= 195 && l < 225 ? null : fail(`Moon at ${l.toFixed(2)}`);
  }
  if (f.code === 'moon_in_fixed_sign') return [1, 4, 7, 10].includes(signOf(lonOf('moon', jd))) ? null : fail('the Moon is not in a fixed sign');
  if (f.code === 'fixed_sign_rising') return [1, 4, 7, 10].includes(signOf(houses().asc)) ? null : fail('no fixed sign rises');
  if ((m = /^house_(\d+)_ruler_(.+)$/.exec(f.code))) {
    const ruler = houses().rulerOf(Number(m[1]));
    if (!f.detail.startsWith(name(ruler))) return fail(`the ruler is ${ruler}`);
    const problem = conditionOf(ruler, m[2]!);
    return problem && fail(problem);
  }
  if ((m = /^(\w+?)_(dignified|debilitated|under_malefic_pressure|retrograde|stationing|combust)$/.exec(f.code))) {
    const problem = conditionOf(m[1] as Body, m[2]!);
    return problem && fail(problem);
  }
  if ((m = /^(\w+?)_in_first_house$/.exec(f.code))) return houseOfBody(m[1] as Body) === 1 ? null : fail(`in house ${houseOfBody(m[1] as Body)}`);
  if ((m = /^(\w+?)_angular$/.exec(f.code))) return [1, 4, 7, 10].includes(houseOfBody(m[1] as Body)) ? null : fail(`in house ${houseOfBody(m[1] as Body)}`);
  if ((m = /^(\w+?)_in_house_([\d_]+)$/.exec(f.code))) {
    const h = houseOfBody(m[1] as Body);
    return m[2]!.split('_').map(Number).includes(h) && f.title.endsWith(`${h}${h === 1 ? 'st' : h === 2 ? 'nd' : h === 3 ? 'rd' : 'th'} house`)
      ? null
      : fail(`in house ${h}`);
  }
  if ((m = /^(\w+?)_in_(\w+)_house$/.exec(f.code))) {
    const h = houseOfBody(m[1] as Body);
    const stated = Number(/in the (\d+)/.exec(f.detail)?.[1]);
    return h === stated ? null : fail(`in house ${h}, the detail says ${stated}`);
  }
  if (f.code === 'planetary_hour_of_significator' || f.code === 'planetary_hour_of_malefic') {
    const ruler = planetaryHourRuler(jd, w.lat, w.lng, w.zone);
    if (ruler === null) return null; // at an hour's edge the two horizon definitions may disagree: not judged here
    return f.title === `Planetary hour of ${name(ruler)}` ? null : fail(`the hour is ${ruler}'s`);
  }
  return fail('no independent check for this code');
}
