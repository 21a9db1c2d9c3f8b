/** The core placements: the Sun, the Moon, the rising sign and the chart ruler, and how the lights relate; the themes (../themes/) place them. */
import { unaspectedNote } from '../unaspected.ts';
import { degreesAndMinutes, signedSeparation, signIndexOf, signOf } from '../../../astro/zodiac.ts';
import { combustionAt } from '../../../astro/combustion.ts';
import { isClassical } from '../../../astro/horoscope-model.ts';
import { signRuler } from '../../../astro/profections.ts';
import { dignitiesOf } from '../../../astro/dignities.ts';
import { angleSignMargin, cuspMargin, nameOfSign, signMargin } from '../chart-facts.ts';
import { signElement } from '../../../interpretations/chart-factors/balance.ts';
import { keys } from '../../../interpretations/keys.ts';
import type { ReportContext } from '../context.ts';
import { joinAnd, ordinal, withArticle, zodiacPosition } from '../report-markdown.ts';
import { POINT_NAMES, SIGN_STYLE } from '../phrases.ts';
import { conjunctionFigure } from '../../synthesis/conjunction-figures.ts';
import { moonSignHours } from '../untimed-moon-sign.ts';
import { bodySignHours } from '../untimed-ingresses.ts';
import { signKinship } from '../sign-kinship.ts';

/** Weights of the core entries in the synthesis. */
export const CORE_WEIGHT = { luminarySign: 10, luminaryHouse: 7, ascendant: 9, rulerSign: 8, rulerHouse: 6 };

/** "Sun 21°31′ Taurus, 9th house, retrograde" */
export function placementFact(ctx: ReportContext, id: string): string {
  const p = ctx.factors.points.get(id)!;
  const day = id === 'moon' ? ctx.sky.moonDay : undefined;
  if (day) return `Moon ${zodiacPosition(day.startLon)} to ${zodiacPosition(day.endLon)} over the birth day (${zodiacPosition(p.lon)} at noon)`;
  const change = bodySignHours(ctx, id);
  if (change)
    return `${POINT_NAMES[id]} ${zodiacPosition(p.lon)} at noon${p.speed < 0 ? ', retrograde' : ''}, in ${change.other} if you were born ${change.otherBorn} local time`;
  const margin = signMargin(ctx, id);
  return `${POINT_NAMES[id]} ${zodiacPosition(p.lon)}${p.house !== undefined ? `, ${ordinal(p.house)} house` : ''}${p.speed < 0 && id !== 'north_node' ? ', retrograde' : ''}${dignityFact(id, p.lon)}${combustionFact(ctx, id)}${margin ? ` · ${margin}` : ''}`;
}

/**
 * ", combust (4°12′ from the Sun)" or ", cazimi (in the heart of the Sun)": the five planets' combustion (src/astro/combustion.ts), which an astrologer
 * looks for beside dignity (readers missed a combust Mercury and Mars). Untimed, the noon distance is said only when the
 * state holds over the whole birth day (the planet and the Sun move apart or together by up to two degrees a day).
 */
function combustionFact(ctx: ReportContext, id: string): string {
  if (!isClassical(id) || id === 'sun' || id === 'moon') return '';
  const p = ctx.factors.points.get(id);
  const sun = ctx.factors.points.get('sun');
  if (!p || !sun) return '';
  const distance = Math.abs(signedSeparation(sun.lon, p.lon));
  const reach = ctx.timed ? 0 : Math.abs(p.speed - sun.speed) / 2;
  const [near, far] = [combustionAt(id, Math.max(0, distance - reach)), combustionAt(id, distance + reach)];
  if (near !== far || !near) return '';
  const { deg, min } = degreesAndMinutes(distance);
  return near === 'cazimi' ? ', cazimi (in the heart of the Sun)' : `, combust (${deg}°${String(min).padStart(2, '0')}′ from the Sun)`;
}

