/**
 * The synthesis: strengths and tensions gathered from the weightiest entries the report showed
 * (each named with its placement), growth suggestions drawn from the chart's balance, nodes,
 * tightest tension and Saturn, and questions for reflection.
 */
import { keys } from '../../../interpretations/keys.ts';
import { normalizedWords } from '../../../interpretations/originality.ts';
import type { ReportContext, ShownEntry } from '../context.ts';
import { moonSignNote } from '../untimed-moon-sign.ts';
import { tiedForFirst } from '../untimed-dominance.ts';
import { bullets, capitalize, joinAnd, ordinal } from '../report-markdown.ts';
import {
  aspectInSentence,
  NODE_DIRECTION,
  NODE_HOUSE_DIRECTION,
  POINT_FUNCTION,
  POINT_NAMES,
  pointInSentence,
  STRONG_ELEMENT_SUGGESTION,
  STRONG_MODALITY_SUGGESTION,
  WEAK_ELEMENT_SUGGESTION,
  WEAK_MODALITY_SUGGESTION,
} from '../phrases.ts';
import { introducedSection, type ReportSection } from '../section.ts';
import type { KeyedAspect } from '../../../interpretations/chart-factors/aspects.ts';
import type { TensionCentre } from '../themes/central-figure.ts';
import { chapterReadIn, weightiestHardAspect } from '../themes/tension-aspect.ts';
import { labelInSentence } from '../../synthesis/faculty-tensions.ts';
import { THEMES } from '../themes/theme-ranking.ts';

const LIST_SIZE = 7;

/**
 * The growth suggestion's opening, up to "pairs": the tightest tension, its aspect, and where the
 * report read it. The Central Tension chapter may have read a figure of several aspects as the
 * chart's centre; the tightest single aspect is then one strand of it, or a tension apart from
 * it, and the sentence says which, so that the reader does not meet two different centres.
 */
function tensionOpening(ctx: ReportContext, figure: TensionCentre | undefined, tense: KeyedAspect, hourMayDecide: boolean): string {
  // Among the planets (and the angles, timed): the nodes, Chiron and Lilith are not ranked, and a reader found "the tightest
  // tension in your chart" beside a square of the North Node to the Midheaven four times as close.
  const among = ctx.timed ? 'The tightest tension among your planets and angles' : 'The tightest tension among your planets';
  const tightest = hourMayDecide ? `${among} that holds whatever the hour of birth` : among;
  const named = `${tightest}, ${aspectInSentence(tense.p1, tense.type, tense.p2)}`;
  // The theme chapter that printed the aspect's own reading (none for a figure's strand, read with the figure).
  const shownIn = chapterReadIn(ctx, tense);
  // Chapters are named as titles, in quotation marks, as the rest of the report names them.
  const chapter = shownIn && `"${shownIn}"`;
  const central = `"${THEMES.central_tension.title}"`;
  if (!figure) return chapter ? `${named}, read in ${chapter}, pairs` : `${named}, pairs`;
  if (figure.aspects.some((a) => a.type === tense.type && new Set([a.p1, a.p2, tense.p1, tense.p2]).size === 2))
    return `${named}, one strand of the figure read as one in ${central}, pairs`;
  // Read in that chapter but no strand of its figure ("beside its figure" was taken for a figure of its own).
  if (chapter === central) return `${named}, read in ${central} though it is no part of the figure at its centre, pairs`;
  // A tension that shares a planet with the figure is tied to it, not apart from it.
  const shared = [tense.p1, tense.p2].filter((p) => figure.aspects.some((a) => a.p1 === p || a.p2 === p));
  if (shared.length)
    return `${named}${chapter ? `, read in ${chapter},` : ''} shares ${joinAnd(shared.map((p) => pointInSentence(p)))} with the figure at the centre of ${central}; it pairs`;
  return `${named}${chapter ? `, read in ${chapter},` : ''} stands apart from the figure at the centre of ${central}; it pairs`;
}

