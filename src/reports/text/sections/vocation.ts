/**
 * Vocation as one reading: the Midheaven's sign and where its ruler stands (what you are working
 * toward and where it is carried out), the planets in the 10th and 6th houses (public role and
 * daily work), and the Sun and Saturn, which speak of purpose and of the discipline behind it. An
 * untimed chart is read from the Sun, Saturn and the chart's element emphasis.
 */
import type { ReportContext } from '../context.ts';
import { cuspOf, houseRuler, planetsInHouse, signOfPoint } from '../chart-facts.ts';
import { HOUSE_DOMAIN, pointInSentence, SIGN_WORK } from '../phrases.ts';
import { capitalize, joinAnd, ordinal } from '../report-markdown.ts';
import { section, type ReportSection } from '../section.ts';

const ELEMENT_WORK: Record<string, string> = {
  fire: 'work that lets you start things, lead or inspire',
  earth: 'work with tangible results, where skill accumulates',
  air: 'work with ideas, people and exchange',
  water: 'work where care, intuition or depth are needed',
};

export function vocationSection(ctx: ReportContext): ReportSection {
  const parts: string[] = [];
  const sun = signOfPoint(ctx, 'sun')!;
  const saturn = signOfPoint(ctx, 'saturn')!;
  if (ctx.timed) {
    const mc = signOfPoint(ctx, 'mc')!;
    const ruler = houseRuler(ctx, 10);
    const rulerPoint = ruler ? ctx.factors.points.get(ruler) : undefined;
    parts.push(
      `${ctx.choose(
        [
          `Your Midheaven in ${mc.name} names the direction of your working life: a role that asks for ${SIGN_WORK[mc.id]}.`,
          `At the top of your chart the Midheaven stands in ${mc.name}, pointing your working life toward roles that reward ${SIGN_WORK[mc.id]}.`,
          `The Midheaven, the aim you grow toward in public, is in ${mc.name}: your career tends to find its feet where ${SIGN_WORK[mc.id]} are wanted.`,
        ],
        'vocation-mc',
      )}${
        rulerPoint?.house !== undefined
          ? ` Its ruler, ${pointInSentence(ruler!)}, stands in your ${ordinal(rulerPoint.house)} house, so that aim is pursued through ${HOUSE_DOMAIN[rulerPoint.house]}.`
          : ''
      }`,
    );
    const tenth = planetsInHouse(ctx, 10).map(pointInSentence);
    const sixth = planetsInHouse(ctx, 6).map(pointInSentence);
    const sixthCusp = cuspOf(ctx, 6)!;
    parts.push(
      [
        tenth.length
          ? `${capitalize(joinAnd(tenth))} in the 10th house ${tenth.length === 1 ? 'makes its' : 'make their'} qualities part of how others see you at work.`
          : `The 10th house holds no planet, so your public role grows out of the ${mc.name} Midheaven${ruler ? ` and ${pointInSentence(ruler)}, its ruler,` : ''} more than out of any one planet.`,
        sixth.length
          ? `In the 6th house of daily work, ${joinAnd(sixth)} ${sixth.length === 1 ? 'shapes' : 'shape'} your routines and how you like to be useful.`
          : `The 6th house of daily work holds no planet; its cusp in ${sixthCusp.name} sets the tone of your routines: ${SIGN_WORK[sixthCusp.id]}.`,
      ].join(' '),
    );
  }
  parts.push(
    ctx.choose(
      [
        `The Sun in ${sun.name} shows what kind of work feels like your own: ${ELEMENT_WORK[sun.element]}. Saturn in ${saturn.name} shows where mastery comes slowly but lasts: through ${SIGN_WORK[saturn.id]}.`,
        `Work feels like your own, for a Sun in ${sun.name}, when it is ${ELEMENT_WORK[sun.element]}; Saturn in ${saturn.name} adds that lasting skill is earned through ${SIGN_WORK[saturn.id]}, at its own pace.`,
        `Two placements sum up the working side of you: the Sun in ${sun.name} looks for ${ELEMENT_WORK[sun.element]}, and Saturn in ${saturn.name} builds mastery slowly, through ${SIGN_WORK[saturn.id]}.`,
      ],
      'vocation-sun-saturn',
    ),
  );
  return section('vocation', 'Vocation and Work', parts);
}
