/**
 * Aspects that cross a sign line: counted by degree a square, counted by sign something else (a
 * planet at 29° Aries squares one at 1° Leo, signs that trine each other). Many astrologers count
 * such an out-of-sign aspect as the weaker kind, so wherever the report reads one it says so: a
 * reader took a meridian T-square built on one for overstated, and found the key aspects and the
 * central figure saying nothing of theirs.
 */
import { SIGNS, signIndexOf, signOf } from '../../astro/zodiac.ts';
import { stretchHours } from './day-stretches.ts';
import type { ReportContext } from './context.ts';
import { pointInSentence } from './phrases.ts';
import { withArticle } from './report-markdown.ts';
import { bodySignHours } from './untimed-ingresses.ts';
import { moonSignHours } from './untimed-moon-sign.ts';

/** How many signs apart each major aspect joins when it falls sign to sign. */
const SIGNS_APART: Readonly<Record<string, number>> = { conjunction: 0, sextile: 2, square: 3, trine: 4, opposition: 6 };
/** What two signs so many apart are to each other. */
const KINSHIP = ['share a sign', 'are neighbours', 'sextile each other', 'square each other', 'trine each other', 'stand five signs apart', 'face each other'];
const VERB: Readonly<Record<string, string>> = { conjunction: 'joins', sextile: 'sextiles', square: 'squares', trine: 'trines', opposition: 'opposes' };

function signsApart(a: number, b: number): number {
  const d = (((signIndexOf(a) - signIndexOf(b)) % 12) + 12) % 12;
  return Math.min(d, 12 - d);
}

/** Whether a major aspect between two longitudes crosses a sign line; minor aspects are never counted by sign. */
function crossesSignLine(type: string, a: number, b: number): boolean {
  const apart = SIGNS_APART[type];
  return apart !== undefined && signsApart(a, b) !== apart;
}

export interface AspectEnd {
  /** As a sentence names it: "the Sun", "your Midheaven". */
  name: string;
  lon: number;
}

/** A chart point as one end of an aspect: "the Sun" and its longitude. */
export function pointEnd(ctx: ReportContext, id: string): AspectEnd {
  return { name: pointInSentence(id), lon: ctx.factors.points.get(id)!.lon };
}

/** "the Sun in Aries squares the Moon in Leo, signs that trine each other". */
function outOfSignPhrase(a: AspectEnd, type: string, b: AspectEnd): string {
  return `${a.name} in ${signOf(a.lon).name} ${VERB[type]} ${b.name} in ${signOf(b.lon).name}, signs that ${KINSHIP[signsApart(a.lon, b.lon)]}`;
}

/**
 * What counting by sign means, said after the first out-of-sign aspect or figure of a report only: said after each one,
 * the same sentence came back three and four times in a report.
 */
const OUT_OF_SIGN_WEIGHT = 'Counted by sign as well as by degree, an out-of-sign aspect is the weaker kind';
const EXPLAINED = 'out-of-sign-explained';

/** A figure's aspects that cross a sign line, said after its reading (with a leading space); empty when none does. */
export function figureOutOfSignNote(ctx: ReportContext, aspects: readonly (readonly [AspectEnd, string, AspectEnd])[]): string {
  const crossing = aspects.filter(([a, type, b]) => crossesSignLine(type, a.lon, b.lon)).map(([a, type, b]) => outOfSignPhrase(a, type, b));
  if (!crossing.length) return '';
  const weight = ctx.once(EXPLAINED) ? ` ${OUT_OF_SIGN_WEIGHT}, and the figure is somewhat looser than its orbs suggest.` : '';
  return ` ${crossing.length === 1 ? 'One of its aspects crosses' : 'Some of its aspects cross'} a sign line: ${crossing.join('; ')}.${weight}`;
}

/** Whether a point's sign is a fact of the birth: always with a birth time; untimed, when it kept one sign all day. */
export function signKnown(ctx: ReportContext, id: string): boolean {
  return ctx.timed || !(id === 'moon' ? moonSignHours(ctx) : bodySignHours(ctx, id));
}

/**
 * The sentence said after an aspect's reading when it crosses a sign line, or undefined: the first of a report says what
 * that means, later ones only name the signs. An untimed chart's aspect with a body that changed sign on the birth day is
 * left alone: its sign is not known (the chapters that read it give both signs with their hours).
 */
