/**
 * The central tension of a chart with no hard aspect figure (T-square, grand cross) and no central
 * figure of squares or oppositions: its weightiest square or opposition by the key aspects' ranking,
 * named at the head of the chapter. Without it the chapter promised "where the parts argue most"
 * and then named no argument (a reader looked for the tension through ten passages and found none).
 * A chart with no square or opposition at all is told so, rather than given a tension it lacks.
 */
import { readAsItsHouse } from '../angle-house.ts';
import { keys, TEN_PLANET_IDS } from '../../../interpretations/keys.ts';
import type { KeyedAspect } from '../../../interpretations/chart-factors/aspects.ts';
import { stretchHours } from '../day-stretches.ts';
import { dayPairs } from '../../sky/moon-day.ts';
import type { ReportContext } from '../context.ts';
import { aspectInSentence, POINT_FUNCTION, POINT_NAMES, pointInSentence, SIGN_STYLE } from '../phrases.ts';
import { capitalize, joinAnd, ordinal } from '../report-markdown.ts';
import { signOf } from '../../../astro/zodiac.ts';
import { KEY_ASPECT_WIDE_ORB, keyAspects } from '../ranking.ts';
import { wholeDay } from '../aspect-facts.ts';
import { bodySignHours } from '../untimed-ingresses.ts';
import { moonSignCertain } from './family-threads.ts';

const isHard = (a: { type: string }) => a.type === 'square' || a.type === 'opposition';

/** Untimed: the squares and oppositions on either of the aspect's points that the birth day held for some hours only. */
function partDayHardAspects(ctx: ReportContext, a: KeyedAspect): { p1: string; type: string; p2: string; from: string; to: string }[] {
  const day = ctx.sky.moonDay;
  if (ctx.timed || !day) return [];
  const points: string[] = [a.p1, a.p2];
  // The points the chart's own aspects join (the echoes above are among them).
  const planets: readonly string[] = TEN_PLANET_IDS;
  const same = (p1: string, p2: string) => [p1, p2].sort().join() === points.slice().sort().join();
  // The Moon's aspects when the Moon is one of the points; the others' that fall on either point.
  return dayPairs(day)
    .filter((x) => (x.p1 === 'moon' ? points.includes('moon') : points.includes(x.p1) || points.includes(x.p2)))
    .filter((x) => isHard(x) && !wholeDay(x) && !same(x.p1, x.p2) && planets.includes(x.p1) && planets.includes(x.p2));
}

/** Points outside the chart's aspect table whose aspects the chapter on the nodes, Chiron and Lilith reads. */
const OTHER_POINTS: ReadonlySet<string> = new Set(['north_node', 'chiron', 'lilith']);

/**
 * The squares and oppositions that fall on either of the aspect's points from the Node, Chiron or Lilith, within the wide
 * orb of the key aspects (untimed, those that held all day): "no other squares" is said of the planets and angles only, and
 * these named beside it (a reader met "the Sun and the Moon make no other squares and no oppositions besides" above the
 * Moon's opposition to the North Node at 0°57′).
 */
function hardAspectsFromOtherPoints(ctx: ReportContext, a: KeyedAspect): string[] {
  return ctx.chart.aspects
    .filter((b) => isHard(b) && b.orb <= KEY_ASPECT_WIDE_ORB && ctx.rankingOrb(b) !== undefined)
    .flatMap((b) => {
      const own = [a.p1, a.p2].find((p) => p === b.p1 || p === b.p2);
      const other = own === b.p1 ? b.p2 : b.p1;
      return own && OTHER_POINTS.has(other) ? [`${pointInSentence(own)}'s ${b.type} to ${pointInSentence(other)}`] : [];
    });
}

/** The chart's weightiest square or opposition among its key aspects, if it has one: untimed, only those that held all day (their ranking orb). */
export function weightiestHardAspect(ctx: ReportContext): KeyedAspect | undefined {
  return keyAspects(ctx.factors, (a) => ctx.rankingOrb(a)).find((r) => isHard(r.aspect))?.aspect;
}

/** Where an aspect's reading was printed: a theme chapter's title, or undefined when it is still to be read (or outside the themes). */
export function chapterReadIn(ctx: ReportContext, a: { p1: string; type: string; p2: string }): string | undefined {
  return ctx.chapterOf(readAsItsHouse(ctx, a) ?? keys.aspect(a.p1, a.type, a.p2));
}

/**
 * The chapter's opening when it names one aspect as the tension: the aspect with its orb, what it
 * sets against what, where it is read, and the other squares and oppositions that fall on either of
 * its points (the same argument heard again) or, when there are none, that it stands alone.
 */
