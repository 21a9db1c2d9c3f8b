/**
 * The hard figures an angle completes, for a timed chart. The chart's figures are looked for among
 * the ten planets (configurations.ts); an angle is no planet, yet a reader who sees the Moon on the
 * Descendant squared by Saturn sees a T-square whose third corner is the horizon. Two shapes are
 * read, with the figures' own orbs (an opposition within 7°, a square within 6°):
 *
 * - **A planet on an angle, squared**: a planet within ON_ANGLE_DEG of an angle, and another planet
 *   square both it and the angle. The angular planet and the end of the axis opposite it are the figure's opposition,
 *   the square planet its apex: it presses on the angular planet and on the axis at once. The empty
 *   corner, opposite the apex, is read by the T-squares' rule (hard-figures.ts).
 * - **An opposition across an axis**: two planets in opposition, each square both ends of one axis
 *   (the horizon, Ascendant–Descendant, or the meridian, Midheaven–IC). The axis stands where a
 *   T-square's apex and its empty corner stand, so the opposition's strain is worked out in the two
 *   areas of life the axis joins.
 *
 * A figure the planets already make among themselves is not read again here (a planet squared by
 * both ends of an opposition is the planets' T-square, whatever angle it stands on), and an apex with
 * a planet opposite it makes no T-square with an empty corner: that figure is a cross, read as an
 * opposition across the axis (with the planets on the axis named) when both ends square it.
 */
import { houseOf } from '../../astro/house-placement.ts';
import { degreeInSign, normalizeDegrees, signedSeparation, signOf } from '../../astro/zodiac.ts';
import { TEN_PLANET_IDS } from '../../interpretations/keys.ts';
import type { ReportContext } from '../text/context.ts';
import { POINT_FUNCTION, POINT_PART, SIGN_STYLE, pointInSentence, pointsInSentence } from '../text/phrases.ts';
import { capitalize, degreesMinutes, joinAnd, ordinal } from '../text/report-markdown.ts';
import { figureOutOfSignNote, pointEnd, type AspectEnd } from '../text/out-of-sign.ts';
import { FIGURE_ORBS } from '../../interpretations/chart-factors/configurations.ts';

/** A planet this close to an angle stands on it (the ranking of themes counts it angular by the same distance). */
export const ON_ANGLE_DEG = 5;
const OPPOSITION_ORB = FIGURE_ORBS.opposition;
const SQUARE_ORB = FIGURE_ORBS.square;

export type AngleId = 'asc' | 'dsc' | 'mc' | 'ic';
/** A planet on the angle: its distance from it and its square's orb to the apex. */
export interface OnAngle {
  id: string;
  distance: number;
  squareOrb: number;
}
type Axis = 'horizon' | 'meridian';

export type AngleFigure =
  | { kind: 'on_angle'; planets: OnAngle[]; angle: AngleId; apex: string }
  | {
      kind: 'across_axis';
      ends: [string, string];
      axis: Axis;
      oppositionOrb: number;
      squareOrbs: [number, number];
      onAxis: { id: string; angle: AngleId; distance: number }[];
    };

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
export function angleLongitudes(ctx: ReportContext): Record<AngleId, number> | undefined {
  const angles = ctx.chart.angles;
  if (!ctx.timed || !angles) return undefined;
  return { asc: angles.asc, dsc: normalizeDegrees(angles.asc + 180), mc: angles.mc, ic: normalizeDegrees(angles.mc + 180) };
}

/** Each report's figures, found once: the chapter intro, the chart's shape and the theme state all ask. */
const found = new WeakMap<ReportContext, readonly AngleFigure[]>();

/** The figures an angle completes in this chart, tightest first; none for an untimed chart. */
export function angleFigures(ctx: ReportContext): readonly AngleFigure[] {
  let figures = found.get(ctx);
  if (!figures) found.set(ctx, (figures = findAngleFigures(ctx)));
  return figures;
}