/** ", in its fall": a traditional planet's essential dignity or debility by sign, for the fact line (a reader missed Saturn's fall in Aries). */
function dignityFact(id: string, lon: number): string {
  // The seven planets of tradition, whose essential dignity by sign an astrologer looks for first.
  if (!isClassical(id)) return '';
  const dignities = dignitiesOf(id, lon);
  return dignities.length ? `, in its ${joinAnd(dignities)}` : '';
}

/**
 * A planet's sign entry and, for a timed chart, its house entry, each under its own heading with its facts. `readSign`
 * false: the house alone (a slow chart ruler's sign is its generation's; its house is the chart's own).
 */
export function placementEntries(ctx: ReportContext, id: string, weights: { sign: number; house: number }, headingPrefix = '', readSign = true): string[] {
  const p = ctx.factors.points.get(id);
  if (!p) return [];
  const parts: string[] = [];
  const figure = conjunctionFigure(ctx, id);
  if (figure) parts.push(figure);
  const signKey = keys.planetSign(id, p.sign);
  const signText = !readSign
    ? undefined
    : ctx.take(signKey, `${POINT_NAMES[id]} in ${ctx.signName(id)}`, weights.sign, {
        heading: headingPrefix + (ctx.library.entries.get(signKey)?.title ?? ''),
        fact: placementFact(ctx, id),
      });
  if (signText) parts.push(signText);
  const other = signText ? otherSignReading(ctx, id) : undefined;
  if (other) parts.push(other);
  if (p.house !== undefined) {
    const houseKey = keys.planetHouse(id, p.house);
    const houseText = ctx.take(houseKey, `${POINT_NAMES[id]} in the ${ordinal(p.house)} House`, weights.house, {
      heading: headingPrefix + (ctx.library.entries.get(houseKey)?.title ?? ''),
      // Once the house's matters were named twice, the heading says all a fact line would ("6th house" under "Moon in the 6th House").
      // Without its sign's reading, the planet's place is given here.
      fact: () => {
        if (!readSign) return placementFact(ctx, id);
        const domain = ctx.houseDomainUnlessSaid(p.house!);
        const margin = cuspMargin(ctx, id);
        return [domain ? `${ordinal(p.house!)} house: ${domain}` : '', margin ? `${POINT_NAMES[id]} ${margin}` : ''].filter(Boolean).join(' · ');
      },
    });
    if (houseText) parts.push(houseText);
  }
  // Said once, with the planet's first reading.
  const alone = signText ? unaspectedNote(ctx, id) : undefined;
  if (alone) parts.push(alone);
  return parts;
}

