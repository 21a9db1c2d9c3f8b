/**
 * House rulers and intercepted signs (timed charts): a table of each house's cusp sign, its ruler
 * and the house the ruler stands in, then a reading of the links that tie two areas of life
 * together (the ruler of one house placed in another), and of any sign intercepted inside a house,
 * whose theme is present but takes longer to reach.
 */
import type { ReportContext } from '../context.ts';
import { cuspOf, houseRuler, interceptedSigns } from '../chart-facts.ts';
import { POINT_NAMES, pointInSentence } from '../phrases.ts';
import { capitalize, countWord, joinAnd, ordinal, table } from '../report-markdown.ts';
import { keys } from '../../../interpretations/keys.ts';
import { section, type ReportSection } from '../section.ts';

interface RulerLink {
  from: number;
  to: number;
  ruler: string;
}

/**
 * The phrasings of a link (the ruler of one house standing in another). The chart chooses the
 * first link's and each further link takes the next, so no two links of one report read alike.
 */
const LINK_PHRASINGS: ((l: RulerLink, domain: (house: number) => string) => string)[] = [
  (l, domain) =>
    `${capitalize(pointInSentence(l.ruler))} rules your ${ordinal(l.from)} house and stands in the ${ordinal(l.to)}: the affairs of the ${ordinal(l.from)} (${domain(l.from)}) are pursued through those of the ${ordinal(l.to)} (${domain(l.to)}).`,
  (l, domain) =>
    `Your ${ordinal(l.from)} house, ${domain(l.from)}, is ruled by ${pointInSentence(l.ruler)} from the ${ordinal(l.to)}, so it is reached by way of ${domain(l.to)}.`,
  (l, domain) =>
    `${capitalize(pointInSentence(l.ruler))}, ruler of the ${ordinal(l.from)} house (${domain(l.from)}), sits in the ${ordinal(l.to)}, so the two areas travel together, and the business of the ${ordinal(l.from)} tends to get done through ${domain(l.to)}.`,
  (l, domain) =>
    `The ${ordinal(l.from)} house (${domain(l.from)}) answers to ${pointInSentence(l.ruler)}, which stands in the ${ordinal(l.to)}, and its story tends to unfold through ${domain(l.to)}.`,
];

/** Whether a chapter has already said where this link's ruler stands: the chart ruler's house entry, or a ruler marked read. */
function readBefore(ctx: ReportContext, l: RulerLink): boolean {
  return l.from === 1 ? ctx.isShown(keys.planetHouse(l.ruler, l.to)) : ctx.rulerReadIn(l.from).length > 0;
}

/** "The rulers of the 7th and 10th houses were read with the chapters they belong to: …", with where each was read. */
function readElsewhereLine(ctx: ReportContext, read: readonly RulerLink[]): string {
  const where = (l: RulerLink) => {
    const chapters = (l.from === 1 ? [ctx.chapterOf(keys.planetHouse(l.ruler, l.to))] : ctx.rulerReadIn(l.from)).filter((c) => c !== undefined);
    return `${pointInSentence(l.ruler)} in the ${ordinal(l.to)} for the ${ordinal(l.from)}${chapters.length ? ` (in ${joinAnd(chapters.map((c) => `"${c}"`))})` : ''}`;
  };
  return `${read.length === 1 ? `The ruler of the ${ordinal(read[0]!.from)} house was` : `The rulers of the ${joinAnd(read.map((l) => ordinal(l.from)))} houses were`} read with the ${read.length === 1 ? 'chapter it belongs' : 'chapters they belong'} to: ${joinAnd(read.map(where))}.`;
}