export function tensionAspectIntro(ctx: ReportContext, a: KeyedAspect): string {
  const orb = ctx.statedOrb(a);
  const named = `${aspectInSentence(a.p1, a.type, a.p2)} (orb ${orb})`;
  const chapter = chapterReadIn(ctx, a);
  const where = chapter ? `Its reading is in "${chapter}".` : 'Its reading follows.';
  // Every other square or opposition on either point, not only the ranked ones ("no other falls on
  // either" must be true of the whole chart); untimed, those that held all day; the closest first.
  const echoes = ctx.factors.aspects
    .filter((b) => b !== a && isHard(b) && ctx.rankingOrb(b) !== undefined && [a.p1, a.p2].some((p) => p === b.p1 || p === b.p2))
    .sort((x, y) => ctx.rankingOrb(x)! - ctx.rankingOrb(y)!);
  const echoed = joinAnd(echoes.slice(0, 2).map((b) => aspectInSentence(b.p1, b.type, b.p2)));
  // Untimed: the squares and oppositions on either point that held for part of the birth day only (a reader met "make no
  // other squares" beside the Moon's square to Venus from 23:13), which "none" must not deny.
  const partDay = echoes.length ? [] : partDayHardAspects(ctx, a);
  const echo = echoes.length
    ? ctx.choose(
        [
          `The same argument is heard again in ${echoed}, which ${echoes.length > 1 ? 'share' : 'shares'} one of its points.`,
          `It does not stand alone: ${echoed} ${echoes.length > 1 ? 'press' : 'presses'} on the same ground.`,
        ],
        'theme-tension-echo',
      )
    : partDay.length
      ? `Whatever the hour of birth, neither ${pointInSentence(a.p1)} nor ${pointInSentence(a.p2)} takes part in another of the chart's hard aspects; for some births ${partDay.length > 1 ? 'some do' : 'one does'}: ${joinAnd(
          partDay.map((b) => `${aspectInSentence(b.p1, b.type, b.p2)} (born between ${b.from} and ${b.to})`),
        )}.`
      : alone(ctx, a);
  const [left, right] = [a.p1, a.p2].map((p) => POINT_FUNCTION[p] ?? `${POINT_NAMES[p] ?? p}'s side`) as [string, string];
  // Untimed, a hard aspect of some hours only is not ranked (a reader weighed the Moon's square to the Sun, within orb
  // before 10:30, above the one named): the opening says what it ranked.
  const allDay = !ctx.timed && ctx.factors.aspects.some((b) => isHard(b) && ctx.rankingOrb(b) === undefined) ? ' that hold whatever the hour of birth' : '';
  const opening = ctx.choose(
    [
      `The argument at the centre of your chart is ${named}, the weightiest of its squares and oppositions${allDay}, weighed by how close each is and how personal its two points are. It sets your ${left} against your ${right}, and the other chapters meet it wherever either of the two is at work.`,
      `Of the squares and oppositions in your chart${allDay}, ${named} weighs most once closeness and the weight of the two points are counted: your ${left} on one side, your ${right} on the other.`,
    ],
    'theme-tension-aspect',
  );
  const rest = 'This chapter then reads the shape of the chart, the slow planets where they reach you, and the aspects not yet read.';
  return `${opening} ${where} ${echo} ${rest}`;
}

/** That no other square or opposition falls on either point: of the planets and angles, and then of the other points. */
function alone(ctx: ReportContext, a: KeyedAspect): string {
  const others = hardAspectsFromOtherPoints(ctx, a);
  const among = ctx.timed ? 'planets and angles' : 'planets';
  if (others.length)
    return `Among the ${among}, neither ${pointInSentence(a.p1)} nor ${pointInSentence(a.p2)} takes part in any other of the chart's squares and oppositions, so this argument stays between the two of them; from outside them, ${joinAnd(others)} ${others.length > 1 ? 'fall' : 'falls'} on it as well.`;
  return ctx.choose(
    [
      `Neither ${pointInSentence(a.p1)} nor ${pointInSentence(a.p2)} takes part in any other of the chart's squares and oppositions, so this argument stays between the two of them.`,
      `${capitalize(pointInSentence(a.p1))} and ${pointInSentence(a.p2)} make no other squares and no oppositions besides: the friction stays between these two rather than running along a chain of aspects.`,
    ],
    'theme-tension-alone',
  );
}

/** The chapter's opening for a chart with no square or opposition among its ranked aspects. */
export function noTensionIntro(ctx: ReportContext): string {
  const intro = ctx.choose(
    [
      'The aspects ranked in your chart include no squares and no oppositions, so it has no single head-on argument at its centre; what pulls in it is quieter, and is read here from the shape of the whole, the slow planets where they reach your personal points, and the aspects not yet read in another chapter.',
      'Your chart ranks neither squares nor oppositions among its aspects: its parts disagree less than most, and what tension it holds is gathered here from the shape of the wheel, the slow planets where they touch you personally, and the aspects not read with their planets.',
    ],
    'theme-tension-none',
  );
  return [intro, somehoursHard(ctx)].filter(Boolean).join(' ');
}

