/**
 * Relationships as one reading: Venus (what you value and how you love) and Mars (how you pursue
 * and desire), the aspect between them, and for a timed chart the Descendant's sign, the planets
 * in the 7th house and where the Descendant's ruler stands, which says where partners tend to
 * enter your life.
 */
import { signedSeparation, type Sign } from '../../../astro/zodiac.ts';
import { TEN_PLANET_IDS } from '../../../interpretations/keys.ts';
import type { ReportContext } from '../context.ts';
import { aspectBetween, cuspOf, houseRuler, planetsInHouse, signOfPoint } from '../chart-facts.ts';
import { pointInSentence, SIGN_LOVE, SIGN_STYLE } from '../phrases.ts';
import { capitalize, degreesMinutes, joinAnd, ordinal, withArticle } from '../report-markdown.ts';
import { section, type ReportSection } from '../section.ts';
import { signKinship, type SignKinship } from '../sign-kinship.ts';
import { pointsBesideNoPlanet } from './life-areas.ts';
import { FIGURE_ORB } from '../../synthesis/conjunction-figures.ts';
import { narrowHouseNote } from '../narrow-houses.ts';

/**
 * How the signs of Venus and Mars sit together, in one sentence: conjunct across a sign line ("joined"), in one element,
 * in elements that feed each other, in facing signs, or in elements that do not mix.
 */
function venusMarsKinship(ctx: ReportContext, venus: Sign, mars: Sign, how: SignKinship | 'joined'): string {
  const [ve, me] = [venus.element, mars.element];
  const phrasings: Record<SignKinship | 'joined', { label: string; options: string[] }> = {
    joined: {
      label: 'relationships-joined-across',
      options: [
        `Though their signs differ (${ve} and ${me}), Venus and Mars stand close together, so attraction and pursuit come as one impulse; the difference shows only in manner, in the way a feeling is shown beside the way it is acted on.`,
        `Venus and Mars stand together across the line between two signs, ${ve} and ${me}: what you love and what you want arrive as one impulse, though each keeps its own sign's style, so a feeling that starts in one key is acted on in another.`,
      ],
    },
    same: {
      label: 'relationships-element-same',
      options: [
        `Both stand in ${ve} signs, so attraction and pursuit speak one language; what you like, you tend to go after without inner argument.`,
        `Sharing the ${ve} element, the two rarely pull against each other: the kind of person you warm to is usually the kind you pursue.`,
        `As both are ${ve} signs, taste and drive agree, and your feelings tend to turn into action with little delay.`,
      ],
    },
    friendly: {
      label: 'relationships-element-friendly',
      options: [
        `They stand in different elements that feed each other (${ve} and ${me}): what attracts you and how you act on it differ in manner, yet each tends to steady or stir the other, and the person you admire is often the one you find yourself pursuing.`,
        `Venus in ${ve} and Mars in ${me} are unlike but compatible, as ${ve} and ${me} are: your taste and your drive work at different speeds and tend to help each other along.`,
      ],
    },
    facing: {
      label: 'relationships-element-facing',
      options: [
        `They face each other across the zodiac, ${venus.name} and ${mars.name}: their elements (${ve} and ${me}) feed each other, yet the signs are opposites, so you may be drawn to one way of loving and act in its mirror image, and the relationships that work let both show.`,
        `${venus.name} and ${mars.name} are opposite signs: what attracts you and how you pursue it answer each other like two ends of a see-saw, complementary and seldom still.`,
      ],
    },
    contrast: {
      label: 'relationships-element-different',
      options: [
        `They stand in different elements (${ve} and ${me}), so what attracts you and how you act on it may not match at first: the person you admire and the one you chase are not always the same.`,
        `Venus in ${ve} and Mars in ${me} speak different languages, so attraction and action can disagree: you may long for one thing and pursue another until experience teaches you which to trust.`,
        `With ${ve} for Venus and ${me} for Mars, what you find lovely and what you go after tend to be different things, and a partnership that has room for both serves you best.`,
      ],
    },
  };
  return ctx.choose(phrasings[how].options, phrasings[how].label);
}