export function aspectOutOfSignNote(ctx: ReportContext, a: { p1: string; type: string; p2: string }): string | undefined {
  if (!ctx.factors.points.has(a.p1) || !ctx.factors.points.has(a.p2)) return undefined;
  const [p1, p2] = [pointEnd(ctx, a.p1), pointEnd(ctx, a.p2)];
  if (!signKnown(ctx, 'moon') && (a.p1 === 'moon' || a.p2 === 'moon')) return moonOutOfSignHours(ctx, a);
  if (!crossesSignLine(a.type, p1.lon, p2.lon) || ![a.p1, a.p2].every((id) => signKnown(ctx, id))) return undefined;
  const phrase = outOfSignPhrase(p1, a.type, p2);
  if (!ctx.once(EXPLAINED))
    return ctx.chooseInTurn(
      [`This ${a.type} is out of sign as well: ${phrase}.`, `Here too the signs do not make the aspect: ${phrase}.`, `Another aspect out of sign: ${phrase}.`],
      'out-of-sign-again',
    );
  return ctx.choose(
    [
      `This ${a.type} crosses a sign line: ${phrase}. ${OUT_OF_SIGN_WEIGHT}, and it may work more quietly than its orb suggests.`,
      `This ${a.type} is out of sign: ${phrase}. An aspect the signs themselves do not make is often weighed as the weaker kind, so expect it to act more quietly than its orb suggests.`,
      `By degree this is ${withArticle(a.type)}, but not by sign: ${phrase}. Many astrologers weigh such an aspect less, and it may show itself more quietly than its orb suggests.`,
    ],
    'out-of-sign-aspect',
  );
}

/**
 * Untimed, on a day the Moon changed sign: the hours of the aspect in which the Moon's sign makes it out of sign, or
 * undefined when neither of its signs does in the aspect's hours (or the other body changed sign too, which leaves its
 * sign open as well). A reader found the Moon's trine with Neptune read for births before 20:09, the Moon in Cancer
 * until 12:25 and in Leo after it, square by sign to Neptune's Scorpio, with no word of it.
 */
function moonOutOfSignHours(ctx: ReportContext, a: { p1: string; type: string; p2: string }): string | undefined {
  const day = ctx.sky.moonDay;
  const other = a.p1 === 'moon' ? a.p2 : a.p1;
  if (!day?.ingressAt || day.signs.length < 2 || !signKnown(ctx, other) || SIGNS_APART[a.type] === undefined) return undefined;
  const aspect = ctx.dayAspect(a);
  const [from, to] = aspect ? [aspect.from, aspect.to] : ['00:00', '24:00'];
  const otherLon = ctx.factors.points.get(other)!.lon;
  const stretches = [
    { from: '00:00', to: day.ingressAt, sign: SIGNS.findIndex((s) => s.id === day.signs[0]) },
    { from: day.ingressAt, to: '24:00', sign: SIGNS.findIndex((s) => s.id === day.signs[1]) },
  ]
    // The part of each Moon sign's hours the aspect is in orb ("HH:MM" strings compare as times).
    .map((s) => ({ ...s, from: s.from > from ? s.from : from, to: s.to < to ? s.to : to }))
    .filter((s) => s.from < s.to);
  // A sign's middle stands for the Moon anywhere in it: only the sign counts here.
  const crossing = stretches.filter((s) => crossesSignLine(a.type, s.sign * 30 + 15, otherLon));
  if (!crossing.length) return undefined;
  const each = crossing.map((s) => {
    const moon = { name: pointInSentence('moon'), lon: s.sign * 30 + 15 };
    const phrase = outOfSignPhrase(moon, a.type, { name: pointInSentence(other), lon: otherLon });
    return `born ${stretchHours([s])} local time, ${phrase}`;
  });
  const weight = ctx.once(EXPLAINED) ? ` ${OUT_OF_SIGN_WEIGHT}, and it may work more quietly than its orb suggests.` : '';
  const when = crossing.length < stretches.length ? 'for some of the hours it holds and not for others' : 'at none of the hours it holds';
  return `The signs make this ${a.type} ${when}: ${each.join('; ')}.${weight}`;
}
