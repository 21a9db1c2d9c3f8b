/**
 * The chart's hard aspect figures (T-squares and grand crosses) read for what they join, not only
 * for their modality. The library's entry says what a cardinal or fixed T-square is like in
 * anyone's chart; this passage says which parts of this person pull against each other, where the
 * strain comes out and where it may settle, so that "The Central Tension" names the tension.
 *
 * The rules, as docs/api/reports.md gives them: in a T-square the two ends of the opposition pull
 * against each other and the apex, square to both, is where their strain is discharged; the
 * point opposite the apex (the empty leg) is where the figure may find its balance, read by its
 * sign and, with a known birth time, its house. A grand cross is two oppositions, each planet
 * square the two of the other: no outlet, so the strain circles among four parts of life.
 */
import { houseOf } from '../../astro/house-placement.ts';
import { degreeInSign, normalizeDegrees, signedSeparation, signOf } from '../../astro/zodiac.ts';
import type { Configuration } from '../../interpretations/chart-factors/configurations.ts';
import type { ReportContext } from '../text/context.ts';
import { POINT_PART, SIGN_STYLE, pointInSentence, pointsInSentence, sideFunctions } from '../text/phrases.ts';
import { countWord, joinAnd, ordinal } from '../text/report-markdown.ts';

/** T-squares read as one figure: every planet of one end opposes every planet of the other, and all square every apex. */
export interface TSquareGroup {
  ends: [string[], string[]];
  apexes: string[];
  maxOrb: number;
}

/**
 * Two planets conjunct each other at one corner make two T-squares of one shape (Moon and Saturn
 * both opposite Mars and square Jupiter); listed one by one, the figure seemed to be named twice.
 * T-squares are merged while the merged figure stays exact: every planet at one end of the
 * opposition with every planet at the other and every apex is a T-square the chart has.
 */
export function groupTSquares(list: Configuration[]): TSquareGroup[] {
  const found = new Set(list.map((c) => [[...c.planets.slice(0, 2)].sort().join('+'), c.planets[2]].join('>')));
  const exact = (x: string[], y: string[], apexes: string[]) =>
    x.every((a) => y.every((b) => apexes.every((z) => found.has([[a, b].sort().join('+'), z].join('>')))));
  const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
  const groups: TSquareGroup[] = list.map((c) => ({ ends: [[c.planets[0]!], [c.planets[1]!]], apexes: [c.planets[2]!], maxOrb: c.maxOrb }));
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < groups.length && !merged; i++)
      for (let j = i + 1; j < groups.length && !merged; j++) {
        const [g, h] = [groups[i]!, groups[j]!];
        const apexes = union(g.apexes, h.apexes);
        for (const [x, y] of [
          [union(g.ends[0], h.ends[0]), union(g.ends[1], h.ends[1])],
          [union(g.ends[0], h.ends[1]), union(g.ends[1], h.ends[0])],
        ] as const) {
          if (merged || !exact(x, y, apexes)) continue;
          groups[i] = { ends: [x, y], apexes, maxOrb: Math.max(g.maxOrb, h.maxOrb) };
          groups.splice(j, 1);
          merged = true;
        }
      }
  }
  return groups;
}

/** The chart's hard figure that "The Central Tension" names: a grand cross first, else the T-square with the tightest orb. */
export type HardFigure = { kind: 'grand_cross'; cross: Configuration } | { kind: 't_square'; group: TSquareGroup };

export function centralHardFigure(ctx: ReportContext): HardFigure | undefined {
  const sure = ctx.figures.sure;
  const cross = sure.filter((c) => c.kind === 'grand_cross').sort((a, b) => a.maxOrb - b.maxOrb)[0];
  if (cross) return { kind: 'grand_cross', cross };
  const group = groupTSquares(sure.filter((c) => c.kind === 't_square')).sort((a, b) => a.maxOrb - b.maxOrb)[0];
  return group && { kind: 't_square', group };
}

/** The figure's planets and how they stand, as the chapter's opening names it ("the T-square of …"). */
export function hardFigureInSentence(figure: HardFigure): string {
  if (figure.kind === 'grand_cross') return `the grand cross of ${pointsInSentence(figure.cross.planets)}`;
  const { ends, apexes } = figure.group;
  return `the T-square in which ${pointsInSentence(ends[0])} ${ends[0].length > 1 ? 'oppose' : 'opposes'} ${pointsInSentence(ends[1])}, and ${pointsInSentence(apexes)} ${apexes.length > 1 ? 'square' : 'squares'} both ends`;
}

/** The aspects a hard figure is made of, as the synthesis tells a strand of the figure from a tension apart from it. */
export function hardFigureAspects(ctx: ReportContext, figure: HardFigure): { p1: string; type: string; p2: string }[] {
  const out: { p1: string; type: string; p2: string }[] = [];
  const ids = figure.kind === 'grand_cross' ? figure.cross.planets : [...figure.group.ends.flat(), ...figure.group.apexes];
  for (const a of ctx.factors.aspects) if (ids.includes(a.p1) && ids.includes(a.p2) && (a.type === 'square' || a.type === 'opposition')) out.push(a);
  return out;
}

const verb = (ids: string[], one: string, many: string) => (ids.length > 1 ? many : one);

/** Points with their houses, for a timed chart: "Mercury in your 1st house", "the Moon and Saturn, both in your 11th house". */
function placed(ctx: ReportContext, ids: string[]): string {
  const houses = ids.map((id) => ctx.houseOf(id));
  if (!ctx.timed || houses.some((h) => h === undefined)) return pointsInSentence(ids);
  if (ids.length === 1) return `${pointInSentence(ids[0]!)} in your ${ordinal(houses[0]!)} house`;
  if (new Set(houses).size === 1) return `${pointsInSentence(ids)}, ${ids.length === 2 ? 'both' : 'all'} in your ${ordinal(houses[0]!)} house`;
  return `${joinAnd(ids.map((id, i) => `${pointInSentence(id)} in your ${ordinal(houses[i]!)}`))} house`;
}