export function houseRulersSection(ctx: ReportContext): ReportSection | undefined {
  if (!ctx.timed) return undefined;
  const rows: string[][] = [];
  const links: RulerLink[] = [];
  for (let h = 1; h <= 12; h++) {
    const ruler = houseRuler(ctx, h)!;
    const at = ctx.factors.points.get(ruler)?.house;
    rows.push([ordinal(h), cuspOf(ctx, h)!.name, POINT_NAMES[ruler]!, at ? ordinal(at) : '—']);
    if (at && at !== h) links.push({ from: h, to: at, ruler });
  }
  const rising = cuspOf(ctx, 1)!.name;
  const parts: string[] = [
    ctx.choose(
      [
        `With ${rising} rising, ${pointInSentence(houseRuler(ctx, 1)!)} rules your chart, and each of the other houses has its own ruler in the same way: the planet of the sign on its cusp, and where a ruler stands ties two areas of life together.`,
        `The houses of your chart are linked in pairs by their rulers, the planet of each cusp's sign carrying that house's affairs into the house where it stands; the table gives the links from ${rising} rising onward, and the strongest are read after it.`,
        `Each house hands its business to a ruler, the planet of the sign on its cusp, wherever in the wheel it stands: your ${rising} Ascendant sends the first house to ${pointInSentence(houseRuler(ctx, 1)!)}; the table follows every such thread, and the weightiest are read below it.`,
        `A house does not stand alone: its cusp's sign names a ruling planet, and where that planet stands, the house's concerns go too, so starting from ${rising} on your Ascendant the table traces all twelve threads before the angular ones are read.`,
      ],
      'rulers-intro',
    ),
    table(['House', 'Cusp', 'Ruler', 'Ruler in'], rows),
  ];
  // The links that involve the angular houses (1, 4, 7, 10) weigh most. Those a chapter has read (the chart ruler's house
  // with the rising sign, the 4th's and 10th's rulers with the family, the Descendant's with love, the Midheaven's with
  // work) are only pointed to: readers met the same ruler in the same house in two chapters.
  const angular = links.filter((l) => [1, 4, 7, 10].includes(l.from));
  const readElsewhere = angular.filter((l) => readBefore(ctx, l));
  // When every angular link was read, the succedent houses' (2, 5, 8, 11) come next, so that the reading after the table is the
  // chapter's own.
  const unread = angular.filter((l) => !readElsewhere.includes(l));
  const key = (unread.length ? unread : links.filter((l) => [2, 5, 8, 11].includes(l.from)).slice(0, 2)).slice(0, 4);
  if (readElsewhere.length) parts.push(readElsewhereLine(ctx, readElsewhere));
  const first = ctx.chooseIndex(LINK_PHRASINGS.length, 'ruler-link');
  key.forEach((l, i) => parts.push(LINK_PHRASINGS[(first + i) % LINK_PHRASINGS.length]!(l, (house) => ctx.houseDomain(house))));
  const intercepted = interceptedSigns(ctx);
  if (intercepted.length)
    parts.push(
      `${intercepted.length === 1 ? 'One sign is' : `${capitalize(countWord(intercepted.length))} signs are`} intercepted, lying wholly inside a house without touching a cusp: ${intercepted
        .map((i) => `${i.sign.name} in the ${ordinal(i.house)}`)
        .join(', ')}. ${ctx.choose(
        [
          `${intercepted.length === 1 ? 'Its' : 'Their'} qualities are present in you but slower to find expression, often emerging later in life or once you consciously reach for them.`,
          'What such a sign stands for is yours, yet it tends to wait behind the signs on the cusps, coming out when a situation asks for it or when you go looking for it.',
          'Astrologers read an intercepted sign as a resource held in reserve: real, but reached by a detour, and often valued more once it has been found.',
          'A sign caught inside a house, with no cusp of its own, describes a capacity you may discover rather than display: it is there, but it tends to need an invitation.',
          'Such a sign has no door of its own onto the chart, so its qualities arrive through the sign around it; people often find them only when life puts them in a situation that calls for exactly that.',
        ],
        'intercepted',
      )}`,
    );
  else
    parts.push(
      ctx.choose(
        [
          `No sign is intercepted in your chart: from ${rising} on the Ascendant around the wheel, every sign begins at least one house.`,
          `Every sign of your chart opens at least one house, beginning with ${rising} on the Ascendant, so none is intercepted and none is held in reserve.`,
          `Your houses leave no sign out: each of the twelve, from ${rising} rising onward, stands on a cusp, and no quality of the zodiac has to wait behind another.`,
          `The cusps of your houses, from ${rising} on the Ascendant onward, touch all twelve signs in turn; nothing is intercepted, so each sign's qualities have a house they speak for directly.`,
        ],
        'intercepted',
      ),
    );
  return section('house_rulers', 'House Rulers and Intercepted Signs', parts);
}