/** The growth suggestion's opening when "The Central Tension" named one aspect as the chart's centre. */
function centreOpening(ctx: ReportContext, centre: KeyedAspect): string {
  const shownIn = chapterReadIn(ctx, centre);
  return `The tension at the centre of your chart, ${aspectInSentence(centre.p1, centre.type, centre.p2)}${shownIn ? `, read in "${shownIn}",` : ''} pairs`;
}

const QUESTIONS = 6;

/** Words that say how or how much rather than what ("a sense of duty", "difficulty letting go"): no two items are alike for sharing one. */
const MINOR_WORDS = new Set([
  ...['and', 'the', 'for', 'with', 'your', 'you', 'that', 'from', 'into', 'when', 'what', 'others', 'other', 'own', 'being'],
  ...['sense', 'people', 'life', 'ability', 'capacity', 'difficulty', 'tendency', 'need', 'needs', 'strong', 'deep', 'natural', 'way', 'ways'],
]);

/** An item's meaning: the stems (first five letters) of its words that carry it, "nurture" and "nurturing" being one, and the last of them, its head. */
interface ItemMeaning {
  stems: Set<string>;
  head: string | undefined;
}

function meaningWords(item: string): ItemMeaning {
  const stems = normalizedWords(item)
    .filter((w) => w.length > 2 && !MINOR_WORDS.has(w))
    .map((w) => w.slice(0, 5));
  return { stems: new Set(stems), head: stems.at(-1) };
}

/**
 * Whether two items say the same thing: every meaningful stem of one is in the other ("Optimism" and "Resilient optimism",
 * "Capacity to nurture" and "Nurturing domestic gifts"), or they end on the same head ("Clinging to the past" and
 * "Difficulty letting go of the past", which a reader found side by side).
 */
function overlaps(a: ItemMeaning, b: ItemMeaning): boolean {
  const [small, large] = a.stems.size <= b.stems.size ? [a.stems, b.stems] : [b.stems, a.stems];
  return (small.size > 0 && [...small].every((w) => large.has(w))) || (a.head !== undefined && a.head === b.head);
}

/** An item of the synthesis's lists and the placement it comes from. */
interface Gathered {
  item: string;
  label: string;
  key: string;
}

/**
 * Items from the entries' lists, heaviest entries first, one per entry per round, no near-repeats.
 * Each entry's list starts at an item the chart chooses (`start`), so that two people who share a
 * placement need not share its line.
 */
function gather(
  entries: ShownEntry[],
  list: (e: ShownEntry) => string[],
  size: number,
  start: (e: ShownEntry, length: number) => number,
  /** A line the report must not print: it would contradict what the chapters said. */
  contradicts: (e: ShownEntry, line: string) => boolean,
): Gathered[] {
  const result: Gathered[] = [];
  const taken: ItemMeaning[] = [];
  for (let round = 0; round < 2 && result.length < size; round++) {
    for (const shown of entries) {
      if (result.length === size) break;
      const items = list(shown);
      const item = round < items.length ? items[(start(shown, items.length) + round) % items.length] : undefined;
      if (!item || contradicts(shown, item)) continue;
      const words = meaningWords(item);
      if (taken.some((t) => overlaps(t, words))) continue;
      taken.push(words);
      result.push({ item: item.replace(/[.!]$/, ''), label: listSource(shown), key: shown.key });
    }
  }
  return result;
}

/**
 * The factor a list line comes from, as the chart has it: a placement's label as it stands ("Sun in Libra"), but a
 * balance, a dominant planet or a Moon phase by what it is rather than by its reading's heading (a reader met "(Fire in
 * the Background)" after a line, cited as if it were a placement).
 */
function listSource(shown: ShownEntry): string {
  const balance = /^balance\.(element|modality)\.(\w+)\.(weak|strong)$/.exec(shown.key);
  if (balance) {
    const [, kind, name, side] = balance;
    return `${side === 'weak' ? 'little' : 'much'} ${name!}${kind === 'modality' ? ' energy' : ''} in your chart`;
  }
  const dominant = /^dominant\.planet\.(\w+)$/.exec(shown.key);
  if (dominant) return `${POINT_NAMES[dominant[1]!] ?? dominant[1]}, your dominant planet`;
  const phase = /^Born (?:at|under|in) (?:the|an?) (.+)$/i.exec(shown.label);
  if (shown.key.startsWith('moon_phase.') && phase) return `the ${phase[1]} of your birth`;
  return shown.label;
}