function findAngleFigures(ctx: ReportContext): AngleFigure[] {
  const angles = angleLongitudes(ctx);
  if (!angles) return [];
  const lon = new Map(TEN_PLANET_IDS.map((id) => [id as string, ctx.factors.points.get(id)?.lon]).filter((e): e is [string, number] => e[1] !== undefined));
  const planets = [...lon.keys()];
  // The planets' own T-squares: an apex squared by both ends of an opposition (the figure is theirs, not an angle's).
  const opposed = (a: string, b: string) => distanceFrom(lon.get(a)!, lon.get(b)!, 180) <= OPPOSITION_ORB;
  const squared = (a: string, b: string) => distanceFrom(lon.get(a)!, lon.get(b)!, 90) <= SQUARE_ORB;
  const inPlanetTSquare = (x: string, apex: string) => planets.some((y) => y !== x && y !== apex && opposed(x, y) && squared(apex, y));
  // A planet opposite the apex fills the T-square's empty corner: the figure is then a cross, read as an opposition across
  // the axis when both square it, and not as a T-square with an empty corner.
  const cornerHeld = (apex: string) => planets.some((y) => y !== apex && opposed(apex, y));
  const found: (AngleFigure & { weight: number })[] = [];
  // Planets on one angle squared by one apex are one figure (Venus and Mars both on the Ascendant, Jupiter square both).
  const onAngle = new Map<string, AngleFigure & { kind: 'on_angle'; weight: number }>();
  for (const planet of planets) {
    const at = (Object.keys(angles) as AngleId[])
      .map((angle) => ({ angle, distance: Math.abs(signedSeparation(lon.get(planet)!, angles[angle])) }))
      .find((x) => x.distance <= ON_ANGLE_DEG);
    if (!at) continue;
    for (const apex of planets) {
      if (apex === planet || !squared(apex, planet) || inPlanetTSquare(planet, apex) || cornerHeld(apex)) continue;
      // The apex presses on the axis too, so it squares the angle within the figures' orb as well: Neptune 4°51′ from the
      // Midheaven and Jupiter 3°14′ from its square make no T-square with the meridian when Jupiter is 8° from squaring it.
      if (distanceFrom(lon.get(apex)!, angles[at.angle], 90) > SQUARE_ORB) continue;
      const squareOrb = distanceFrom(lon.get(apex)!, lon.get(planet)!, 90);
      const key = `${at.angle}>${apex}`;
      const figure = onAngle.get(key) ?? { kind: 'on_angle' as const, planets: [], angle: at.angle, apex, weight: Infinity };
      figure.planets.push({ id: planet, distance: at.distance, squareOrb });
      figure.weight = Math.min(figure.weight, at.distance + squareOrb);
      onAngle.set(key, figure);
    }
  }
  for (const figure of onAngle.values()) {
    figure.planets.sort((a, b) => a.distance - b.distance);
    found.push(figure);
  }
  for (const [i, a] of planets.entries())
    for (const b of planets.slice(i + 1)) {
      if (!opposed(a, b)) continue;
      for (const axis of ['horizon', 'meridian'] as const) {
        const end = angles[AXIS_WORDS[axis].ends[0]];
        const orbs: [number, number] = [distanceFrom(lon.get(a)!, end, 90), distanceFrom(lon.get(b)!, end, 90)];
        if (orbs.some((o) => o > SQUARE_ORB)) continue;
        const oppositionOrb = distanceFrom(lon.get(a)!, lon.get(b)!, 180);
        // A planet on either end of the axis makes the figure a cross: it is named with it.
        const onAxis = planets.flatMap((id) =>
          AXIS_WORDS[axis].ends
            .map((angle) => ({ id, angle, distance: Math.abs(signedSeparation(lon.get(id)!, angles[angle])) }))
            .filter((x) => x.distance <= ON_ANGLE_DEG),
        );
        found.push({ kind: 'across_axis', ends: [a, b], axis, oppositionOrb, squareOrbs: orbs, onAxis, weight: oppositionOrb + Math.max(...orbs) });
      }
    }
  // Two planets each on an angle and square each other make the figure twice, each the other's apex: the tighter is kept.
  const pairs = (f: AngleFigure) => (f.kind === 'on_angle' ? f.planets.map((p) => [p.id, f.apex].sort().join('+')) : [[...f.ends].sort().join('+')]);
  const seen = new Set<string>();
  return found
    .sort((x, y) => x.weight - y.weight)
    .filter((f) => {
      const own = pairs(f);
      if (own.some((p) => seen.has(p))) return false;
      for (const p of own) seen.add(p);
      return true;
    })
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

/** The aspects between the figure's planets (its squares to the apex, or its opposition), as the synthesis tells a strand of the chart's centre from a tension apart from it. */
export function angleFigureAspects(f: AngleFigure): { p1: string; type: string; p2: string }[] {
  return f.kind === 'on_angle' ? f.planets.map((p) => ({ p1: p.id, type: 'square', p2: f.apex })) : [{ p1: f.ends[0], type: 'opposition', p2: f.ends[1] }];
}

/** The figure in a phrase, as the central tension's opening names it ("Venus and Mars on your Ascendant, squared by Jupiter"). */
export function angleFigureInSentence(f: AngleFigure): string {
  if (f.kind === 'on_angle')
    return `the T-square of ${pointsInSentence(f.planets.map((p) => p.id))} on your ${ANGLE_NAMES[f.angle]}, squared by ${pointInSentence(f.apex)}`;
  const axis = f.axis === 'horizon' ? 'the horizon of your chart' : 'the meridian of your chart';
  return `the opposition of ${pointsInSentence([...f.ends])} across ${axis}, both square to it${f.onAxis.length ? ` and ${pointsInSentence(f.onAxis.map((x) => x.id))} on it` : ''}`;
}

/**
 * The figure's aspects that cross a sign line (an out-of-sign square: a planet at 0°11′ Leo to a Midheaven in Aries, signs
 * in trine), said with what their signs are (out-of-sign.ts). Empty when every aspect falls sign to sign.
 */
function outOfSignNote(ctx: ReportContext, pairs: readonly [string, string, 'square' | 'opposition'][], angles: Record<AngleId, number>): string {
  const end = (id: string): AspectEnd => (id in angles ? { name: `your ${ANGLE_NAMES[id as AngleId]}`, lon: angles[id as AngleId] } : pointEnd(ctx, id));
  return figureOutOfSignNote(
    ctx,
    pairs.map(([a, b, type]) => [end(a), type, end(b)] as const),
  );
}

/** A figure an angle completes, read as one passage. */
export function angleFigureReading(ctx: ReportContext, f: AngleFigure): string {
  const angles = angleLongitudes(ctx)!;
  if (f.kind === 'on_angle') {
    const opposite: AngleId = ({ asc: 'dsc', dsc: 'asc', mc: 'ic', ic: 'mc' } as const)[f.angle];
    const apexHouse = ctx.houseOf(f.apex);
    const apex = `${pointInSentence(f.apex)}${apexHouse === undefined ? '' : ` in your ${ordinal(apexHouse)} house`}`;
    const leg = oppositePoint(ctx, ctx.factors.points.get(f.apex)!.lon);
    const house = leg.house ? `; in the ${ordinal(leg.house)} house, ${ctx.houseDomain(leg.house)}` : '';
    const ids = f.planets.map((p) => p.id);
    const one = ids.length === 1;
    const stand = one
      ? `${capitalize(pointInSentence(ids[0]!))} stands ${degreesMinutes(f.planets[0]!.distance)} from your ${ANGLE_NAMES[f.angle]}, and ${apex} squares it (orb ${degreesMinutes(f.planets[0]!.squareOrb)}).`
      : `${capitalize(pointsInSentence(ids))} stand ${joinAnd(f.planets.map((p) => degreesMinutes(p.distance)))} from your ${ANGLE_NAMES[f.angle]}, and ${apex} squares ${ids.length === 2 ? 'both' : 'all of them'} (orbs ${joinAnd(f.planets.map((p) => degreesMinutes(p.squareOrb)))}).`;
    const across = one
      ? `${pointInSentence(ids[0]!)} and the ${ANGLE_NAMES[opposite]} across from it are`
      : `${pointsInSentence(ids)} and the ${ANGLE_NAMES[opposite]} across from them are`;
    const pressed = one ? POINT_PART[ids[0]!] : joinAnd(ids.map((id) => POINT_PART[id]!));
    return (
      `${stand} ` +
      `With the angle this makes a T-square the planets alone do not show: ${across} its opposition, ${pointInSentence(f.apex)} its apex. ` +
      // Not "both on A and B and on the axis": with two planets pressed, "both" had three things to hold (a reader met it).
      `${capitalize(POINT_PART[f.apex]!)} presses ${one ? `both on ${pressed} and` : `on ${pressed}, and`} on the axis ${one ? 'it stands' : 'they stand'} on, so the strain shows in ${ANGLE_FIELD[f.angle]} and in ${ANGLE_FIELD[opposite]}. ` +
      `By the rule for T-squares, it eases as you develop the empty corner opposite the apex, at ${leg.text}: in ${leg.signName}, ${SIGN_STYLE[leg.sign]}${house}.` +
      outOfSignNote(
        ctx,
        ids.flatMap((id) => [[f.apex, id, 'square'] as const, [id, opposite, 'opposition'] as const]),
        angles,
      )
    );
  }
  const [a, b] = f.ends;
  const axis = AXIS_WORDS[f.axis];
  const where = (id: string) => {
    const h = ctx.houseOf(id);
    return `${pointInSentence(id)}${h === undefined ? '' : ` in your ${ordinal(h)} house`}`;
  };
  const cross = f.onAxis.length
    ? ` ${capitalize(joinAnd(f.onAxis.map((x) => `${pointInSentence(x.id)} stands ${degreesMinutes(x.distance)} from your ${ANGLE_NAMES[x.angle]}`)))}, so the figure is a full cross, and ${f.onAxis.length === 1 ? 'that planet' : 'those planets'} ${f.onAxis.length === 1 ? 'carries' : 'carry'} the axis's part in it.`
    : '';
  return (
    `${capitalize(where(a))} opposes ${where(b)} (orb ${degreesMinutes(f.oppositionOrb)}), and both square ${axis.name} (within ${degreesMinutes(f.squareOrbs[0])} and ${degreesMinutes(f.squareOrbs[1])}).${cross} ` +
    `The opposition lies across the axis, which stands where a T-square's apex and its empty corner would: the pull between your ${POINT_FUNCTION[a]} and your ${POINT_FUNCTION[b]} is worked out between ${ANGLE_FIELD[axis.ends[0]]} ` +
    `and ${ANGLE_FIELD[axis.ends[1]]}, and a choice made at one end of the axis tends to be felt at the other.` +
    outOfSignNote(
      ctx,
      [
        [a, b, 'opposition'],
        [a, axis.ends[0], 'square'],
        [b, axis.ends[0], 'square'],
      ],
      angles,
    )
  );
}
