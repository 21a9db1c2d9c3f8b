/**
 * Further threads of the love and work themes, each drawn from a factor the chapter's planet
 * readings do not give, so that a chart whose Venus, Mars, Jupiter and Saturn make no close
 * aspect still has its love and work read from several factors:
 *
 * - love: Venus as morning or evening star (west or east of the Sun along the zodiac, as tradition counts it; not
 *   whether it rises first or sets last, which its latitude can reverse near the Sun: a Montreal reader's Venus 12° east
 *   of the Sun set 16 minutes before it), the ruler of Venus's sign and where it stands, and the Moon's element
 *   beside Venus's (what you need beside what attracts you; untimed only when the Moon kept its
 *   sign all day);
 * - work: Mercury's element (how you learn a trade; left out when the report has already taken that side of
 *   learning), Mars's modality (how you take on a task),
 *   and the Sun's element beside Saturn's (what you work for beside how you are made to work).
 *
 * None of these moves in a day, except the Moon's sign, which is guarded.
 */
import { signedSeparation, signOf } from '../../../astro/zodiac.ts';
import { signElement } from '../../../interpretations/chart-factors/balance.ts';
import { MODERN_RULER } from '../../../interpretations/chart-factors/rulers.ts';
import { inOneSign, signKinship, type SignKinship } from '../sign-kinship.ts';
import type { ReportContext } from '../context.ts';
import { signOfPoint } from '../chart-facts.ts';
import { pointInSentence } from '../phrases.ts';
import { moonSignCertain } from './family-threads.ts';

/** Venus nearer the Sun than this (degrees of longitude) is hidden in its glare, as a planet within the Sun's combustion is. */
const VENUS_HIDDEN_DEG = 8;

/**
 * Venus as a morning or an evening star, and what it claims of showing feeling (a forward, declaring way of caring, or a
 * watchful one): beside a reading that said the other, the two are named as one tension.
 */
function venusStar(ctx: ReportContext): string[] {
  const sun = ctx.factors.points.get('sun')!;
  const venus = ctx.factors.points.get('venus')!;
  const ahead = signedSeparation(sun.lon, venus.lon); // positive: Venus east of the Sun, setting after it
  const [sunSign, venusSign] = [signOf(sun.lon).name, signOf(venus.lon).name];
  const gap = Math.round(Math.abs(ahead));
  // Within 17′ of the Sun's centre: cazimi, which tradition reads as strengthening (a reader missed it beside "hidden").
  const cazimi = Math.abs(ahead) <= 17 / 60;
  // Within VENUS_HIDDEN_DEG of the Sun, Venus is lost in its light: neither a morning nor an evening star to anyone
  // watching, and the reading claims neither way of showing feeling.
  // (Decided on the whole degrees the sentence prints, so that "8° behind" is never said of a hidden Venus and "7°" of a star.)
  if (gap < VENUS_HIDDEN_DEG)
    return [
      `Venus in ${venusSign} stood ${gap < 1 ? 'less than a degree' : `${gap}°`} from the Sun in ${sunSign} when you were born, too close to be seen: neither a morning nor an evening star, but hidden in the Sun's light.${cazimi ? ` Within 17′ of the Sun's centre it was cazimi, "in the heart of the Sun", a place tradition counts as a strength rather than a burning.` : ''} Tradition reads this as love and self bound closely together: what you value and who you are tend to be one question for you, and you may come to know what you feel for someone by noticing how they change your sense of yourself.`,
    ];
  const text =
    ahead < 0
      ? `Venus in ${venusSign} stood ${gap}° behind the Sun in ${sunSign} when you were born: west of the Sun along the zodiac, which tradition counts as Venus the morning star. In love this is traditionally read as a leaning toward a forward, declaring way of caring: you may show interest before you are sure of it, court rather than wait to be courted, and learn what you feel by acting on it. The lesson that comes with it is patience with people who need longer to say yes.`
      : `Venus in ${venusSign} stood ${gap}° ahead of the Sun in ${sunSign} when you were born: east of the Sun along the zodiac, which tradition counts as Venus the evening star. In love this is traditionally read as a leaning toward a reflective, responsive way of caring: you may take your time, watch how someone treats others before letting them close, and come to know what you feel once you have lived with it a while. The lesson that comes with it is to say so sooner, before the moment passes.`;
  // Forward or reflective in love is a side of showing feeling, of meeting people and of love's pace (a reader met the
  // morning star's courting beside Venus in Cancer "testing whether it is safe before you commit", unjoined, and a Jakarta
  // reader the evening star's taking its time beside Venus in Aries's daring).
  const claims = ahead < 0 ? ['feeling:expressive', 'manner:expansive', 'courtship:swift'] : ['feeling:guarded', 'manner:reserved', 'courtship:unhurried'];
  return [text, ...ctx.ownClaims(claims, `Venus as ${ahead < 0 ? 'a Morning' : 'an Evening'} Star`)];
}

