/**
 * Vocation as one reading: the Midheaven's sign and where its ruler stands (what you are working
 * toward and where it is carried out), the planets in the 10th and 6th houses (public role and
 * daily work), and the Sun and Saturn, which speak of purpose and of the discipline behind it. An
 * untimed chart is read from the Sun, Saturn and the chart's element emphasis.
 */
import type { ReportContext } from '../context.ts';
import { cuspOf, houseRuler, midheavenBelowHorizon, planetsInHouse, signOfPoint } from '../chart-facts.ts';
import { pointInSentence, SIGN_WORK } from '../phrases.ts';
import { capitalize, degreesMinutes, joinAnd, ordinal } from '../report-markdown.ts';
import { section, type ReportSection } from '../section.ts';
import { pointsBesideNoPlanet } from './life-areas.ts';
import { TEN_PLANET_IDS } from '../../../interpretations/keys.ts';
import { narrowHouseNote } from '../narrow-houses.ts';

const ELEMENT_WORK: Record<string, string> = {
  // Starting things is the cardinal signs' (a reader found it given to a fixed Leo Sun); fire's is the spark and the lead.
  fire: 'work that lets you lead, create or inspire, with room for enthusiasm',
  earth: 'work with tangible results, where skill accumulates',
  air: 'work with ideas, people and exchange',
  water: 'work that needs care, intuition or depth',
};

