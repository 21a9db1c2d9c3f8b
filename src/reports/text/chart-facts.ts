/**
 * Small facts the synthesis chapters combine: a house's cusp sign and its ruler, where that ruler
 * stands, the planets in a house, the tightest major aspect between two points. Each chapter
 * then writes one reading from several of them instead of listing them.
 */
import { normalizeDegrees, SIGNS, signIndexOf, signOf, type Sign } from '../../astro/zodiac.ts';
import type { KeyedAspect } from '../../interpretations/chart-factors/aspects.ts';
import { MODERN_RULER } from '../../interpretations/chart-factors/rulers.ts';
import { TEN_PLANET_IDS } from '../../interpretations/keys.ts';
import type { ReportContext } from './context.ts';
import { degreesMinutes, ordinal, withArticle } from './report-markdown.ts';

/** A sign's name by its id ("libra" → "Libra"). */
export function nameOfSign(id: string): string {
  return SIGNS.find((s) => s.id === id)!.name;
}
export function cuspOf(ctx: ReportContext, house: number): Sign | undefined {
  const cusp = ctx.chart.houses?.find((h) => h.house === house);
  return cusp ? signOf(cusp.abs_pos) : undefined;
}

/** The planet ruling a house's cusp sign (modern rulers). */
export function houseRuler(ctx: ReportContext, house: number): string | undefined {
  const sign = cuspOf(ctx, house);
  return sign ? MODERN_RULER[sign.id] : undefined;
}

export function planetsInHouse(ctx: ReportContext, house: number): string[] {
  return TEN_PLANET_IDS.filter((id) => ctx.factors.points.get(id)?.house === house);
}

export function signOfPoint(ctx: ReportContext, id: string): Sign | undefined {
  const p = ctx.factors.points.get(id);
  return p ? signOf(p.lon) : undefined;
}

/** The major aspect between two points, if the chart has one. */
export function aspectBetween(ctx: ReportContext, a: string, b: string): KeyedAspect | undefined {
  return ctx.factors.aspects.find((x) => (x.p1 === a && x.p2 === b) || (x.p1 === b && x.p2 === a));
}

/** Signs wholly inside a house (no cusp falls in them): intercepted signs, with the house holding each. */
export function interceptedSigns(ctx: ReportContext): { sign: Sign; house: number }[] {
  const houses = ctx.chart.houses;
  if (!houses || houses.length !== 12) return [];
  const cuspSigns = new Set(houses.map((h) => signOf(h.abs_pos).id));
  const out: { sign: Sign; house: number }[] = [];
  for (let i = 0; i < 12; i++) {
    const sign = signOf(i * 30 + 15);
    if (cuspSigns.has(sign.id)) continue;
    // The house whose span contains the sign's middle.
    const mid = i * 30 + 15;
    const house = houses.find((h, k) => {
      const next = houses[(k + 1) % 12]!.abs_pos;
      const span = (next - h.abs_pos + 360) % 360;
      return (mid - h.abs_pos + 360) % 360 < span;
    });
    if (house) out.push({ sign, house: house.house });
  }
  return out;
}

/** The obliquity of the ecliptic, degrees: its slow change (0.013° a century) moves no statement made of it here. */
const OBLIQUITY = 23.44;

/**
 * Whether the Midheaven stood below the horizon: possible only inside the polar circles, where the ecliptic's highest
 * point can lie below the horizon, and the houses from the Descendant to the Ascendant are then not the sky above
 * you. From the sidereal angle (ARMC): the MC's declination is atan(tan ε · sin ARMC), its altitude 90° − |φ − δ|.
 */
export function midheavenBelowHorizon(ctx: ReportContext): boolean {
  const armc = ctx.chart.angles?.armc;
  if (armc === undefined) return false;
  const rad = Math.PI / 180;
  const declination = Math.atan(Math.tan(OBLIQUITY * rad) * Math.sin(armc * rad)) / rad;
  return 90 - Math.abs(ctx.chart.subject.location.lat - declination) < 0;
}

/** A planet nearer than this (degrees) to either cusp of its house has its house flagged as resting on the birth time. */
export const CUSP_MARGIN_DEG = 2;
/** Beyond this many minutes of birth time the house does not rest on the birth time: a slow cusp (Porphyry's inside the polar circles) can take hours to cross 2°. */
export const CUSP_MARGIN_MINUTES = 20;

/**
 * "a birth about 20 minutes later would give a Gemini Ascendant": the nearest birth time within 20 minutes that puts the
 * Ascendant or the Midheaven in another sign, for the angle's fact line; undefined when none does (a reader met a rising
 * sign and a chart ruler that a polar Ascendant changed within twenty minutes, stated without a word of it).
 */
export function angleSignMargin(ctx: ReportContext, angle: 'asc' | 'mc'): string | undefined {
  const margin = ctx.sky.angleSignMargins?.[angle];
  if (!margin) return undefined;
  const n = Math.abs(margin.minutes);
  const when = `a birth about ${n === 1 ? 'a minute' : `${n} minutes`} ${margin.minutes > 0 ? 'later' : 'earlier'}`;
  return angle === 'asc'
    ? `${when} would give ${withArticle(nameOfSign(margin.sign))} Ascendant`
    : `${when} would put the Midheaven in ${nameOfSign(margin.sign)}`;
}

