/**
 * The chart's central figure, read once. When the weightiest tense or flowing aspect joins two
 * points that each stand in a tight conjunction, the conjunct planets make the same aspect too
 * (the Sun and Mercury together square Jupiter and Saturn together): four aspects that are one
 * figure. Read one by one they say the same thing four times, or contradict each other ("belief
 * runs ahead of checking", then "read the small print"). The figure is found before any chapter is
 * written, its aspects are marked as read, and the central tension prints it as one passage.
 */
import { signedSeparation } from '../../../astro/zodiac.ts';
import { keys } from '../../../interpretations/keys.ts';
import type { KeyedAspect } from '../../../interpretations/chart-factors/aspects.ts';
import type { ReportContext } from '../context.ts';
import { ASPECT_WORDS, POINT_NAMES, pointsInSentence, sideFunctions } from '../phrases.ts';
import { figureOutOfSignNote, pointEnd, signKnown } from '../out-of-sign.ts';
import { countWord, joinAnd } from '../report-markdown.ts';
import { FIGURE_ORB } from '../../synthesis/conjunction-figures.ts';
import { keyAspects } from '../ranking.ts';

const PLANETS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];

export interface CentralFigure {
  sides: [string[], string[]];
  type: KeyedAspect['type'];
  aspects: KeyedAspect[];
}

/** A planet and the planets conjunct it within FIGURE_ORB, in planet order. */
function group(ctx: ReportContext, id: string): string[] {
  const p = ctx.factors.points.get(id);
  if (!p || !PLANETS.includes(id)) return [id];
  return PLANETS.filter((o) => {
    const q = ctx.factors.points.get(o);
    return q !== undefined && (o === id || Math.abs(signedSeparation(p.lon, q.lon)) <= FIGURE_ORB);
  });
}

/**
 * The figure, if the chart has one among its three weightiest non-conjunction aspects: both sides'
 * planets all in the same aspect to each other. Untimed charts leave the Moon out (its aspects
 * change through the day).
 */
export function findCentralFigure(ctx: ReportContext): CentralFigure | undefined {
  const candidates = keyAspects(ctx.factors, (a) => ctx.rankingOrb(a))
    .map((r) => r.aspect)
    .filter((a) => a.type !== 'conjunction' && (ctx.timed || (a.p1 !== 'moon' && a.p2 !== 'moon')))
    .slice(0, 3);
  for (const a of candidates) {
    const [left, right] = [group(ctx, a.p1), group(ctx, a.p2)];
    if (left.length + right.length < 3 || left.some((x) => right.includes(x))) continue;
    if (!ctx.timed && [...left, ...right].includes('moon')) continue;
    const aspects: KeyedAspect[] = [];
    for (const x of left)
      for (const y of right) {
        const found = ctx.factors.aspects.find((b) => b.type === a.type && ((b.p1 === x && b.p2 === y) || (b.p1 === y && b.p2 === x)));
        if (found) aspects.push(found);
      }
    if (aspects.length === left.length * right.length) return { sides: [left, right], type: a.type, aspects };
  }
  return undefined;
}

/** The figure in a phrase, as "The Central Tension" names it: "the figure the Moon makes with Venus and Mars". */
export function centralFigureInSentence(f: CentralFigure): string {
  return `the figure ${pointsInSentence(f.sides[0])} ${f.sides[0].length > 1 ? 'make' : 'makes'} with ${pointsInSentence(f.sides[1])}`;
}

/** Whether the figure is one of squares or oppositions: a tension, as a figure of trines or sextiles is not. */
export function isHardFigure(figure: CentralFigure): boolean {
  return figure.type === 'square' || figure.type === 'opposition';
}

/**
 * What "The Central Tension" names as the chart's centre, for the synthesis to tell a strand of it
 * from a tension apart: the aspects of its hard aspect figure, or of a central figure of squares or
 * oppositions; none when the chart has neither.
 */
export interface TensionCentre {
  aspects: readonly { p1: string; type: string; p2: string }[];
}