/** A list line: the item, then the factor it comes from. */
const withSource = (g: Gathered) => `${g.item} (${g.label})`;

function suggestions(ctx: ReportContext, figure: TensionCentre | undefined): string[] {
  const { balance, aspects, points } = ctx.factors;
  const out: string[] = [];
  const suggestion = (options: Record<string, readonly string[]>, id: string, kind: string) => ctx.choose(options[id]!, `synthesis-${kind}-${id}`);
  // Untimed, a verdict of the noon Moon's sign that other hours of the day do not share gives no advice.
  const allDay = (key: string) => !ctx.heldForSomeHours(key);
  for (const e of balance.weakElements) if (allDay(keys.element(e, 'weak'))) out.push(suggestion(WEAK_ELEMENT_SUGGESTION, e, 'weak'));
  if (balance.weakElements.length === 0)
    for (const e of balance.strongElements) if (allDay(keys.element(e, 'strong'))) out.push(suggestion(STRONG_ELEMENT_SUGGESTION, e, 'strong'));
  for (const m of balance.weakModalities) if (allDay(keys.modality(m, 'weak'))) out.push(suggestion(WEAK_MODALITY_SUGGESTION, m, 'weak'));
  if (balance.weakModalities.length === 0)
    for (const m of balance.strongModalities) if (allDay(keys.modality(m, 'strong'))) out.push(suggestion(STRONG_MODALITY_SUGGESTION, m, 'strong'));
  const node = points.get('north_node');
  // By house where the chart has one, as the node's chapter reads it; by sign without a birth time.
  const nodeWhere = node?.house !== undefined ? `the ${ordinal(node.house)} house` : ctx.signName('north_node');
  const nodeDirection = node && (node.house !== undefined ? NODE_HOUSE_DIRECTION[node.house] : NODE_DIRECTION[node.sign]);
  if (node)
    out.push(
      ctx.choose(
        [
          `Let your North Node in ${nodeWhere} guide a few deliberate choices: it favours ${nodeDirection}, which may feel unfamiliar at first and grows more natural with practice.`,
          `When two options look equally good, take the one closer to your North Node in ${nodeWhere}: ${nodeDirection}.`,
          `Your North Node in ${nodeWhere} points toward ${nodeDirection}; one small step in that direction each month adds up over the years.`,
        ],
        'synthesis-node',
      ),
    );
  // Without a figure at the centre, "The Central Tension" named the weightiest square or opposition: the same one here
  // (a reader met Sun square Saturn at the centre and Uranus square the Midheaven as "the tightest" in the synthesis).
  // With a figure, the tightest single tension; untimed, ranked by the widest orb of the birth day, among the aspects only
  // those that held all day.
  const centre = figure ? undefined : weightiestHardAspect(ctx);
  const tense =
    centre ?? aspects.filter((a) => a.family === 'tense' && ctx.rankingOrb(a) !== undefined).sort((a, b) => ctx.rankingOrb(a)! - ctx.rankingOrb(b)!)[0];
  if (tense) {
    // Untimed: another tension may be the tighter one at some hours (at its closest while the chosen one is at its
    // widest); then the claim is only about the tensions that hold whatever the hour.
    const bestCase = (a: (typeof aspects)[number]) => ctx.dayAspect(a)?.closest ?? a.orb;
    const hourMayDecide = !ctx.timed && aspects.some((a) => a !== tense && a.family === 'tense' && bestCase(a) < ctx.rankingOrb(tense)!);
    out.push(
      `${centre ? centreOpening(ctx, centre) : tensionOpening(ctx, figure, tense, hourMayDecide)} your ${POINT_FUNCTION[tense.p1]} with your ${POINT_FUNCTION[tense.p2]}. ${ctx.choose(
        [
          `Instead of letting ${pointInSentence(tense.p1)} or ${pointInSentence(tense.p2)} win, look for projects and relationships where both have a job to do.`,
          `Give each its own hour in the week, and notice how much calmer the other becomes once ${pointInSentence(tense.p1)} has had its turn.`,
          `When one of them is shouted down it returns by the back door; a plan that uses both ${pointInSentence(tense.p1)} and ${pointInSentence(tense.p2)} tends to hold longer.`,
          `The quarrel between ${pointInSentence(tense.p1)} and ${pointInSentence(tense.p2)} is old and will not be settled once and for all; what changes with practice is how early you notice it and how kindly you referee it.`,
          `Ask, when a choice feels stuck, what ${pointInSentence(tense.p2)} would add to the plan ${pointInSentence(tense.p1)} has already made.`,
        ],
        `synthesis-tension-${tense.p1}-${tense.p2}`,
      )}`,
    );
  }
  const saturnHouse = points.get('saturn')?.house;
  if (saturnHouse !== undefined) {
    const domain = ctx.houseDomain(saturnHouse);
    out.push(
      ctx.choose(
        [
          `Saturn in your ${ordinal(saturnHouse)} house suggests that patience pays in the matters of that house, ${domain}: slow, steady effort there builds something that lasts.`,
          `Expect ${domain}, the concerns of the ${ordinal(saturnHouse)} house where your Saturn stands, to ask for more time than you would like; what you build there slowly tends to stay built.`,
          `With Saturn in the ${ordinal(saturnHouse)} house, give ${domain} a routine rather than a rush: the results come late and last long.`,
        ],
        'synthesis-saturn-house',
      ),
    );
  }
  // An untimed chart whose leading planet depends on the hour has none to lean on.
  const dominant = ctx.dominance.allDay;
  if (!dominant) return out;
  // A lead won on a tie is not "the most weight": the sentence names the planet it shares the top score with.
  const tied = tiedForFirst(ctx.dominance);
  if (tied.length) {
    out.push(
      `${capitalize(pointInSentence(dominant))} shares the highest score in your chart with ${joinAnd(tied.map(pointInSentence))}${ctx.timed || ctx.dominance.tiedAllDay ? '' : ' at some hours of your birth day'}, and wins the tie by the rule given with its scores: when you feel unsure, ask what your ${POINT_FUNCTION[dominant]} would do, and let ${tied.length > 2 ? 'the planets that share its score' : `your ${joinAnd(tied.map((id) => POINT_FUNCTION[id]!))}`} have a say in it.`,
    );
    return out;
  }
  out.push(
    ctx.choose(
      [
        `Lean on your strongest planet, ${pointInSentence(dominant)}: when you feel unsure, ask what your ${POINT_FUNCTION[dominant]} would do, and start there.`,
        `${capitalize(pointInSentence(dominant))} is the most prominent planet in your chart; in a confusing week, begin with what you already know through your ${POINT_FUNCTION[dominant]}.`,
        `When the rest of the chart argues, ${pointInSentence(dominant)}, your strongest planet, usually has the steadiest voice: let your ${POINT_FUNCTION[dominant]} take the first step.`,
        `Of all your planets, ${pointInSentence(dominant)} carries the most weight, so a decision that honours your ${POINT_FUNCTION[dominant]} is rarely one you regret.`,
        `If you are lost, return to ${pointInSentence(dominant)}, the planet your chart leans on most: the surest ground you have is your ${POINT_FUNCTION[dominant]}.`,
      ],
      'synthesis-dominant',
    ),
  );
  return out;
}