/**
 * "a birth about 26 minutes earlier", "a birth less than a minute later": a shift of birth time, in minutes (under a
 * minute said so: a Kiruna reader's Moon, 2′ inside its house, was "a birth about a minute" from the next at 12 seconds).
 */
function birthShifted(minutes: number, way: 'earlier' | 'later'): string {
  if (minutes < 0.75) return `a birth less than a minute ${way}`;
  const n = Math.round(minutes);
  return `a birth about ${n === 1 ? 'a minute' : `${n} minutes`} ${way}`;
}

/** Within this many minutes of birth time, a point's change of sign is flagged: birth times are often rounded to the half hour. */
export const SIGN_MARGIN_MINUTES = 30;

/**
 * Timed: "a birth about 26 minutes earlier would put it in Gemini" where a birth within SIGN_MARGIN_MINUTES would take the
 * point into another sign by its own motion; undefined otherwise. A Kiruna reader's Sun at 0°01′ Cancer, 26 minutes after
 * its ingress, was read as a Cancer Sun without a word of it, while the angles and the cusps had theirs.
 */
export function signMargin(ctx: ReportContext, id: string): string | undefined {
  const p = ctx.factors.points.get(id);
  if (!ctx.timed || !p || !p.speed) return undefined;
  const perMinute = Math.abs(p.speed) / 1440;
  const into = p.lon - 30 * Math.floor(p.lon / 30);
  const [back, ahead] = [into / perMinute, (30 - into) / perMinute];
  const sign = signIndexOf(p.lon);
  const [minutes, toSign] = back <= ahead ? [back, sign + 11] : [ahead, sign + 1];
  if (minutes > SIGN_MARGIN_MINUTES) return undefined;
  // Moving forward, an earlier birth finds it further back; retrograde, a later one does.
  const way = back <= ahead === p.speed > 0 ? 'earlier' : 'later';
  return `${birthShifted(minutes, way)} would put it in ${SIGNS[toSign % 12]!.name}`;
}

/**
 * Whether a planet's house rests on a few minutes of the birth time: within CUSP_MARGIN_DEG before
 * the next house's cusp or after its own house's cusp. Cusps usually advance through the zodiac as
 * the hours pass, so an earlier birth puts the planet in the next house and a later one in the house
 * before; where the cusp runs backwards (inside the polar circles, for hours at a time: the report's
 * sky says so), the other way round. A reader found a full reading, a stellium and a ruler's place
 * built on Mars 1°42′ short of the 2nd cusp, with no word of it. Undefined when the margin is wider,
 * or without houses.
 */
export function cuspMargin(ctx: ReportContext, id: string): string | undefined {
  const p = ctx.factors.points.get(id);
  const houses = ctx.chart.houses;
  if (!p || p.house === undefined || !houses || houses.length !== 12) return undefined;
  const cuspLon = (house: number) => houses.find((h) => h.house === house)!.abs_pos;
  const next = (p.house % 12) + 1;
  const previous = ((p.house + 10) % 12) + 1;
  const ahead = (((cuspLon(next) - p.lon) % 360) + 360) % 360;
  const past = (((p.lon - cuspLon(p.house)) % 360) + 360) % 360;
  // The birth time that would move the cusp onto the planet, from the cusp's own motion at this birth: a cusp running
  // backwards reaches the planet with a later birth, not an earlier one, and a slow one may need hours (no flag then).
  const shift = (house: number, arc: number, usual: 'earlier' | 'later') => {
    const speed = ctx.sky.cuspMotion?.[house - 1];
    if (speed === undefined) return `a slightly ${usual} birth time`;
    // A cusp that stands still (whole-sign houses, on a sign's border) moves for no minute of birth time.
    if (speed === 0) return undefined;
    const exact = arc / Math.abs(speed);
    if (exact > CUSP_MARGIN_MINUTES) return undefined;
    return birthShifted(exact, speed > 0 ? usual : usual === 'earlier' ? 'later' : 'earlier');
  };
  if (ahead < CUSP_MARGIN_DEG && ahead <= past) {
    const birth = shift(next, ahead, 'earlier');
    return birth && `${degreesMinutes(ahead)} short of the ${ordinal(next)} house's cusp: ${birth} would place it in the ${ordinal(next)}`;
  }
  if (past < CUSP_MARGIN_DEG) {
    const birth = shift(p.house, past, 'later');
    return birth && `${degreesMinutes(past)} past the ${ordinal(p.house)} house's cusp: ${birth} would place it in the ${ordinal(previous)}`;
  }
  return undefined;
}

/** The houses' widths in degrees, 1st to 12th, from the chart's cusps (undefined without twelve cusps). */
export function houseWidths(ctx: ReportContext): number[] | undefined {
  const cusps = [...(ctx.chart.houses ?? [])].sort((a, b) => a.house - b.house).map((h) => h.abs_pos);
  return cusps.length === 12 ? cusps.map((c, i) => normalizeDegrees(cusps[(i + 1) % 12]! - c)) : undefined;
}

/**
 * Over this width a fallback house (Porphyry's inside the polar circles gave one of 53°) is a stretch of sky, not a
 * twelfth of it: planets in it are not a gathering, and it makes no stellium.
 */
export const WIDE_HOUSE_DEG = 45;