const LOVE_LEANS: Record<string, string> = {
  fire: 'warmth you can see, plans made together and a partner who keeps things alive',
  earth: 'loyalty shown in deeds, time kept for each other and a shared, well-kept life',
  air: 'talk, shared ideas, and the freedom to keep your own friends',
  water: 'emotional honesty, tenderness and the sense of being understood without explaining',
};

function venusRuler(ctx: ReportContext): string | undefined {
  const venus = signOfPoint(ctx, 'venus')!;
  const ruler = MODERN_RULER[venus.id];
  // Venus in its own sign has no second taste; an untimed Moon that changed sign that day has no certain place.
  if (ruler === 'venus' || (ruler === 'moon' && !moonSignCertain(ctx))) return undefined;
  const at = ctx.factors.points.get(ruler);
  if (!at) return undefined;
  const sign = signOf(at.lon);
  const name = pointInSentence(ruler);
  return ctx.choose(
    [
      `Venus in ${venus.name} answers to the ruler of its sign, ${name} in ${sign.name}. What you are drawn to in love is therefore coloured by a second taste, for ${LOVE_LEANS[signElement(sign.id)]}; a relationship that offers this as well tends to outlast the first attraction.`,
      `Your ${venus.name} Venus takes some of its direction from the ruler of ${venus.name}, ${name} in ${sign.name}: beneath the taste already described lies a wish for ${LOVE_LEANS[signElement(sign.id)]}, and it is often this quieter wish that decides whether you stay.`,
    ],
    'love-venus-ruler',
  );
}

/**
 * What desire is steered by, from the element of the ruler of Mars's sign: where it leans, with no verdict on staying power
 * or fantasy, which Mars's own sign and aspects decide (readers met "may lose interest when the spark is gone" beside a
 * Capricorn Mars that builds stage by stage, and "rarely chase a fantasy" beside Mars opposite Neptune).
 */
const DESIRE_STEERED_BY: Record<string, string> = {
  fire: 'toward enthusiasm, so that you pursue what excites you and want the spark kept alive once the chase is over',
  earth: 'toward the real and the lasting, so that you pursue what you can build something with',
  air: 'toward curiosity and conversation, so that you pursue the person whose mind keeps surprising you',
  water: 'toward feeling, so that you pursue where you sense an answering emotion and hold back where you do not',
};

function marsRuler(ctx: ReportContext): string | undefined {
  const mars = signOfPoint(ctx, 'mars')!;
  const ruler = MODERN_RULER[mars.id];
  // Mars in Aries or in Scorpio, its traditional home (the report says so of it), answers to nobody else:
  // "steered by the ruler of Scorpio, Pluto" read to a reader as a contradiction.
  if (ruler === 'mars' || mars.id === 'scorpio' || (ruler === 'moon' && !moonSignCertain(ctx))) return undefined;
  const at = ctx.factors.points.get(ruler);
  if (!at) return undefined;
  const sign = signOf(at.lon);
  return `Mars in ${mars.name} is steered by the ruler of ${mars.name}, ${pointInSentence(ruler)} in ${sign.name}, and in love that turns your desire ${DESIRE_STEERED_BY[signElement(sign.id)]}.`;
}

