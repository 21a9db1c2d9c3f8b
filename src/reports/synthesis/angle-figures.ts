/**
 * The hard figures an angle completes, for a timed chart. The chart's figures are looked for among
 * the ten planets (configurations.ts); an angle is no planet, yet a reader who sees the Moon on the
 * Descendant squared by Saturn sees a T-square whose third corner is the horizon. Two shapes are
 * read, with the figures' own orbs (an opposition within 7°, a square within 6°):
 *
 * - **A planet on an angle, squared**: a planet within ON_ANGLE_DEG of an angle, and another planet
 *   square it. The angular planet and the end of the axis opposite it are the figure's opposition,
 *   the square planet its apex: it presses on the angular planet and on the axis at once. The empty
 *   corner, opposite the apex, is read by the T-squares' rule (hard-figures.ts).
 * - **An opposition across an axis**: two planets in opposition, each square both ends of one axis
 *   (the horizon, Ascendant–Descendant, or the meridian, Midheaven–IC). The axis stands where a
 *   T-square's apex and its empty corner stand, so the opposition's strain is worked out in the two
 *   areas of life the axis joins.
 *
 * A figure the planets already make among themselves is not read again here (a planet squared by
 * both ends of an opposition is the planets' T-square, whatever angle it stands on).
 */
import { houseOf } from '../../astro/house-placement.ts';
import { degreeInSign, normalizeDegrees, signedSeparation, signOf } from '../../astro/zodiac.ts';
import { TEN_PLANET_IDS } from '../../interpretations/keys.ts';
import type { ReportContext } from '../text/context.ts';
import { POINT_FUNCTION, POINT_PART, SIGN_STYLE, pointInSentence } from '../text/phrases.ts';
import { capitalize, degreesMinutes, ordinal } from '../text/report-markdown.ts';

/** A planet this close to an angle stands on it (the report's ranking of themes uses the same distance). */
export const ON_ANGLE_DEG = 5;
const OPPOSITION_ORB = 7;
const SQUARE_ORB = 6;

export type AngleId = 'asc' | 'dsc' | 'mc' | 'ic';
type Axis = 'horizon' | 'meridian';

export type AngleFigure =
  | { kind: 'on_angle'; planet: string; angle: AngleId; distance: number; apex: string; squareOrb: number }
  | { kind: 'across_axis'; ends: [string, string]; axis: Axis; oppositionOrb: number; squareOrbs: [number, number] };

const ANGLE_NAMES: Record<AngleId, string> = { asc: 'Ascendant', dsc: 'Descendant', mc: 'Midheaven', ic: 'IC' };
/** What each end of an axis stands for in a life. */
const ANGLE_FIELD: Record<AngleId, string> = {
  asc: 'the way you meet people and begin things',
  dsc: 'your partnerships and the people you pair with',
  mc: 'your public direction and standing',
  ic: 'your home, your roots and your private life',
};
const AXIS_WORDS: Record<Axis, { name: string; ends: [AngleId, AngleId] }> = {
  horizon: { name: 'the horizon of your chart, the axis from the Ascendant to the Descendant', ends: ['asc', 'dsc'] },
  meridian: { name: 'the meridian of your chart, the axis from the Midheaven to the IC', ends: ['mc', 'ic'] },
};

const distanceFrom = (a: number, b: number, angle: number) => Math.abs(Math.abs(signedSeparation(a, b)) - angle);

/** The angles' longitudes of a timed chart. */
function angleLongitudes(ctx: ReportContext): Record<AngleId, number> | undefined {
  const angles = ctx.chart.angles;
  if (!ctx.timed || !angles) return undefined;
  return { asc: angles.asc, dsc: normalizeDegrees(angles.asc + 180), mc: angles.mc, ic: normalizeDegrees(angles.mc + 180) };
}

