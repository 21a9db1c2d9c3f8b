/**
 * Relationships as one reading: Venus (what you value and how you love) and Mars (how you pursue
 * and desire), the aspect between them, and for a timed chart the Descendant's sign, the planets
 * in the 7th house and where the Descendant's ruler stands, which says where partners tend to
 * enter your life.
 */
import type { ReportContext } from '../context.ts';
import { aspectBetween, cuspOf, houseRuler, planetsInHouse, signOfPoint } from '../chart-facts.ts';
import { HOUSE_DOMAIN, pointInSentence, SIGN_LOVE, SIGN_STYLE } from '../phrases.ts';
import { capitalize, joinAnd, ordinal, withArticle } from '../report-markdown.ts';
import { section, type ReportSection } from '../section.ts';

export function relationshipsSection(ctx: ReportContext): ReportSection {
  const venus = signOfPoint(ctx, 'venus')!;
  const mars = signOfPoint(ctx, 'mars')!;
  const parts: string[] = [];
  const sameElement = venus.element === mars.element;
  parts.push(
    `${ctx.choose(
      [
        `Venus in ${venus.name} describes what draws you and how you show affection: with ${SIGN_LOVE[venus.id]}. Mars in ${mars.name} describes how you pursue what you want: with ${SIGN_STYLE[mars.id]}.`,
        `What attracts you, and the way you show fondness, carry the mark of Venus in ${venus.name}: ${SIGN_LOVE[venus.id]}. The way you go after what you want belongs to Mars in ${mars.name}: ${SIGN_STYLE[mars.id]}.`,
        `Of the two planets that speak first about love, Venus, in ${venus.name}, gives your affection ${SIGN_LOVE[venus.id]}, and Mars, in ${mars.name}, meets desire with ${SIGN_STYLE[mars.id]}.`,
        `In love you are drawn by Venus in ${venus.name}, which sets the taste with ${SIGN_LOVE[venus.id]}, and moved to act by Mars in ${mars.name}, which sets the pace with ${SIGN_STYLE[mars.id]}.`,
      ],
      'relationships-venus-mars',
    )} ${
      sameElement
        ? `Both stand in ${venus.element} signs, so attraction and pursuit speak one language; what you like, you tend to go after without inner argument.`
        : `They stand in different elements (${venus.element} and ${mars.element}), so what attracts you and how you act on it may not match at first: the person you admire and the one you chase are not always the same.`
    }`,
  );
  const link = aspectBetween(ctx, 'venus', 'mars');
  if (link)
    parts.push(
      link.family === 'tense'
        ? `Venus and Mars form ${withArticle(link.type)}: desire and tenderness rub against each other, which brings heat to your relationships and asks you to let both speak instead of switching between them.`
        : link.family === 'flowing'
          ? `Venus and Mars form ${withArticle(link.type)}: warmth and desire cooperate, and closeness tends to grow without much strain.`
          : `Venus and Mars are conjunct: love and desire are fused, so attraction is quick and wholehearted.`,
    );
  if (ctx.timed) {
    const dsc = cuspOf(ctx, 7)!;
    const ruler = houseRuler(ctx, 7)!;
    const rulerPoint = ctx.factors.points.get(ruler);
    const inSeventh = planetsInHouse(ctx, 7).map(pointInSentence);
    parts.push(
      `${ctx.choose(
        [
          `Your Descendant, the cusp of the 7th house of close partnership, is in ${dsc.name}: you look in partners for ${SIGN_LOVE[dsc.id]}, often qualities you show less readily yourself.`,
          `Opposite your Ascendant, the Descendant opens the 7th house in ${dsc.name}, so the people you choose to stand beside tend to bring ${SIGN_LOVE[dsc.id]}, a part of you that others often carry first.`,
          `The 7th house, of the people you pair with, begins in ${dsc.name}. Partners often supply ${SIGN_LOVE[dsc.id]}, and in living with them you may find that these qualities were yours to develop too.`,
          `With ${dsc.name} on the Descendant, you tend to seek ${SIGN_LOVE[dsc.id]} in a partner, and at first these can look like qualities only the other person has.`,
        ],
        'relationships-descendant',
      )} ${
        inSeventh.length
          ? `${capitalize(joinAnd(inSeventh))} ${inSeventh.length === 1 ? 'stands' : 'stand'} in the 7th house, so ${inSeventh.length === 1 ? 'its' : 'their'} themes are lived largely through others.`
          : `No planet stands in the 7th house; partnership follows ${dsc.name} on its cusp and ${pointInSentence(ruler)}, its ruler.`
      }`,
    );
    if (rulerPoint?.house !== undefined)
      parts.push(
        `${capitalize(pointInSentence(ruler))}, ruler of the Descendant, stands in your ${ordinal(rulerPoint.house)} house (${HOUSE_DOMAIN[rulerPoint.house]}). ${
          rulerPoint.house === 7
            ? 'Partnership is its own reward in your chart: relationships are a place where you find yourself, not only others.'
            : ctx.choose(
                [
                  `Partners tend to enter your life through the ${ordinal(rulerPoint.house)} house's affairs, and a relationship often changes how you live them.`,
                  `The people who matter most to you are likely to be met through ${HOUSE_DOMAIN[rulerPoint.house]}, and a close bond tends to reshape that part of your life in turn.`,
                  `So the ${ordinal(rulerPoint.house)} house is where partnership does much of its work: it is a likely meeting ground, and the place a relationship changes first.`,
                  `What you look for in another person is coloured by the concerns of your ${ordinal(rulerPoint.house)} house, and the relationships that last tend to give you something to build there together.`,
                ],
                `relationships-ruler-${rulerPoint.house}`,
              )
        }`,
      );
  }
  return section('relationships', 'Relationships', parts);
}