const NEED_AND_TASTE: Record<SignKinship, string> = {
  same: 'share an element, so what you need in order to feel safe and what attracts you tend to point at the same person: the one who appeals to you is usually also the one who can comfort you, which makes choosing simpler than it is for many.',
  friendly:
    'stand in different but friendly elements, so what you need and what attracts you are not identical but help each other: a partner who delights you can learn to comfort you, and one who comforts you can grow on you.',
  facing:
    'stand in signs that face each other across the zodiac: their elements can feed each other, but what comforts you and what attracts you start from opposite ends, so the person who excites you may first seem the opposite of the one who lets you rest. A relationship that makes room for both wishes tends to hold them better than one that chooses.',
  contrast:
    'stand in elements that do not mix easily, so the person who excites you may not be the one who lets you rest, and you may have learned this by experience. Naming both wishes to a partner, rather than expecting one of them to be guessed, is what lets one relationship hold them.',
};

function needAndTaste(ctx: ReportContext): string | undefined {
  if (!moonSignCertain(ctx)) return undefined;
  const [moon, venus] = [signOfPoint(ctx, 'moon')!, signOfPoint(ctx, 'venus')!];
  return `Your Moon in ${moon.name} and your Venus in ${venus.name} ${inOneSign(NEED_AND_TASTE[signKinship(moon.id, venus.id)], moon.id === venus.id)}`;
}

export function loveThreadParts(ctx: ReportContext): string[] {
  return [...venusStar(ctx), venusRuler(ctx), marsRuler(ctx), needAndTaste(ctx)].filter((p): p is string => p !== undefined);
}

/** How Mercury's element learns a trade, with the side of the learning faculty the sentence takes (none for water). */
const LEARNING_BY_ELEMENT: Record<string, { text: string; claims: string[] }> = {
  fire: {
    text: 'You learn a trade fastest by doing it, trying a thing at once and seeing a result, and slowest from manuals and long preparation.',
    claims: ['learning:doing'],
  },
  earth: {
    text: 'You learn a trade step by step, by practice and repetition until the skill sits in your hands, and you trust what you have tested yourself.',
    claims: ['learning:doing'],
  },
  air: {
    text: 'You learn a trade through ideas and people, by understanding its principles, asking questions and talking it over with those who know it.',
    claims: ['learning:reading'],
  },
  water: {
    text: 'You learn a trade by absorbing it, working beside people you respect and picking up its feel before you can explain its rules.',
    claims: [],
  },
};

/**
 * Where Mars does its best work, by sign, with the side of finishing what you start the sentence takes (none where it
 * takes neither). By sign rather than by modality: a reader met a Capricorn Mars, the sign of the long campaign, said to
 * be at its best at the start of things because Capricorn is a cardinal sign.
 */