export function vocationSection(ctx: ReportContext): ReportSection {
  const parts: string[] = [];
  const sun = signOfPoint(ctx, 'sun')!;
  const saturn = signOfPoint(ctx, 'saturn')!;
  if (ctx.timed) {
    const mc = signOfPoint(ctx, 'mc')!;
    const ruler = houseRuler(ctx, 10);
    const rulerPoint = ruler ? ctx.factors.points.get(ruler) : undefined;
    if (rulerPoint?.house !== undefined) ctx.markRulerRead(10);
    parts.push(
      `${ctx.choose(
        [
          `Your Midheaven in ${mc.name} names the direction of your working life: a role that asks for ${SIGN_WORK[mc.id]}.`,
          // Not "at the top" where the Midheaven stood below the horizon (inside a polar circle), as the temperament chapter says.
          `${midheavenBelowHorizon(ctx) ? 'In your chart' : 'At the top of your chart'} the Midheaven stands in ${mc.name}, pointing your working life toward roles that reward ${SIGN_WORK[mc.id]}.`,
          `The Midheaven, the aim you grow toward in public, is in ${mc.name}: your career tends to find its feet where ${SIGN_WORK[mc.id]} are wanted.`,
        ],
        'vocation-mc',
      )}${
        rulerPoint?.house === undefined
          ? ''
          : rulerPoint.house === 10
            ? // A ruler in its own house carries the aim nowhere else ("pursued through career and reputation" of a 10th-house
              // ruler read to a reader as the aim pursued through itself).
              ` Its ruler, ${pointInSentence(ruler!)}, stands in the 10th house itself: the aim is not carried into another part of your life but pursued where it is set, in public.`
            : ` Its ruler, ${pointInSentence(ruler!)}, stands in your ${ordinal(rulerPoint.house)} house, so that aim is pursued through ${ctx.houseDomain(rulerPoint.house)}.`
      }`,
    );
    const tenth = planetsInHouse(ctx, 10).map(pointInSentence);
    const sixth = planetsInHouse(ctx, 6).map(pointInSentence);
    const sixthCusp = cuspOf(ctx, 6)!;
    const one = (list: string[], singular: string, plural: string) => (list.length === 1 ? singular : plural);
    const rulerClause = ruler ? ` and ${pointInSentence(ruler)}, its ruler,` : '';
    // A planet conjunct the Midheaven from the 9th house is on the top of the chart though not in the 10th: an empty 10th
    // house is not said to leave the Midheaven alone.
    const onMidheaven = ctx.factors.aspects
      .filter((a) => a.type === 'conjunction' && (a.p1 === 'mc' || a.p2 === 'mc'))
      .map((a) => ({ id: a.p1 === 'mc' ? a.p2 : a.p1, orb: a.orb }))
      .filter(({ id }) => (TEN_PLANET_IDS as readonly string[]).includes(id) && ctx.factors.points.get(id)?.house !== 10);
    const besideTheTop = onMidheaven.map(
      ({ id, orb }) => `${pointInSentence(id)} in your ${ordinal(ctx.factors.points.get(id)!.house!)} house (${degreesMinutes(orb)} away)`,
    );
    parts.push(
      [
        tenth.length === 0 && besideTheTop.length
          ? `No planet stands in the 10th house itself, but ${joinAnd(besideTheTop)} ${one(besideTheTop, 'is', 'are')} conjunct the Midheaven, so ${one(besideTheTop, 'it colours', 'they colour')} how you are seen at work as a planet of the 10th house would; beside ${one(besideTheTop, 'it', 'them')}, your public role grows out of the ${mc.name} Midheaven${rulerClause.replace(/,$/, '')}.`
          : tenth.length
            ? ctx.choose(
                [
                  `${capitalize(joinAnd(tenth))} in the 10th house ${one(tenth, 'makes its', 'make their')} qualities part of how others see you at work.`,
                  `At the top of the chart, in the 10th house, ${joinAnd(tenth)} ${one(tenth, 'is', 'are')} on show: colleagues and the wider world tend to meet ${one(tenth, 'this planet', 'these planets')} in you first.`,
                  `With ${joinAnd(tenth)} in the 10th house, your reputation carries ${one(tenth, 'its', 'their')} signature, whether or not you set out to display it.`,
                ],
                'vocation-tenth',
              )
            : ctx.choose(
                [
                  `The 10th house holds no planet, so your public role grows out of the ${mc.name} Midheaven${rulerClause} more than out of any one planet.`,
                  `No planet occupies the 10th house; your standing in the world takes its colour from the ${mc.name} Midheaven${rulerClause} rather than from a single planet.`,
                  `An empty 10th house leaves the Midheaven in ${mc.name}${rulerClause} to describe your public role, with no planet there to add its voice.`,
                ],
                'vocation-tenth',
              ),
        sixth.length
          ? ctx.choose(
              [
                `In the 6th house of daily work, ${joinAnd(sixth)} ${one(sixth, 'shapes', 'shape')} your routines and how you like to be useful.`,
                `Your working days carry the stamp of ${joinAnd(sixth)} in the 6th house, the house of routine, craft and service.`,
                `${capitalize(joinAnd(sixth))} in the 6th house ${one(sixth, 'colours', 'colour')} the ordinary rhythm of your days: how you organise tasks, and what kind of help you like to give.`,
              ],
              'vocation-sixth',
            )
          : ctx.choose(
              [
                `The 6th house of daily work holds no planet; its cusp in ${sixthCusp.name} sets the tone of your routines: ${SIGN_WORK[sixthCusp.id]}.`,
                `No planet stands in the 6th house of routine, so ${sixthCusp.name} on its cusp describes the daily work that suits you: ${SIGN_WORK[sixthCusp.id]}.`,
                `Your 6th house, of daily tasks and service, holds none of the planets, and its cusp in ${sixthCusp.name} points to work done through ${SIGN_WORK[sixthCusp.id]}.`,
              ],
              'vocation-sixth',
            ) + narrowHouseNote(ctx, 6),
        // Chiron or a node in a house "no planet" occupies (a reader found an "empty 10th house" beside Chiron in it).
        tenth.length ? undefined : pointsBesideNoPlanet(ctx, 10),
        sixth.length ? undefined : pointsBesideNoPlanet(ctx, 6),
      ]
        .filter(Boolean)
        .join(' '),
    );
  }
  parts.push(
    ctx.choose(
      [
        `The Sun in ${sun.name} shows what kind of work feels like your own: ${ELEMENT_WORK[sun.element]}. Saturn in ${saturn.name} shows where mastery comes slowly but holds: through ${SIGN_WORK[saturn.id]}.`,
        `With the Sun in ${sun.name}, the work that feels like your own is ${ELEMENT_WORK[sun.element]}; Saturn in ${saturn.name} adds that lasting mastery is earned through ${SIGN_WORK[saturn.id]}, at its own pace.`,
        `Two placements sum up the working side of you: the Sun in ${sun.name} looks for ${ELEMENT_WORK[sun.element]}, and Saturn in ${saturn.name} builds mastery slowly, through ${SIGN_WORK[saturn.id]}.`,
      ],
      'vocation-sun-saturn',
    ),
  );
  return section('vocation', 'Vocation and Work', parts);
}