export function relationshipsSection(ctx: ReportContext): ReportSection {
  const venus = signOfPoint(ctx, 'venus')!;
  const mars = signOfPoint(ctx, 'mars')!;
  const parts: string[] = [];
  // Earth and water, fire and air feed each other; signs that face each other pair such elements yet are opposites.
  const kinship = signKinship(venus.id, mars.id);
  const link = aspectBetween(ctx, 'venus', 'mars');
  // Conjunct across a sign line, the two are one impulse in two manners: said once, instead of "may not match" beside "hard to separate".
  const joinedAcross = link?.type === 'conjunction' && kinship !== 'same';
  // Conjunct in one sign, the conjunction says what the shared element would; within FIGURE_ORB the pair is read as one
  // figure before Mars's placement (conjunction-figures.ts), so the conjunction is not announced here as well: four
  // sentences saying that love and desire are fused read as one thought repeated.
  const conjunctInSign = link?.type === 'conjunction' && kinship === 'same';
  const figure = link?.type === 'conjunction' && link.orb <= FIGURE_ORB;
  parts.push(
    `${ctx.choose(
      [
        `Venus in ${venus.name} describes what draws you and how you show affection: with ${SIGN_LOVE[venus.id]}. Mars in ${mars.name} describes how you pursue what you want: with ${SIGN_STYLE[mars.id]}.`,
        `What attracts you, and the way you show fondness, carry the mark of Venus in ${venus.name}: ${SIGN_LOVE[venus.id]}. The way you go after what you want belongs to Mars in ${mars.name}: ${SIGN_STYLE[mars.id]}.`,
        `Of the two planets that speak first about love, Venus, in ${venus.name}, gives your affection ${SIGN_LOVE[venus.id]}, and Mars, in ${mars.name}, meets desire with ${SIGN_STYLE[mars.id]}.`,
        `In love you are drawn by Venus in ${venus.name}, which sets the taste with ${SIGN_LOVE[venus.id]}, and moved to act by Mars in ${mars.name}, which sets the pace with ${SIGN_STYLE[mars.id]}.`,
      ],
      'relationships-venus-mars',
    )}${conjunctInSign ? '' : ` ${venusMarsKinship(ctx, venus, mars, joinedAcross ? 'joined' : kinship)}`}`,
  );
  if (link && !joinedAcross && !figure)
    parts.push(
      link.family === 'tense'
        ? ctx.choose(
            [
              `Venus and Mars form ${withArticle(link.type)}: desire and tenderness rub against each other, which brings heat to your relationships and asks you to let both speak instead of switching between them.`,
              `The ${link.type} between Venus and Mars gives your love life a spark and some friction: you may want closeness and independence at once, and the relationships that last make room for both.`,
              `With Venus and Mars in ${withArticle(link.type)}, wanting and caring do not always arrive together; passion can outrun gentleness or the reverse, and naming which one is speaking helps.`,
            ],
            'relationships-venus-mars-tense',
          )
        : link.family === 'flowing'
          ? ctx.choose(
              [
                `Venus and Mars form ${withArticle(link.type)}: warmth and desire cooperate, and closeness tends to grow without much strain.`,
                `Their ${link.type} lets affection and desire work as partners, so you can be both gentle and direct with the people you love.`,
                `Joined by ${withArticle(link.type)}, Venus and Mars make attraction easy to act on and easy to keep kind.`,
              ],
              'relationships-venus-mars-flowing',
            )
          : ctx.choose(
              [
                `Venus and Mars are conjunct: love and desire are fused, so attraction is quick and wholehearted.`,
                `Venus and Mars stand together, so what you love and what you want are hard to separate, and you tend to give yourself fully once you are drawn.`,
              ],
              'relationships-venus-mars-conjunction',
            ),
    );
  if (ctx.timed) {
    const dsc = cuspOf(ctx, 7)!;
    const ruler = houseRuler(ctx, 7)!;
    const rulerPoint = ctx.factors.points.get(ruler);
    const inSeventh = planetsInHouse(ctx, 7).map(pointInSentence);
    const pointsInEmptySeventh = inSeventh.length ? undefined : pointsBesideNoPlanet(ctx, 7);
    parts.push(
      `${ctx.choose(
        [
          `Your Descendant, the cusp of the 7th house of close partnership, is in ${dsc.name}: you look in partners for ${SIGN_LOVE[dsc.id]}, often qualities you show less readily yourself.`,
          `Opposite your Ascendant, the Descendant opens the 7th house in ${dsc.name}, so the people you choose to stand beside tend to bring ${SIGN_LOVE[dsc.id]}, a part of you that others often carry first.`,
          `The 7th house, of the people you pair with, begins in ${dsc.name}. Partners often supply ${SIGN_LOVE[dsc.id]}, and in living with them you may find that these qualities were yours to develop too.`,
          `With ${dsc.name} on the Descendant, you tend to seek in a partner ${SIGN_LOVE[dsc.id]}, and at first these can look like qualities only the other person has.`,
        ],
        'relationships-descendant',
      )}${narrowHouseNote(ctx, 7)} ${
        inSeventh.length
          ? `${capitalize(joinAnd(inSeventh))} ${inSeventh.length === 1 ? 'stands' : 'stand'} in the 7th house, so ${inSeventh.length === 1 ? 'its' : 'their'} themes are lived largely through others.`
          : ctx.choose(
              [
                `No planet stands in the 7th house; partnership follows ${dsc.name} on its cusp and ${pointInSentence(ruler)}, its ruler.`,
                `The 7th house itself holds none of the planets, which is common and says nothing about how much partnership matters: ${dsc.name} and its ruler, ${pointInSentence(ruler)}, tell the story instead.`,
                `With no planet in the 7th, the house speaks through its sign, ${dsc.name}, and through ${pointInSentence(ruler)}, the planet that rules it.`,
              ],
              'relationships-empty-seventh',
            )
      }${pointsInEmptySeventh ? ` ${pointsInEmptySeventh}` : ''}`,
    );
    const onDescendant = pointsOnDescendant(ctx);
    if (onDescendant) parts.push(onDescendant);
    const rulerDomain = rulerPoint?.house === undefined ? undefined : ctx.houseDomainUnlessSaid(rulerPoint.house);
    if (rulerPoint?.house !== undefined) {
      ctx.markRulerRead(7);
      parts.push(
        `${capitalize(pointInSentence(ruler))}, ruler of the Descendant, stands in your ${ordinal(rulerPoint.house)} house${rulerDomain ? ` (${rulerDomain})` : ''}. ${
          rulerPoint.house === 7
            ? 'Partnership is its own reward in your chart: relationships are a place where you find yourself, not only others.'
            : // (Phrasings as functions: only the chosen one names the house's matters, and so takes a turn of houseDomain.)
              ctx.choose(
                [
                  () =>
                    `Partners tend to enter your life through the ${ordinal(rulerPoint.house!)} house's affairs, and a relationship often changes how you live them.`,
                  () =>
                    `The people who matter most to you are likely to be met through ${ctx.houseDomain(rulerPoint.house!)}, and a close bond tends to reshape that part of your life in turn.`,
                  () =>
                    `So the ${ordinal(rulerPoint.house!)} house is where partnership does much of its work: it is a likely meeting ground, and the place a relationship changes first.`,
                  () =>
                    `What you look for in another person is coloured by the concerns of your ${ordinal(rulerPoint.house!)} house, and the relationships that last tend to give you something to build there together.`,
                ],
                `relationships-ruler-${rulerPoint.house}`,
              )()
        }`,
      );
    }
    parts.push(fifthHouse(ctx));
  }
  return section('relationships', 'Relationships', parts);
}

/**
 * The 5th house, of romance and play, which the chapter's introduction names beside the 7th (readers found it promised and
 * never read): its cusp's sign, the planets in it, and where its ruler stands.
 */
function fifthHouse(ctx: ReportContext): string {
  const cusp = cuspOf(ctx, 5)!;
  const ruler = houseRuler(ctx, 5)!;
  const rulerHouse = ctx.factors.points.get(ruler)?.house;
  const inFifth = planetsInHouse(ctx, 5).map(pointInSentence);
  const opening = `The 5th house, of romance, play and what you make for the joy of it, begins in ${cusp.name}, which lends courtship and pleasure ${SIGN_STYLE[cusp.id]}.`;
  const planets = inFifth.length
    ? `${capitalize(joinAnd(inFifth))} ${inFifth.length === 1 ? 'stands' : 'stand'} there, and ${inFifth.length === 1 ? 'its' : 'their'} themes colour how you flirt, play and create.`
    : `No planet stands there, so ${pointInSentence(ruler)}, its ruler${rulerHouse === undefined ? '' : `, in your ${ordinal(rulerHouse)} house`}, says where that pleasure tends to be found.`;
  return `${opening}${narrowHouseNote(ctx, 5)} ${planets}`;
}

/** Within this many degrees of the Descendant a planet (or Chiron) colours partnership wherever its house falls. */
const ON_ANGLE_DEG = 3;

/**
 * The planets and Chiron within ON_ANGLE_DEG of the Descendant, on either side of it (a planet in the 7th is already named
 * as standing there; Chiron is not among the planets that "no planet in the 7th" counts): a 7th house called empty with
 * Chiron 0°24′ from its cusp is not empty to a reader who knows the chart.
 */
function pointsOnDescendant(ctx: ReportContext): string | undefined {
  const asc = ctx.chart.angles?.asc;
  if (asc === undefined) return undefined;
  const near = [...ctx.factors.points.values()]
    .filter((p) => p.house !== undefined && (p.id === 'chiron' || (TEN_PLANET_IDS as readonly string[]).includes(p.id)))
    .filter((p) => !(p.house === 7 && p.id !== 'chiron'))
    .map((p) => ({ id: p.id, house: p.house!, orb: Math.abs(signedSeparation(asc + 180, p.lon)) }))
    .filter((p) => p.orb <= ON_ANGLE_DEG)
    .sort((a, b) => a.orb - b.orb);
  if (!near.length) return undefined;
  const named = near.map((p) => `${pointInSentence(p.id)}, ${degreesMinutes(p.orb)} from it${p.house === 7 ? '' : ` in the ${ordinal(p.house)} house`}`);
  return `${near.length === 1 ? 'One point' : 'Some points'} of your chart ${near.length === 1 ? 'stands' : 'stand'} on the Descendant itself: ${joinAnd(named)}. So close to the angle, ${near.length === 1 ? 'it colours' : 'they colour'} partnership as much as a planet in the 7th would, and ${near.length === 1 ? 'its' : 'their'} themes tend to arrive through the people you pair with.`;
}