export function sunMoonBridge(ctx: ReportContext): string | undefined {
  const sun = ctx.factors.points.get('sun');
  const moon = ctx.factors.points.get('moon');
  if (!sun || !moon) return undefined;
  // Untimed, on a day the Moon changed sign, how its sign meets the Sun's depends on the hour: nothing is said of it.
  if (moonSignHours(ctx)) return undefined;
  const se = signElement(sun.sign);
  const me = signElement(moon.sign);
  const sunSign = signOf(sun.lon).name;
  const moonSign = signOf(moon.lon).name;
  const kinship = signKinship(sun.sign, moon.sign);
  // An aspect across the signs' border says the opposite of what the elements say (a trine from an air Sun to a water
  // Moon, 5° into their signs): the passage on the aspect and this one would contradict each other unless it is named.
  const across = ctx.heldAspects.find((a) => a.p1 === 'sun' && a.p2 === 'moon');
  if (across && kinship === 'contrast' && across.family === 'flowing')
    return `Your Sun's ${se} and your Moon's ${me} speak different languages, yet the two stand in ${withArticle(across.type)} across the border of their signs: what you aim for and what you need find each other more easily than their elements suggest, though the meeting is made in translation, and a decision that suits one may still have to be explained to the other.`;
  if (across && (kinship === 'friendly' || kinship === 'same') && across.family === 'tense')
    return `${sunSign} and ${moonSign} would get along by element, ${se} with ${me}, yet the Sun and the Moon stand in ${withArticle(across.type)} across the border of their signs: purpose and need share a temperament and still pull at different moments, so the friction is real but easier to settle than it feels.`;
  if (sun.sign === moon.sign) {
    // Their conjunction, read as an aspect or as one figure, has said this already (a reader met it three times).
    if (ctx.isShown(keys.aspect('sun', 'conjunction', 'moon')) || ctx.hasSaid('figure:sun-moon')) return undefined;
    return `The Sun and Moon share the sign of ${sunSign}, so what you aim for and what you need to feel at ease tend to point the same way. The gain is inner coherence; the cost can be a blind spot, since little in you argues for another approach.`;
  }
  if (kinship === 'same') {
    return ctx.choose(
      [
        `Your Sun in ${sunSign} and Moon in ${moonSign} belong to the same element, ${se}. Purpose and need usually cooperate here: the things you strive for tend to be the things that also comfort you.`,
        `Because ${sunSign} and ${moonSign} are both ${se} signs, your conscious aims and your emotional needs speak a common language, and you rarely have to choose between them.`,
      ],
      'sun-moon-same',
    );
  }
  if (kinship === 'facing') {
    return ctx.choose(
      [
        `Your Sun in ${sunSign} and Moon in ${moonSign} stand in signs that face each other across the zodiac: ${se} and ${me} can feed each other, but from the far sides of the wheel, so what you aim for and what you need tend to argue before they cooperate. Much of your growth lies in letting each have its say.`,
        `${sunSign} and ${moonSign} face each other across the zodiac. Their elements, ${se} and ${me}, are allies in principle, yet from those two sides the part of you that aims and the part that needs often see one situation differently, and a good decision usually hears both.`,
      ],
      'sun-moon-opposite',
    );
  }
  if (kinship === 'friendly') {
    return ctx.choose(
      [
        `The Sun's ${se} and the Moon's ${me} are elements that feed each other, so your purpose and your needs, though different in tone, tend to support one another once you let both have a say.`,
        `${sunSign} and ${moonSign} differ in style, yet ${se} and ${me} complement each other: the part of you that aims and the part that needs usually find a workable partnership.`,
      ],
      'sun-moon-compatible',
    );
  }
  return ctx.choose(
    [
      `Your Sun's ${se} and your Moon's ${me} speak different languages, and part of your growth lies in letting what you want and what you need negotiate, instead of one silencing the other.`,
      `${sunSign} and ${moonSign} pull in different directions: the Sun's ${se} and the Moon's ${me} rarely agree at first, a friction that is no flaw but the source of much of your depth once both sides are heard.`,
    ],
    'sun-moon-contrast',
  );
}

/**
 * The rising sign and the chart ruler (timed), or what their absence leaves out (untimed).
 */