/** Marks the figure's aspects as read, so that no planet's reading takes one of them on its own. */
export function reserveFigure(ctx: ReportContext, figure: CentralFigure): void {
  for (const a of figure.aspects) ctx.markRead(keys.aspect(a.p1, a.type, a.p2));
}

/** The points of a side as a heading names them ("Sun and Mercury"). */
const names = (ids: string[]) => joinAnd(ids.map((id) => POINT_NAMES[id]!));

/** The figure as one passage: a heading, the aspects with their orbs, and one reading of the whole. */
export function centralFigurePassage(ctx: ReportContext, figure: CentralFigure): string {
  const [left, right] = figure.sides;
  const verb = ASPECT_WORDS[figure.type]!;
  const heading = `### ${names(left)} ${verb.charAt(0).toUpperCase()}${verb.slice(1)} ${names(right)}`;
  const fact = `*${figure.aspects.map((a) => `${POINT_NAMES[a.p1]} ${ASPECT_WORDS[a.type]} ${POINT_NAMES[a.p2]} ${ctx.statedOrb(a)}`).join(' · ')}*`;
  const count = countWord(figure.aspects.length);
  // Both sides knots of planets, or one planet facing a knot.
  const knotted = left.length > 1 && right.length > 1;
  const knot = left.length > 1 ? left : right;
  const opening = ctx.choose(
    [
      `These ${count} aspects are one figure, not ${count} separate stories: ${pointsInSentence(left)} on one side and ${pointsInSentence(right)} on the other, ${knotted ? 'each side standing close enough together to act as one' : `${pointsInSentence(knot)} standing close enough together to act as one`}.`,
      `Read one at a time, the ${count} aspects between ${pointsInSentence(left)} on one side and ${pointsInSentence(right)} on the other would ${isHardFigure(figure) ? 'repeat and seem to contradict one another' : 'repeat one another'}; they belong together, because ${knotted ? 'each side is a single knot of planets' : `${pointsInSentence(knot)} stand close enough together to act as one`}.`,
    ],
    'central-figure-opening',
  );
  const body = isHardFigure(figure)
    ? ctx.choose(
        [
          `What the figure describes is a standing argument between ${sideFunctions(left)} on one side and ${sideFunctions(right)} on the other. Neither side wins for long: when the first pushes ahead, the second asks for more, or for proof, or for patience, and when the second takes charge, the first feels held down. Much of your drive comes from this friction. It works best when you stop treating it as a fault to fix and start treating it as a division of labour: one side proposes, the other tests, and decisions that have passed through both tend to hold.`,
          `Here your chart sets ${sideFunctions(left)} against ${sideFunctions(right)}, and many of the inner debates you will recognise in yourself are versions of this one. The ${figure.type} gives it urgency: the two sides do not drift past each other but meet head on, often at the moments that matter. The gift hidden in the strain is range, since you can see a question from both sides; the work is to let each side speak in turn rather than to silence one, so that the pressure becomes energy you can use.`,
        ],
        'central-figure-hard',
      )
    : ctx.choose(
        [
          `The figure links ${sideFunctions(left)} with ${sideFunctions(right)} in easy cooperation: what one side wants, the other tends to support, so there is a part of your life where effort and talent simply agree. The risk of so smooth a link is that it is taken for granted; it yields most when you give it real work to do.`,
          `Here ${sideFunctions(left)} on one side and ${sideFunctions(right)} on the other help each other without much friction, and people may notice a natural fluency in you wherever the two meet. Such ease is a resource rather than a destiny: it grows when it is used on purpose, and fades into habit when it is not.`,
        ],
        'central-figure-flowing',
      );
  // (Untimed, an aspect of a body that changed sign that day is not said to cross a sign line: its sign is not known.)
  const outOfSign = figureOutOfSignNote(
    ctx,
    figure.aspects.filter((a) => signKnown(ctx, a.p1) && signKnown(ctx, a.p2)).map((a) => [pointEnd(ctx, a.p1), a.type, pointEnd(ctx, a.p2)] as const),
  );
  return [heading, fact, `${opening} ${body}${outOfSign}`].join('\n\n');
}