/**
 * Untimed: the squares and oppositions between the planets that held for some hours of the birth day, named with their
 * hours beside "no squares and no oppositions" (a Jakarta reader met that sentence above an aspect grid showing the Moon
 * square Jupiter, in orb until 18:49, with no word of it); undefined when there are none.
 */
function somehoursHard(ctx: ReportContext): string | undefined {
  const day = ctx.sky.moonDay;
  if (ctx.timed || !day) return undefined;
  const planets: readonly string[] = TEN_PLANET_IDS;
  const hard = dayPairs(day).filter((x) => isHard(x) && !wholeDay(x) && planets.includes(x.p1) && planets.includes(x.p2));
  if (!hard.length) return undefined;
  const each = hard.map((x) => `${aspectInSentence(x.p1, x.type, x.p2)} (for births ${stretchHours([x])} local time)`);
  return `That is said of the aspects that held all day: the hour of birth decides ${hard.length === 1 ? 'one more' : 'more'}, ${joinAnd(each)}.`;
}

/** How each aspect of the tension tends to be lived, before the signs and houses of this chart say where. */
const HOW_IT_PULLS: Record<'square' | 'opposition', readonly string[]> = {
  square: [
    'As a square, the friction shows more in what you do than in what you think: one side tends to act before the other has had its say, and the clash is felt as a stalled start or a sudden change of course before it is understood.',
    'A square works through events: the two sides rarely meet in a calm discussion, and the strain surfaces as a decision taken in a hurry, or one put off, that the other side then has to live with.',
  ],
  opposition: [
    'As an opposition, the pull runs across the chart: you may swing from one side to the other over months, or meet one of them first in other people, in a partner or a rival who seems to carry it for you.',
    'An opposition is a see-saw rather than a collision: what one side gains the other seems to lose, until both are held in view at once, often with the help of someone who plays the side you have set down.',
  ],
};

/** When both signs share a mode, what the argument is like (an out-of-sign aspect's signs may not). */
const SAME_MODE: Record<string, string> = {
  cardinal: 'Both signs are cardinal, so each side wants to start things on its own terms, and the argument is usually over who leads.',
  fixed: 'Both signs are fixed, so neither side gives way easily, and the argument can go quiet for long stretches without being settled.',
  mutable: 'Both signs are mutable, so the two sides bend around each other rather than collide, and the cost is more often delay than open conflict.',
};

/**
 * The tension read where the chapter stands, once its aspect has been read with its planets in an earlier chapter: each
 * side with its sign (and house, timed), how a square or an opposition tends to be lived, what the signs' shared mode adds,
 * and what tends to help. A reader found the chapter named for the tension sending them elsewhere for its reading.
 * Untimed, a side whose sign changed during the birth day (the Moon's, on the day of an ingress) is named without one.
 */
export function tensionInYourChart(ctx: ReportContext, a: KeyedAspect): string | undefined {
  if (!isHard(a)) return undefined;
  const signOfSide = (id: string) => {
    if (id === 'moon' ? !moonSignCertain(ctx) : bodySignHours(ctx, id)) return undefined;
    const point = ctx.factors.points.get(id);
    return point ? signOf(point.lon) : undefined;
  };
  const [p, q] = [a.p1, a.p2];
  const [signP, signQ] = [signOfSide(p), signOfSide(q)];
  const [houseP, houseQ] = ctx.timed ? [ctx.houseOf(p), ctx.houseOf(q)] : [undefined, undefined];
  // An angle is not placed in the house it opens ("your Ascendant in Virgo in the 1st house").
  const side = (id: string, sign: ReturnType<typeof signOfSide>, house: number | undefined) =>
    `your ${POINT_NAMES[id] ?? id}${sign ? ` in ${sign.name}` : ''}${house && id !== 'asc' && id !== 'mc' ? ` in the ${ordinal(house)} house` : ''}${sign ? `, with its ${SIGN_STYLE[sign.id]}` : ''}`;
  const opening = `Read here as one argument, it sets ${side(p, signP, houseP)}, against ${side(q, signQ, houseQ)}.`;
  const how = ctx.choose(HOW_IT_PULLS[a.type as 'square' | 'opposition'], 'theme-tension-how');
  const mode = signP && signQ && signP.modality === signQ.modality ? SAME_MODE[signP.modality] : undefined;
  const help =
    houseP && houseQ && houseP !== houseQ
      ? `What tends to help is giving each its own ground, the matters of the ${ordinal(houseP)} house to one and those of the ${ordinal(houseQ)} to the other, and asking, when they collide, which of the two the moment belongs to.`
      : 'What tends to help is noticing which side a situation has woken, and giving the other its turn afterwards rather than never.';
  return [opening, how, mode, help].filter(Boolean).join(' ');
}
