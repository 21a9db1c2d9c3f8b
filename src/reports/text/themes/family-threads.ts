/**
 * The family theme's further threads, each drawn from one factor the chapter has not read yet:
 * the ruler of the Moon's sign and where it stands (what the care you took in leans on), the
 * elements of the Moon and Saturn side by side (the care and the rule), the half of the Moon's
 * cycle you were born in (a family story carried forward or gathered in), the Sun's house (where
 * the example you grew toward is lived out), and a closing paragraph that names the factors the
 * chapter drew on and what they ask of you now.
 *
 * Untimed: a thread that rests on the Moon's sign is read only when the Moon kept its sign all
 * day, and the cycle's half only when the whole day lay in one half; anything resting on a house
 * is read only with a birth time.
 */
import { normalizeDegrees, signOf } from '../../../astro/zodiac.ts';
import { readAsTurning, readingPhaseOf } from '../lunation-reading.ts';
import { MODERN_RULER } from '../../../interpretations/chart-factors/rulers.ts';
import { signElement } from '../../../interpretations/chart-factors/balance.ts';
import { signKinship, type SignKinship } from '../sign-kinship.ts';
import type { ReportContext } from '../context.ts';
import { moonSignNote } from '../untimed-moon-sign.ts';
import { aspectBetween, houseRuler, signOfPoint } from '../chart-facts.ts';
import { pointInSentence } from '../phrases.ts';
import { joinAnd, ordinal } from '../report-markdown.ts';
import { OUTER_PLANET_IDS } from '../ranking.ts';

const OUTER = new Set<string>(OUTER_PLANET_IDS);

/** Whether the Moon's sign is a fact of the chart: timed, or untimed and the Moon kept one sign all day. */
export function moonSignCertain(ctx: ReportContext): boolean {
  return ctx.timed || !ctx.sky.moonDay || ctx.sky.moonDay.signs.length === 1;
}

/** The houses the chapter's earlier paragraphs (family-images.ts) name: the Moon's, Saturn's and where the 4th and 10th rulers stand. */
function chapterHouses(ctx: ReportContext): number[] {
  const rulers = [4, 10].map((h) => houseRuler(ctx, h)).filter((r): r is string => r !== undefined);
  return ['moon', 'saturn', ...rulers].map((id) => ctx.houseOf(id)).filter((h): h is number => h !== undefined);
}

/** What the ruler of the Moon's sign lends the care you took in, by the ruler's element. */
const LEANS_ON: Record<string, string> = {
  fire: 'courage and a sense that things can be started again',
  earth: 'what can be touched, counted and relied on',
  air: 'words, explanations and the company of other people',
  water: 'feeling and the closeness of the few you trust',
};

function moonRulerThread(ctx: ReportContext, named: string[]): string | undefined {
  if (!moonSignCertain(ctx)) return undefined;
  const moon = signOfPoint(ctx, 'moon')!;
  const ruler = MODERN_RULER[moon.id];
  if (ruler === 'moon') {
    named.push(`the Moon in its own sign, ${moon.name}`);
    return ctx.choose(
      [
        `In ${moon.name} the Moon is in its own sign, so the care you took in needs no other planet to speak for it: feelings are met on their own terms, neither argued away nor put to work. It is a strong base when home was kind and an insistent one when it was not, because the need for a real place of belonging does not fade with age; you tend to make that place yourself when it was not given.`,
        `The Moon rules ${moon.name}, the sign it stands in, and that doubles its voice: belonging, feeding and being fed, the memory of home, are not one need among many for you but the ground the others stand on. What you missed early you are likely to give generously later, to others and, with practice, to yourself.`,
      ],
      'family-moon-ruler-own',
    );
  }
  const point = ctx.factors.points.get(ruler);
  // A slow planet's sign is its generation's, not what one person's comfort rests on (a reader met an air Moon's "being
  // listened to is the care you value most" beside comfort that "leans on what can be touched", from Uranus in Capricorn).
  if (!point || OUTER.has(ruler)) return undefined;
  const rulerSign = signOf(point.lon);
  const house = ctx.houseOf(ruler);
  named.push(`${pointInSentence(ruler)} in ${rulerSign.name} as ruler of your ${moon.name} Moon`);
  const where = house !== undefined ? ` in your ${ordinal(house)} house` : '';
  const lean = LEANS_ON[signElement(rulerSign.id)]!;
  // The house's area in words only when no earlier paragraph of the chapter spelled it out.
  const housePart =
    house !== undefined && !chapterHouses(ctx).includes(house)
      ? ` Because it stands in the ${ordinal(house)} house, you may turn to ${ctx.houseDomain(house)}, often without noticing, to feel at home in yourself again.`
      : '';
  return (
    ctx.choose(
      [
        `A Moon in ${moon.name} is looked after, so to speak, by the planet that rules ${moon.name}: ${pointInSentence(ruler)} in ${rulerSign.name}${where}. The comfort you learned to look for leans on ${lean}; when you are low, that is what restores you soonest, and what you may have wished for most in the house you grew up in.`,
        `Follow your Moon to the ruler of its sign and you reach ${pointInSentence(ruler)} in ${rulerSign.name}${where}. That link says what your early sense of safety rested on: ${lean}. It is often the thing you still reach for first when a day goes wrong, and the thing you most readily give to the people you look after.`,
      ],
      'family-moon-ruler',
    ) + housePart
  );
}