const MARS_AT_WORK: Record<string, { text: string; claims: string[] }> = {
  aries: {
    text: 'At work this Mars is at its best at the start of things: opening a project, making the first call, getting something moving that others have only discussed.',
    claims: ['completion:starting'],
  },
  taurus: {
    text: 'At work this Mars is at its best where effort can accumulate: a project you can come back to day after day and watch grow under your hands.',
    claims: ['completion:finishing'],
  },
  gemini: {
    text: 'At work this Mars is at its best with several threads in hand at once: calls, messages, errands and a problem talked through until it gives.',
    claims: [],
  },
  cancer: {
    text: 'At work this Mars is at its best defending something: a team, a client or a piece of work it feels responsible for, pursued by a side road as often as head-on.',
    claims: [],
  },
  leo: {
    text: 'At work this Mars is at its best when the work carries your name: leading a team, presenting the result, taking charge of something others can see.',
    claims: [],
  },
  virgo: {
    text: 'At work this Mars is at its best where something can be made to work better: a process to fix, a draft to correct, a task done properly down to its last detail.',
    claims: [],
  },
  libra: {
    text: 'At work this Mars is at its best acting with and through other people: negotiating, brokering, bringing two sides to the point where the work can begin.',
    claims: [],
  },
  scorpio: {
    text: 'At work this Mars is at its best on one target pursued in depth: a hard problem, a long investigation, a job others have given up on.',
    claims: ['completion:finishing'],
  },
  sagittarius: {
    text: 'At work this Mars is at its best going after a large aim: new ground, a bold proposal, a goal far enough away to be worth the journey.',
    claims: [],
  },
  capricorn: {
    text: 'At work this Mars is at its best on a long campaign with a clear goal: it sets the plan in motion and then builds it stage by stage, long after the first enthusiasm has gone.',
    claims: ['completion:finishing'],
  },
  aquarius: {
    text: 'At work this Mars is at its best changing how something is done: a system to redesign, a rule to question, a cause worked for alongside others.',
    claims: [],
  },
  pisces: {
    text: 'At work this Mars is at its best where problems change shape: several threads at once, new demands, an obstacle that needs a way round rather than a way through.',
    claims: [],
  },
};

const PURPOSE_AND_DISCIPLINE: Record<SignKinship, string> = {
  same: 'share an element, so what you work for and the discipline it takes are of one piece: effort seldom feels imposed when the goal is yours, and you can keep going longer than most.',
  friendly:
    'stand in different but friendly elements: the discipline your work asks for tends to support what you want from it, and duty and purpose can usually be brought to the same desk.',
  facing:
    'stand in signs that face each other across the zodiac: their elements can support each other, but what you want from your work and the discipline it asks for tend to start from opposite ends, and the roles that suit you best give each its due.',
  contrast:
    'stand in elements that do not mix easily, so the work that fulfils you and the work that is expected of you may feel like two jobs. The solution is seldom to drop one: it is to find the role in which the duty serves the purpose.',
};

export function workThreadParts(ctx: ReportContext): string[] {
  const sign = (id: string) => signOfPoint(ctx, id)!;
  const [mercury, mars, sun, saturn] = [sign('mercury'), sign('mars'), sign('sun'), sign('saturn')];
  const learning = LEARNING_BY_ELEMENT[signElement(mercury.id)]!;
  const label = `Mercury in ${mercury.name}`;
  // A side of learning the report has already taken is not said a fifth time (a reader met "learn by doing" in four
  // passages); one it contradicts is named as the tension it is, unless the reading of this Mercury's own sign took the
  // other side: that reading has said how this Mercury learns, and the element's sentence would set it against itself.
  const learningParts =
    (learning.claims.length > 0 && learning.claims.every((c) => ctx.hasAsserted(c))) || ctx.contradictsItself(learning.claims, label)
      ? []
      : [`${label} describes how you learn the skills work asks of you. ${learning.text}`, ...ctx.ownClaims(learning.claims, label)];
  // Mars's side of finishing, as Mercury's of learning: named as a tension where it answers an earlier side, and left
  // out where the reading of this Mars's own sign took the other.
  const atWork = MARS_AT_WORK[mars.id]!;
  const marsLabel = `Mars in ${mars.name}`;
  const marsAtWork = ctx.contradictsItself(atWork.claims, marsLabel)
    ? []
    : [`${marsLabel} shows how you go at the work itself. ${atWork.text}`, ...ctx.ownClaims(atWork.claims, marsLabel)];
  return [
    ...learningParts,
    ...marsAtWork,
    `Your Sun in ${sun.name} and Saturn in ${saturn.name} ${inOneSign(PURPOSE_AND_DISCIPLINE[signKinship(sun.id, saturn.id)], sun.id === saturn.id)}`,
  ];
}