/** The circular mean of some longitudes (the apexes of one T-square lie within a few degrees). */
function meanLongitude(lons: number[]): number {
  const base = lons[0]!;
  return normalizeDegrees(base + lons.reduce((sum, l) => sum + signedSeparation(base, l), 0) / lons.length);
}

/** The empty leg: the point opposite the apex, its sign and (timed) house. */
function emptyLeg(ctx: ReportContext, apexes: string[]): { text: string; sign: string; signName: string; house: number | undefined } {
  const lon = normalizeDegrees(meanLongitude(apexes.map((id) => ctx.factors.points.get(id)!.lon)) + 180);
  const sign = signOf(lon);
  const cusps = ctx.chart.houses?.map((h) => h.abs_pos);
  const house = ctx.timed && cusps?.length === 12 ? houseOf(lon, cusps) : undefined;
  return {
    text: `${Math.floor(degreeInSign(lon))}° ${sign.name}${house ? ` in your ${ordinal(house)} house` : ''}`,
    sign: sign.id,
    signName: sign.name,
    house,
  };
}

function tSquareReading(ctx: ReportContext, g: TSquareGroup): string {
  const [x, y] = g.ends;
  const z = g.apexes;
  const zPart = z.length === 1 ? POINT_PART[z[0]!]! : `what ${pointsInSentence(z)} stand for`;
  const opening = ctx.choose(
    [
      `Read for the planets in it, the figure sets ${sideFunctions(x)} (${placed(ctx, x)}) against ${sideFunctions(y)} (${placed(ctx, y)}), while ${placed(ctx, z)}, ${sideFunctions(z)}, ${verb(z, 'stands', 'stand')} square to both. The apex is the figure's outlet: when the two ends cannot settle their argument, the pressure tends to come out through ${zPart}, which is why that part of you is the busiest and the most pressed.`,
      `In your chart the opposition runs from ${placed(ctx, x)} on one side to ${placed(ctx, y)} on the other, ${sideFunctions(x)} against ${sideFunctions(y)}, and ${placed(ctx, z)} ${verb(z, 'takes', 'take')} the strain of both from the apex. What the two ends leave unsettled is usually acted out through ${zPart}: that is where the pull between the others shows, sometimes more forcefully than the moment needs.`,
    ],
    'hard-figure-t-square',
  );
  // Untimed, a Moon at the apex moves some 13° through the birth day: its empty corner has no one degree to give.
  if (!ctx.timed && z.includes('moon')) return opening;
  const leg = emptyLeg(ctx, z);
  const house = leg.house ? `; in the ${ordinal(leg.house)} house, ${ctx.houseDomain(leg.house)}` : '';
  const balance = `Opposite the apex, at ${leg.text}, the figure has an empty corner. By the long-standing rule for T-squares, the strain eases as you develop what that corner stands for: in ${leg.signName}, ${SIGN_STYLE[leg.sign]}${house}.`;
  return `${opening} ${balance}`;
}

/** One opposition of a grand cross: "the Sun in your 11th house opposite Neptune in your 5th" (timed). */
function opposition(ctx: ReportContext, [a, b]: string[]): string {
  const [ha, hb] = [ctx.houseOf(a!), ctx.houseOf(b!)];
  if (!ctx.timed || ha === undefined || hb === undefined) return `${pointInSentence(a!)} opposite ${pointInSentence(b!)}`;
  return `${pointInSentence(a!)} in your ${ordinal(ha)} house opposite ${pointInSentence(b!)} in your ${ordinal(hb)}`;
}

function grandCrossReading(ctx: ReportContext, c: Configuration): string {
  // Its two oppositions, from the planets' places: each planet opposes the one about 180° away.
  const [a, ...rest] = c.planets;
  const lonOf = (id: string) => ctx.factors.points.get(id)!.lon;
  const partner = rest.reduce((best, id) =>
    Math.abs(signedSeparation(lonOf(a!), lonOf(id))) > Math.abs(signedSeparation(lonOf(a!), lonOf(best))) ? id : best,
  );
  const first = [a!, partner];
  const second = rest.filter((id) => id !== partner);
  return ctx.choose(
    [
      `Read for the planets in it, the cross holds two arguments at once: ${sideFunctions([first[0]!])} against ${sideFunctions([first[1]!])} (${placed(ctx, first)}), and ${sideFunctions([second[0]!])} against ${sideFunctions([second[1]!])} (${placed(ctx, second)}), each of the ${countWord(4)} square to the two of the other pair. No corner is left empty for the strain to leave by, so it circles: easing one pull tightens another. What steadies such a figure is rarely a single choice; it is the habit of giving each of the four its turn, so that none has to fight for it.`,
      `The cross is made of two oppositions, ${opposition(ctx, first)}, and ${opposition(ctx, second)}; each planet squares the two of the other pair: ${sideFunctions(first)} pull against each other while ${sideFunctions(second)} do the same across them. With no empty corner the pressure has nowhere obvious to go, which gives great staying power and a tendency to feel stretched four ways; a rhythm that serves each part in turn works better than trying to settle them all at once.`,
    ],
    'hard-figure-grand-cross',
  );
}

/** The reading of a hard figure's planets, printed after its library entry. */
export function hardFigureReading(ctx: ReportContext, figure: HardFigure): string {
  return figure.kind === 'grand_cross' ? grandCrossReading(ctx, figure.cross) : tSquareReading(ctx, figure.group);
}
