/** The key aspects, ranked: a table, then the text of each one not read earlier. */
import { keys } from '../../../interpretations/keys.ts';
import type { ReportContext } from '../context.ts';
import { countWord, joinAnd, ordinal, table } from '../report-markdown.ts';
import { ASPECT_WORDS, POINT_NAMES, aspectInSentence, pointInSentence } from '../phrases.ts';
import { keyAspects } from '../ranking.ts';
import { introducedSection, type ReportSection } from '../section.ts';
import { hoursHeld, MIN_HOURS_READ, orbCell, phaseCell } from '../aspect-facts.ts';
import { aspectEntry } from './planets.ts';
import { chapterReadIn } from '../themes/tension-aspect.ts';
import { readAsItsHouse } from '../angle-house.ts';

/** Aspects read in full beyond those the themes read with their planets. */
const READ_IN_FULL = 5;

export function keyAspectsSection(ctx: ReportContext): ReportSection {
  const ranked = keyAspects(ctx.factors, (a) => ctx.rankingOrb(a));
  if (ranked.length === 0) {
    return introducedSection(ctx, 'key_aspects', [
      'Your chart has no major aspects between its main points within the orbs used here, an unusual condition in which each planet tends to act on its own terms.',
    ]);
  }
  const earlier = new Set(
    ranked.filter((r) => ctx.isShown(keys.aspect(r.aspect.p1, r.aspect.type, r.aspect.p2)) || readAsItsHouse(ctx, r.aspect)).map((r) => r.aspect),
  );
  const rows = ranked.map(({ aspect: a }, i) => [
    String(i + 1),
    `${POINT_NAMES[a.p1]} ${ASPECT_WORDS[a.type]} ${POINT_NAMES[a.p2]}`,
    orbCell({ ...a, day: ctx.dayAspect(a) }),
    phaseCell({ ...a, day: ctx.dayAspect(a) }),
    { conjunction: 'blending', trine: 'flowing', sextile: 'flowing', square: 'tense', opposition: 'tense' }[a.type] + readIn(ctx, a, earlier),
  ]);
  const partDay = ctx.timed ? [] : ctx.factors.aspects.filter((a) => ctx.rankingOrb(a) === undefined);
  // The Moon's are named as the Moon's; any other that held for part of the day (a fast planet at the edge of its orb) by both its points.
  const moonPart = partDay.filter((a) => a.p1 === 'moon' || a.p2 === 'moon');
  const otherPart = partDay.filter((a) => !moonPart.includes(a));
  // The Moon's last, so that its own list's "and" closes the sentence's ("Mars's opposition with Uranus and the Moon's square
  // with Jupiter and conjunction with Uranus" ran two lists together when the Moon's came first).
  const partNames = [
    ...otherPart.map((a) => aspectInSentence(a.p1, a.type, a.p2)),
    ...(moonPart.length ? [`the Moon's ${joinAnd(moonPart.map((a) => `${a.type} with ${pointInSentence(a.p1 === 'moon' ? a.p2 : a.p1)}`))}`] : []),
  ];
  // Another pair's aspect that held for MIN_HOURS_READ or more is read after the table with its hours, as the Moon's are in
  // its chapter (a reader met Mercury conjunct Uranus, in orb for 95 % of the birth day, named here and read nowhere).
  const readBelow = otherPart.filter(
    (a) => hoursHeld(ctx.dayAspect(a)) >= MIN_HOURS_READ && !ctx.isShown(keys.aspect(a.p1, a.type, a.p2)) && !readAsItsHouse(ctx, a),
  );
  const below = readBelow.length
    ? `; ${joinAnd(readBelow.map((a) => aspectInSentence(a.p1, a.type, a.p2)))} ${readBelow.length > 1 ? 'are' : 'is'} read after it, for the births ${readBelow.length > 1 ? 'each holds' : 'it holds'} for`
    : '';
  const parts = [
    partDay.length
      ? `Without a birth time, only what held over the whole birth day is ranked: ${joinAnd(partNames)} ${partDay.length > 1 ? 'were' : 'was'} within orb for part of the day only and ${partDay.length > 1 ? 'are' : 'is'} left out of the table${below}.`
      : undefined,
    ctx.choose(
      [
        `The table ranks ${countWord(ranked.length)} aspects, led by ${aspectInSentence(ranked[0]!.aspect.p1, ranked[0]!.aspect.type, ranked[0]!.aspect.p2)}.`,
        `First among the ${countWord(ranked.length)} aspects ranked here is ${aspectInSentence(ranked[0]!.aspect.p1, ranked[0]!.aspect.type, ranked[0]!.aspect.p2)}; the others follow by weight.`,
      ],
      'aspects-lead',
    ),
    table(['#', 'Aspect', 'Orb', 'Phase', 'Nature'], rows),
  ];
  // The table lists them all; the themes have read each planet's closest, and the rest are read in full up to READ_IN_FULL
  // (an aspect between two of the slowest planets, shared by everyone born within years, is not ranked: ranking.ts).
  const chosen = ranked
    .map((r, i) => ({ ...r, row: i }))
    .filter((r) => !earlier.has(r.aspect))
    .slice(0, READ_IN_FULL);
  if (chosen.length === 0) parts.push('Each of them was read in an earlier chapter, with the planets it joins, so none is read again here.');
  for (const { aspect: a, row } of chosen) {
    const weight = 6 - row * 0.2;
    // Named by its row rather than numbered in its heading: numbers with gaps (those read earlier) read as missing sections.
    const text = aspectEntry(ctx, a, weight, `${ordinal(row + 1)} in the table`);
    if (text) parts.push(text);
  }
  for (const a of readBelow) {
    // Its fact line says the hours itself.
    const text = aspectEntry(ctx, a, 4, 'not ranked');
    if (text) parts.push(text);
  }
  return introducedSection(ctx, 'key_aspects', parts);
}

/** Where an aspect of the table was read: " (read in "How You Love")", so that a row points to its reading rather than only above. */
function readIn(ctx: ReportContext, a: { p1: string; type: string; p2: string }, earlier: ReadonlySet<unknown>): string {
  if (!earlier.has(a)) return '';
  // Read earlier in the chapter the table stands in: "above", not the chapter's own name (a reader met a row of "The
  // Central Tension" pointing to "The Central Tension").
  const readIn = chapterReadIn(ctx, a);
  const chapter = readIn === ctx.chapter ? undefined : readIn;
  // A planet on an angle in the angle's house is read by that house's entry: named, since no heading names the conjunction.
  const house = readAsItsHouse(ctx, a);
  const title = house && ctx.library.entries.get(house)?.title;
  if (title) return chapter ? ` (read as "${title}", in "${chapter}")` : ` (read as "${title}" above)`;
  return chapter ? ` (read in "${chapter}")` : ' (read above)';
}