/** The figures an angle completes in this chart, tightest first; none for an untimed chart. */
export function angleFigures(ctx: ReportContext): AngleFigure[] {
  const angles = angleLongitudes(ctx);
  if (!angles) return [];
  const lon = new Map(TEN_PLANET_IDS.map((id) => [id as string, ctx.factors.points.get(id)?.lon]).filter((e): e is [string, number] => e[1] !== undefined));
  const planets = [...lon.keys()];
  // The planets' own T-squares: an apex squared by both ends of an opposition (the figure is theirs, not an angle's).
  const opposed = (a: string, b: string) => distanceFrom(lon.get(a)!, lon.get(b)!, 180) <= OPPOSITION_ORB;
  const squared = (a: string, b: string) => distanceFrom(lon.get(a)!, lon.get(b)!, 90) <= SQUARE_ORB;
  const inPlanetTSquare = (x: string, apex: string) => planets.some((y) => y !== x && y !== apex && opposed(x, y) && squared(apex, y));
  const found: (AngleFigure & { weight: number })[] = [];
  for (const planet of planets) {
    const at = (Object.keys(angles) as AngleId[])
      .map((angle) => ({ angle, distance: Math.abs(signedSeparation(lon.get(planet)!, angles[angle])) }))
      .find((x) => x.distance <= ON_ANGLE_DEG);
    if (!at) continue;
    for (const apex of planets) {
      if (apex === planet || !squared(apex, planet) || inPlanetTSquare(planet, apex)) continue;
      const squareOrb = distanceFrom(lon.get(apex)!, lon.get(planet)!, 90);
      found.push({ kind: 'on_angle', planet, angle: at.angle, distance: at.distance, apex, squareOrb, weight: at.distance + squareOrb });
    }
  }
  for (const [i, a] of planets.entries())
    for (const b of planets.slice(i + 1)) {
      if (!opposed(a, b)) continue;
      for (const axis of ['horizon', 'meridian'] as const) {
        const end = angles[AXIS_WORDS[axis].ends[0]];
        const orbs: [number, number] = [distanceFrom(lon.get(a)!, end, 90), distanceFrom(lon.get(b)!, end, 90)];
        if (orbs.some((o) => o > SQUARE_ORB)) continue;
        const oppositionOrb = distanceFrom(lon.get(a)!, lon.get(b)!, 180);
        found.push({ kind: 'across_axis', ends: [a, b], axis, oppositionOrb, squareOrbs: orbs, weight: oppositionOrb + Math.max(...orbs) });
      }
    }
  // Two planets each on an angle and square each other make the figure twice, each the other's apex: the tighter is kept.
  const pair = (f: AngleFigure) => (f.kind === 'on_angle' ? [f.planet, f.apex] : f.ends).slice().sort().join('+');
  const seen = new Set<string>();
  return found
    .sort((x, y) => x.weight - y.weight)
    .filter((f) => !seen.has(pair(f)) && seen.add(pair(f)))
    .map(({ weight: _, ...f }) => f);
}

/** The point opposite `lon`: its degree, sign and house. */
function oppositePoint(ctx: ReportContext, lon: number): { text: string; sign: string; signName: string; house: number | undefined } {
  const opposite = normalizeDegrees(lon + 180);
  const sign = signOf(opposite);
  const cusps = ctx.chart.houses?.map((h) => h.abs_pos);
  const house = cusps?.length === 12 ? houseOf(opposite, cusps) : undefined;
  return {
    text: `${Math.floor(degreeInSign(opposite))}° ${sign.name}${house ? ` in your ${ordinal(house)} house` : ''}`,
    sign: sign.id,
    signName: sign.name,
    house,
  };
}

/** A figure an angle completes, read as one passage. */
export function angleFigureReading(ctx: ReportContext, f: AngleFigure): string {
  if (f.kind === 'on_angle') {
    const opposite: AngleId = ({ asc: 'dsc', dsc: 'asc', mc: 'ic', ic: 'mc' } as const)[f.angle];
    const apexHouse = ctx.houseOf(f.apex);
    const apex = `${pointInSentence(f.apex)}${apexHouse === undefined ? '' : ` in your ${ordinal(apexHouse)} house`}`;
    const leg = oppositePoint(ctx, ctx.factors.points.get(f.apex)!.lon);
    const house = leg.house ? `; in the ${ordinal(leg.house)} house, ${ctx.houseDomain(leg.house)}` : '';
    return (
      `${capitalize(pointInSentence(f.planet))} stands ${degreesMinutes(f.distance)} from your ${ANGLE_NAMES[f.angle]}, and ${apex} squares it (orb ${degreesMinutes(f.squareOrb)}). ` +
      `With the angle this makes a T-square the planets alone do not show: ${pointInSentence(f.planet)} and the ${ANGLE_NAMES[opposite]} across from it are its opposition, ${pointInSentence(f.apex)} its apex. ` +
      `${capitalize(POINT_PART[f.apex]!)} presses both on ${POINT_PART[f.planet]} and on the axis it stands on, so the strain shows in ${ANGLE_FIELD[f.angle]} and in ${ANGLE_FIELD[opposite]}. ` +
      `By the rule for T-squares, it eases as you develop the empty corner opposite the apex, at ${leg.text}: in ${leg.signName}, ${SIGN_STYLE[leg.sign]}${house}.`
    );
  }
  const [a, b] = f.ends;
  const axis = AXIS_WORDS[f.axis];
  const where = (id: string) => {
    const h = ctx.houseOf(id);
    return `${pointInSentence(id)}${h === undefined ? '' : ` in your ${ordinal(h)} house`}`;
  };
  return (
    `${capitalize(where(a))} opposes ${where(b)} (orb ${degreesMinutes(f.oppositionOrb)}), and both square ${axis.name} (within ${degreesMinutes(f.squareOrbs[0])} and ${degreesMinutes(f.squareOrbs[1])}). ` +
    `The opposition lies across the axis, which stands where a T-square's apex and its empty corner would: the pull between your ${POINT_FUNCTION[a]} and your ${POINT_FUNCTION[b]} is worked out between ${ANGLE_FIELD[axis.ends[0]]} ` +
    `and ${ANGLE_FIELD[axis.ends[1]]}, and a choice made at one end of the axis tends to be felt at the other.`
  );
}