/** The synthesis's note on its lines from readings (other than the Moon's sign, which has its own) that hold for some hours only. */
function someHoursNote(ctx: ReportContext, lines: Gathered[]): string[] {
  const labels = [...new Set(lines.filter((g) => !/\bMoon in /.test(g.label) && ctx.heldForSomeHours(g.key)).map((g) => g.label))];
  if (labels.length === 0) return [];
  return [
    `The lines marked ${joinAnd(labels.map((l) => `(${l})`))} hold only for the births the chapters above give ${labels.length === 1 ? 'that reading' : 'those readings'}: the hour of birth decides ${labels.length === 1 ? 'it' : 'them'}.`,
  ];
}

/** `figure`: the figure The Central Tension chapter named as the chart's centre, if the chart has one. */
export function synthesisSection(ctx: ReportContext, figure: TensionCentre | undefined): ReportSection {
  const weighted = ctx.shown.filter((s) => s.weight > 0).sort((a, b) => b.weight - a.weight);
  const start = (kind: string) => (s: ShownEntry, length: number) => ctx.chooseIndex(length, `${kind}-${s.key}`);
  const contradicts = (s: ShownEntry, line: string) => ctx.contradicts(s.entry.list_claims?.[line]);
  const strengths = gather(weighted, (s) => s.entry.strengths, LIST_SIZE, start('strength'), contradicts);
  const tensions = gather(weighted, (s) => s.entry.challenges, LIST_SIZE, start('tension'), contradicts);
  const questions: string[] = [];
  for (const s of weighted) {
    if (questions.length === QUESTIONS) break;
    // An entry with two questions gives one, chosen by the chart: people who share the placement need not share the question.
    const q = ctx.choose(s.entry.reflection, `question-${s.key}`);
    if (q && !questions.includes(q)) questions.push(q);
  }
  // The chapter's opening says what is gathered here; the lead says how the lists are built, naming where each begins.
  const source = (first: Gathered | undefined) => first && labelInSentence(first.label);
  const [s0, t0] = [source(strengths[0]), source(tensions[0])];
  const lead =
    !s0 || !t0
      ? 'Each line below carries the placement it comes from, so you can see where a quality has its roots.'
      : s0 === t0
        ? ctx.choose(
            [
              `Each line below carries the placement it comes from, so you can see where a quality has its roots; both lists open with ${s0}, the placement that weighs most in your reading.`,
              `The lists are ordered by weight, heaviest first, which is why ${s0} heads both; the suggestions and questions after them draw on the same placements.`,
              `Both lists begin with ${s0}, the placement that weighs most in your reading on either count.`,
              `Strengths and tensions are gathered here from the placements read above, ${s0} giving the first of each, and the suggestions that follow are drawn from the same sources.`,
              `The two lists below collect what the earlier chapters said, weightiest placement first, and ${s0} stands first in both.`,
            ],
            'synthesis-lead',
          )
        : ctx.choose(
            [
              `Each line below carries the placement it comes from, so you can see where a quality has its roots: the strengths open with ${s0}, the tensions with ${t0}.`,
              `The lists are ordered by weight, heaviest first, which is why ${s0} heads the strengths and ${t0} the tensions; the suggestions and questions after them draw on the same placements.`,
              `Each list begins with the placement that weighs most in it: ${s0} for the strengths, ${t0} for the tensions.`,
              `Strengths and tensions are gathered here from the placements read above, the first from ${s0} and the second from ${t0}, and the suggestions that follow are drawn from the same sources.`,
              `The two lists below collect what the earlier chapters said, weightiest placement first: ${s0} opens the strengths, ${t0} the tensions.`,
            ],
            'synthesis-lead',
          );
  const parts = [
    lead,
    '### Strengths to Build On',
    bullets(strengths.map(withSource)),
    '### Tensions to Work With',
    bullets(tensions.map(withSource)),
    // Untimed, on a day the Moon changed sign: the lines from the Moon's noon sign hold for some hours only.
    ...([...strengths, ...tensions].some((g) => /\bMoon in /.test(g.label)) ? [moonSignNote(ctx)] : []),
    // Untimed: lines from other readings that hold for some hours of the birth day only (a stellium, a balance verdict, a sign).
    ...someHoursNote(ctx, [...strengths, ...tensions]),
    '### Growth Suggestions',
    bullets(suggestions(ctx, figure)),
    '### Questions for Reflection',
    bullets(questions),
  ];
  return introducedSection(ctx, 'synthesis', parts);
}