/** The ruler of the Sun's sign: what the example you grew toward rested on, by the ruler's element. */
const EXAMPLE_RESTS_ON: Record<string, string> = {
  fire: 'nerve and conviction, the courage to go first',
  earth: 'competence and follow-through, promises kept in practice',
  air: 'reasons and fairness, the ability to explain and to listen',
  water: 'feeling and loyalty, the ability to sense what others need',
};

function sunRulerThread(ctx: ReportContext, named: string[]): string | undefined {
  const sun = signOfPoint(ctx, 'sun')!;
  const ruler = MODERN_RULER[sun.id];
  if (ruler === 'sun' || (ruler === 'moon' && !moonSignCertain(ctx))) return undefined;
  const point = ctx.factors.points.get(ruler);
  // (The same for the example the Sun grew toward.)
  if (!point || OUTER.has(ruler)) return undefined;
  const sign = signOf(point.lon);
  named.push(`${pointInSentence(ruler)} in ${sign.name} as ruler of your ${sun.name} Sun`);
  // The planet that rules the Moon's sign rules the Sun's too: one more sentence on it, not a second reading.
  const moonSign = signOfPoint(ctx, 'moon')!;
  if (moonSignCertain(ctx) && MODERN_RULER[moonSign.id] === ruler)
    return `The same planet rules your ${sun.name} Sun, so the care you took in and the example you grew toward lean on one thing, ${EXAMPLE_RESTS_ON[signElement(sign.id)]}; it is the quality you are likely to look for first in anyone who claims authority over you.`;
  return ctx.choose(
    [
      `The Sun in ${sun.name} takes its lead from the ruler of ${sun.name}, ${pointInSentence(ruler)} in ${sign.name}, and that says what the example you grew toward rested on: ${EXAMPLE_RESTS_ON[signElement(sign.id)]}. It is the quality you are likely to look for first in anyone who claims authority over you, and the one you may still be proving to an absent judge.`,
      `Behind your ${sun.name} Sun stands its ruler, ${pointInSentence(ruler)} in ${sign.name}: the grown-up you hoped to become was built, in your mind, on ${EXAMPLE_RESTS_ON[signElement(sign.id)]}. Where a parent showed this, you took it as a standard; where no one did, you may have set it for yourself, sometimes too high.`,
    ],
    'family-sun-ruler',
  );
}

const CARE_AND_RULE: Record<SignKinship, readonly string[]> = {
  same: [
    'Your Moon and your Saturn share an element, so the care you received and the rules you were given seem to have come from one household mood: comfort and duty spoke the same language. That makes self-discipline feel natural to you, even soothing; the risk is that you never question a standard because it feels like home.',
  ],
  friendly: [
    'The elements of your Moon and your Saturn are different but on good terms, so the care and the rules of your early years probably supported each other: limits came with enough warmth to be accepted, and comfort with enough structure to be trusted. As an adult you are likely to be a fair keeper of rules for others, firm without coldness.',
  ],
  facing: [
    'Your Moon and your Saturn stand in signs that face each other across the zodiac: their elements can work together, yet care and rules may have come from opposite ends of the house, comfort on one side and correction on the other, and joining them has been part of your own growing up.',
  ],
  contrast: [
    'The elements of your Moon and your Saturn do not mix easily, which pictures care and rules as separate rooms of the house you grew up in: being comforted and being corrected may have felt like different worlds, or come from different people. You may still switch between them, soft in one mood and strict in the next, and part of growing older is letting the two meet in one decision.',
  ],
};