export function risingParts(ctx: ReportContext): string[] {
  const { factors } = ctx;
  const parts: string[] = [];
  if (!ctx.timed) {
    const sun = ctx.signName('sun');
    parts.push(
      ctx.choose(
        [
          `Without a birth time the rising sign cannot be known, and with it the chart ruler, the planet that rules the rising sign; if you learn your time of birth later, these two factors are worth adding to your ${sun} Sun's picture, since they often describe the way you approach life more precisely than any other.`,
          `The hour of your birth would add the rising sign and its ruler, the chart ruler, to the Sun in ${sun} read here. They describe the manner in which you meet the world, and if the time ever comes to light, they are the first two factors to look up.`,
          `What the missing hour takes away is the rising sign and the planet that rules it: the front door of the chart, so to speak, beside the ${sun} Sun's living room. A birth certificate or a family record that gives the time would let them be read too.`,
        ],
        'untimed-core-missing',
      ),
    );
    return parts;
  }
  const asc = factors.points.get('asc')!;
  const ascSign = ctx.signName('asc');
  const ascText = ctx.take(keys.angleSign('asc', asc.sign), `${ascSign} Rising`, CORE_WEIGHT.ascendant, {
    heading: ctx.library.entries.get(keys.angleSign('asc', asc.sign))?.title,
    fact: [`Ascendant ${zodiacPosition(asc.lon)}`, angleSignMargin(ctx, 'asc')].filter(Boolean).join(' · '),
  });
  if (ascText) parts.push(ascText);
  const ruler = factors.chartRuler!;
  if (ruler === 'sun' || ruler === 'moon') {
    const themes = ruler === 'sun' ? 'solar' : 'lunar';
    parts.push(
      ctx.choose(
        [
          `With ${ascSign} rising, the ${POINT_NAMES[ruler]} is also your chart ruler, so its ${themes} themes carry double weight: they describe both your core and the way you meet the world.`,
          `${ascSign} rising hands the rule of your chart to the ${POINT_NAMES[ruler]}, so what you are at heart and how you come across are closely tied.`,
          `Because ${ascSign} is ruled by the ${POINT_NAMES[ruler]}, your chart ruler is one of the lights: its ${themes} themes set the tone of your first impression as well as of your inner life.`,
        ],
        'ruler',
      ),
    );
    return parts;
  }
  const r = factors.points.get(ruler)!;
  parts.push(
    ctx.choose(
      [
        `With ${ascSign} rising, ${POINT_NAMES[ruler]} is your chart ruler. Wherever it stands, it acts as a guide for the whole chart, lending the personality some of its ${SIGN_STYLE[r.sign]}.`,
        `${POINT_NAMES[ruler]} rules ${ascSign}, which makes it the ruler of your chart; its sign and house describe where the energy of your rising sign is carried and what it is working toward.`,
        `As ruler of ${ascSign}, ${POINT_NAMES[ruler]} is the planet your chart follows. Where it stands shows what your first impression serves, and its sign colours how you go about things with ${SIGN_STYLE[r.sign]}.`,
        `Every rising sign has a ruling planet, and for ${ascSign} it is ${POINT_NAMES[ruler]}: follow it through the chart and you follow the thread of your personality, coloured here by ${SIGN_STYLE[r.sign]}.`,
        `${POINT_NAMES[ruler]}, the ruler of ${ascSign}, is your chart ruler, a kind of guide whose sign and house say where your instinctive manner is headed; it brings ${SIGN_STYLE[r.sign]} to the way you act.`,
      ],
      'ruler',
    ),
  );
  // A slow modern ruler's sign is shared by everyone born within years (two readers met the ruler read as their
  // generation): its house is read, and the sign's traditional ruler named beside it.
  // The modern ruler differs from the traditional one for Scorpio, Aquarius and Pisces alone: Pluto, Uranus, Neptune.
  const traditional = signRuler(signIndexOf(asc.lon));
  const slow = traditional !== ruler;
  if (slow) parts.push(traditionalRuler(ctx, ascSign, traditional));
  parts.push(...placementEntries(ctx, ruler, { sign: CORE_WEIGHT.rulerSign, house: CORE_WEIGHT.rulerHouse }, 'Chart Ruler: ', !slow));
  return parts;
}

/** "In the older scheme Aquarius is ruled by Saturn, which stands in Sagittarius in your 10th house…" */
function traditionalRuler(ctx: ReportContext, ascSign: string, id: string): string {
  const p = ctx.factors.points.get(id)!;
  const house = p.house === undefined ? '' : ` in your ${ordinal(p.house)} house`;
  return `In the older scheme, before the outer planets were known, ${ascSign} is ruled by ${POINT_NAMES[id]}, which stands in ${ctx.signName(id)}${house}${dignityFact(id, p.lon)}; astrologers who keep to that scheme follow ${POINT_NAMES[id]} as your chart ruler, and many read the two rulers together. The sign of a slow planet is shared by everyone born within a few years of you, so what is read of ${POINT_NAMES[ctx.factors.chartRuler!]} here is its house, the part of it that is yours.`;
}

/**
 * Untimed: what the whole birth day says of the Moon. Its sign is named as certain when it held
 * all day; when the Moon changed sign that day, both signs are named with the hour of the change.
 */