function careAndRuleThread(ctx: ReportContext, named: string[]): string | undefined {
  if (!moonSignCertain(ctx)) return undefined;
  // Where the Moon and Saturn make an aspect, the parental images read it, and their elements add a second verdict on the
  // same pair (a Nairobi reader met a conjunction's "comfort rationed" beside its shared element's "comfort and duty spoke
  // the same language").
  const aspect = aspectBetween(ctx, 'moon', 'saturn');
  if (aspect && ctx.rankingOrb(aspect) !== undefined) return undefined;
  const moon = signOfPoint(ctx, 'moon')!;
  const saturn = signOfPoint(ctx, 'saturn')!;
  const [me, se] = [signElement(moon.id), signElement(saturn.id)];
  named.push(`Saturn in ${saturn.name}`);
  return `${ctx.choose(CARE_AND_RULE[signKinship(moon.id, saturn.id)], 'family-care-rule')} (Moon in ${moon.name}, ${me}; Saturn in ${saturn.name}, ${se}.)`;
}

/** The Moon's distance ahead of the Sun at a moment of the day (untimed: the day's two ends). */
function elongations(ctx: ReportContext): number[] {
  const sun = ctx.factors.points.get('sun')!.lon;
  const day = ctx.sky.moonDay;
  if (ctx.timed || !day) return [normalizeDegrees(ctx.factors.points.get('moon')!.lon - sun)];
  // The Sun moves about half a degree between midnight and noon: its noon place is close enough for a half of the cycle.
  return [normalizeDegrees(day.startLon - sun), normalizeDegrees(day.endLon - sun)];
}

function cycleThread(ctx: ReportContext, named: string[]): string | undefined {
  const moments = elongations(ctx);
  // Hours short of a New or Full Moon the reading has the birth at the turn (lunation-reading.ts), where neither half's words hold.
  const turn = moments.length === 1 && readAsTurning(moments[0]!) ? readingPhaseOf(moments[0]!) : undefined;
  if (turn === 'new_moon') {
    named.push('the coming New Moon');
    return ctx.choose(
      [
        'You were born in the last hours before a New Moon, as one lunar cycle closed and the next was about to open, and in family terms that suggests someone who stands at a hinge between generations: you may carry the end of one family story and the start of another at once, finishing what those before you left open while quietly beginning what they never tried.',
      ],
      'family-cycle-new',
    );
  }
  if (turn === 'full_moon') {
    named.push('the coming Full Moon');
    return ctx.choose(
      [
        'You were born in the hours before a Full Moon, with the Moon all but opposite the Sun and almost wholly lit, and in family terms that suggests a household whose two sides stood in plain view of each other: you may have seen early and clearly what each parent, or each side of the family, wanted, and much of your own life may go into bringing those halves into one picture.',
      ],
      'family-cycle-full',
    );
  }
  const halves = moments.map((e) => (e < 180 ? 'waxing' : 'waning'));
  if (new Set(halves).size > 1) return undefined;
  named.push(`the ${halves[0]} Moon`);
  return halves[0] === 'waxing'
    ? ctx.choose(
        [
          "You were born while the Moon was waxing, moving away from the Sun toward fullness, and the family story that fits this half of the cycle is one of building: you are inclined to take what you were given and add to it, to go further or do differently than the generation before you, and to measure yourself by what you started rather than by what you kept. The family's unfinished business tends to reach you as a task to carry forward.",
          'The Moon was in its waxing half when you were born, growing toward the full, and in family terms that suggests someone who reaches outward from where they began: you are likely to treat your upbringing as a starting point rather than a place to return to, and to feel most yourself when you are adding a chapter the family had not written yet.',
        ],
        'family-cycle-waxing',
      )
    : ctx.choose(
        [
          "You were born while the Moon was waning, past the full and turning back toward the Sun, and the family story that fits this half of the cycle is one of gathering in: you are inclined to understand, sort and make sense of what came before you, and may become the one who keeps the photographs, remembers the stories and sees the pattern running through the generations. Your work with the family's past is less to escape it than to finish it well.",
          'The Moon was in its waning half when you were born, returning from fullness toward the Sun, which suggests a reflective relation to where you come from: you are likely to look back as much as forward, to sift what your family handed on, and to keep what is worth keeping with unusual care. What felt unresolved in the household you grew up in can become, in your hands, something understood.',
        ],
        'family-cycle-waning',
      );
}

function sunHouseThread(ctx: ReportContext, named: string[]): string | undefined {
  const house = ctx.houseOf('sun');
  if (house === undefined) return undefined;
  named.push(`the Sun in the ${ordinal(house)} house`);
  // The house's own words even where the chapter named them already: "the same area of life named above" left a reader looking for it.
  const area = ctx.houseDomain(house);
  return ctx.choose(
    [
      `The example you grew toward is lived out in the ${ordinal(house)} house, where your Sun stands: ${area}. It is there that you most want to become the grown-up you once admired, or the one you wished had been there, and there that comparisons with a parent, favourable or not, are most likely to surface.`,
      `With the Sun in the ${ordinal(house)} house, your idea of a grown-up worth becoming takes shape in ${area}. Family expectations, spoken or not, often meet you in that area first, and so does the satisfaction of finding your own way of meeting them.`,
    ],
    'family-sun-house',
  );
}

/**
 * The family threads and a closing paragraph naming every factor this chapter has read, so that a
 * reader sees what the picture rests on.
 */
export function familyThreadParts(ctx: ReportContext, earlier: string[]): string[] {
  const named: string[] = [...earlier];
  const parts = [
    moonRulerThread(ctx, named),
    sunRulerThread(ctx, named),
    careAndRuleThread(ctx, named),
    cycleThread(ctx, named),
    sunHouseThread(ctx, named),
  ].filter((p): p is string => p !== undefined);
  const factors = summaryOf([...new Set(named)]);
  if (factors.length >= 3)
    parts.push(
      ctx.choose(
        [
          `This chapter has drawn on ${joinAnd(factors)}. None of them says what your parents were; together they say what you took from them and what you carry still. The images that hurt tend to soften once they are recognised as images, and the ones that helped become yours to pass on by choice rather than by habit.`,
          `Taken together, ${joinAnd(factors)} make one picture rather than several: not a verdict on the people who raised you, but a map of what you absorbed. You can keep what served you, set down what no longer does, and notice when an old family rule is speaking in your own voice.`,
        ],
        'family-close',
      ),
    );
  return parts;
}

/** The factors for the closing sentence, the rulers gathered into one phrase each so that it reads as a sentence, not a list. */
function summaryOf(factors: string[]): string[] {
  const houseRulers = factors.filter((f) => / as ruler of the \d+th house$/.test(f));
  const lightRulers = factors.filter((f) => / as ruler of your \w+ (Sun|Moon)$/.test(f));
  const rest = factors.filter((f) => !houseRulers.includes(f) && !lightRulers.includes(f));
  const houses = houseRulers.map((f) => /(\d+th) house$/.exec(f)![1]!);
  const lights = lightRulers.map((f) => / (Sun|Moon)$/.exec(f)![1]!);
  const out = [...rest];
  if (houseRulers.length) out.push(houseRulers.length > 1 ? `the rulers of your ${joinAnd(houses)} houses` : houseRulers[0]!);
  if (lightRulers.length) out.push(lightRulers.length > 1 ? `the planets ruling your ${joinAnd(lights)}` : rulerNotRepeated(lightRulers[0]!, rest));
  return out;
}

/**
 * A light's ruler whose placement the list already names, by its rule alone: "the Sun's rule of your Leo Moon", not "the Sun
 * in Scorpio … and the Sun in Scorpio as ruler of your Leo Moon" (readers met the placement twice in one list).
 */
function rulerNotRepeated(factor: string, named: readonly string[]): string {
  const m = /^(.+?) in \w+ as ruler of (your \w+ (?:Sun|Moon))$/.exec(factor);
  const placement = m && factor.slice(0, factor.indexOf(' as ruler of '));
  return m && named.includes(placement!) ? `${m[1]}'s rule of ${m[2]}` : factor;
}

/** The factors the family chapter's earlier paragraphs read (the lights, Saturn, the 4th and 10th rulers), named for its close. */
export function familyFactors(ctx: ReportContext): string[] {
  const named: string[] = [];
  if (moonSignCertain(ctx)) named.push(`the Moon in ${signOfPoint(ctx, 'moon')!.name}`);
  named.push(`the Sun in ${signOfPoint(ctx, 'sun')!.name}`);
  for (const house of [4, 10]) {
    const ruler = houseRuler(ctx, house);
    if (ruler && ctx.houseOf(ruler) !== undefined) named.push(`${pointInSentence(ruler)} as ruler of the ${ordinal(house)} house`);
  }
  return named;
}

/** Untimed, on a day the Moon changed sign: the chapter reads the Moon's noon sign, and says first for which hours that holds. */
export function moonSignCaution(ctx: ReportContext): string | undefined {
  return moonSignNote(ctx);
}