export function moonCertainty(ctx: ReportContext): string | undefined {
  const day = ctx.sky.moonDay;
  if (!day) return undefined;
  const range = `from ${zodiacPosition(day.startLon)} at midnight to ${zodiacPosition(day.endLon)} at the next midnight`;
  if (day.signs.length === 1) {
    const sign = nameOfSign(day.signs[0]!);
    return ctx.choose(
      [
        `Even without a birth time the Moon's sign is certain: over your whole birth day it moved ${range}, never leaving ${sign}. Its degree, and so the closeness of its aspects, depends on the hour, which is why the Moon's aspects below are given for the part of the day they held.`,
        `The hour is unknown, but the Moon's sign is not in doubt: it went ${range} and stayed in ${sign} throughout. What the hour would settle is its exact degree, so each of its aspects below is given with the part of the day in which it held.`,
        `Whatever the hour of your birth, your Moon was in ${sign}: it travelled ${range} without crossing into another sign. Its aspects are a different matter, since they tighten and loosen through the day, and below each one comes with the hours it covered.`,
      ],
      'untimed-moon-day',
    );
  }
  const [first, second] = day.signs.map(nameOfSign) as [string, string];
  const noonSign = signOf(ctx.factors.points.get('moon')!.lon).name;
  const other = noonSign === first ? second : first;
  const opening = ctx.choose(
    [
      `One caution: the Moon changed sign on your birth day. It moved ${range}, entering ${second} at ${day.ingressAt} local time.`,
      `Your birth day is one on which the Moon changed sign: it went ${range} and crossed into ${second} at ${day.ingressAt} local time.`,
      `The Moon did not keep one sign through your birth day: moving ${range}, it entered ${second} at ${day.ingressAt} local time.`,
    ],
    'untimed-moon-change',
  );
  return `${opening} Born before then, your Moon is in ${first}; born after, in ${second}. The reading above is for ${noonSign}, where it stood at noon; if you were born on the other side of ${day.ingressAt}, the reading of the Moon in ${other} that follows is yours instead.`;
}

/**
 * Untimed, on a day the Moon changed sign: the reading of the Moon in the sign it held away from
 * noon, headed with its hours. It claims nothing (context.ts: a reading that holds for some hours
 * only) and carries no weight in the synthesis, which speaks of the noon chart.
 */
export function otherMoonSign(ctx: ReportContext): string | undefined {
  const h = moonSignHours(ctx);
  const day = ctx.sky.moonDay;
  if (!h || !day) return undefined;
  const otherId = day.signs.find((id) => nameOfSign(id) === h.other)!;
  const key = keys.planetSign('moon', otherId);
  const e = ctx.library.entries.get(key);
  const born = h.noonFirst ? `after ${h.at}` : `before ${h.at}`;
  const span = h.noonFirst ? `from 0°00′ ${h.other} to ${zodiacPosition(day.endLon)}` : `from ${zodiacPosition(day.startLon)} to the end of ${h.other}`;
  return e
    ? ctx.take(key, `Moon in ${h.other}`, 0, { heading: `${e.title} (born ${born})`, fact: `If you were born ${born} local time: the Moon ${span}` })
    : undefined;
}

/**
 * Untimed, on a day a planet other than the Moon changed sign: the reading of the sign it held away from noon, headed
 * with its hours. Like the Moon's (otherMoonSign), it claims nothing and carries no weight in the synthesis.
 */
function otherSignReading(ctx: ReportContext, id: string): string | undefined {
  const h = bodySignHours(ctx, id);
  if (!h) return undefined;
  const key = keys.planetSign(id, h.otherId);
  const e = ctx.library.entries.get(key);
  return e
    ? ctx.take(key, `${POINT_NAMES[id]} in ${h.other}`, 0, { heading: `${e.title} (born ${h.otherBorn})`, fact: `If you were born ${h.otherBorn} local time` })
    : undefined;
}
