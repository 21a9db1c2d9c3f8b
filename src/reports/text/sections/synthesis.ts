/**
 * The synthesis: strengths and tensions gathered from the weightiest entries the report showed
 * (each named with its placement), growth suggestions drawn from the chart's balance, nodes,
 * tightest tension and Saturn, and questions for reflection.
 */
import { normalizedWords } from '../../../interpretations/originality.ts';
import type { ReportContext, ShownEntry } from '../context.ts';
import { bullets, capitalize, ordinal } from '../report-markdown.ts';
import {
  HOUSE_DOMAIN,
  NODE_DIRECTION,
  POINT_FUNCTION,
  POINT_NAMES,
  pointInSentence,
  STRONG_ELEMENT_SUGGESTION,
  STRONG_MODALITY_SUGGESTION,
  WEAK_ELEMENT_SUGGESTION,
  WEAK_MODALITY_SUGGESTION,
} from '../phrases.ts';
import { introducedSection, type ReportSection } from '../section.ts';

const LIST_SIZE = 7;
const QUESTIONS = 6;

const MINOR_WORDS = new Set(['and', 'the', 'for', 'with', 'your', 'you', 'that', 'from', 'into', 'when', 'what', 'others', 'other']);

/** The words that carry an item's meaning. */
function meaningWords(item: string): Set<string> {
  return new Set(normalizedWords(item).filter((w) => w.length > 2 && !MINOR_WORDS.has(w)));
}

/** Whether every meaningful word of one item appears in the other ("Optimism" and "Resilient optimism"). */
function overlaps(a: Set<string>, b: Set<string>): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  return small.size > 0 && [...small].every((w) => large.has(w));
}

/** An item of the synthesis's lists and the placement it comes from. */
interface Gathered {
  item: string;
  label: string;
}

/** Items from the entries' lists, heaviest entries first, one per entry per round, no near-repeats. */
function gather(entries: ShownEntry[], list: (e: ShownEntry) => string[], size: number): Gathered[] {
  const result: Gathered[] = [];
  const taken: Set<string>[] = [];
  for (let round = 0; round < 2 && result.length < size; round++) {
    for (const shown of entries) {
      if (result.length === size) break;
      const item = list(shown)[round];
      if (!item) continue;
      const words = meaningWords(item);
      if (taken.some((t) => overlaps(t, words))) continue;
      taken.push(words);
      result.push({ item: item.replace(/[.!]$/, ''), label: shown.label });
    }
  }
  return result;
}

/** A list line: the item, then the placement it comes from. */
const withSource = (g: Gathered) => `${g.item} (${g.label})`;

function suggestions(ctx: ReportContext): string[] {
  const { balance, aspects, points } = ctx.factors;
  const out: string[] = [];
  const suggestion = (options: Record<string, readonly string[]>, id: string, kind: string) => ctx.choose(options[id]!, `synthesis-${kind}-${id}`);
  for (const e of balance.weakElements) out.push(suggestion(WEAK_ELEMENT_SUGGESTION, e, 'weak'));
  if (balance.weakElements.length === 0) for (const e of balance.strongElements) out.push(suggestion(STRONG_ELEMENT_SUGGESTION, e, 'strong'));
  for (const m of balance.weakModalities) out.push(suggestion(WEAK_MODALITY_SUGGESTION, m, 'weak'));
  if (balance.weakModalities.length === 0) for (const m of balance.strongModalities) out.push(suggestion(STRONG_MODALITY_SUGGESTION, m, 'strong'));
  const node = points.get('north_node');
  if (node)
    out.push(
      `Let your North Node in ${ctx.signName('north_node')} guide a few deliberate choices: it favours ${NODE_DIRECTION[node.sign]}, which may feel unfamiliar at first and grows more natural with practice.`,
    );
  const tense = aspects.find((a) => a.family === 'tense');
  if (tense) {
    out.push(
      `The tightest tension in your chart, ${POINT_NAMES[tense.p1]} ${tense.type} ${POINT_NAMES[tense.p2]}, pairs your ${POINT_FUNCTION[tense.p1]} with your ${POINT_FUNCTION[tense.p2]}. ${ctx.choose(
        [
          `Instead of letting ${pointInSentence(tense.p1)} or ${pointInSentence(tense.p2)} win, look for projects and relationships where both have a job to do.`,
          `Give each its own hour in the week, and notice how much calmer the other becomes once ${pointInSentence(tense.p1)} has had its turn.`,
          `When one of them is shouted down it returns by the back door; a plan that uses both ${pointInSentence(tense.p1)} and ${pointInSentence(tense.p2)} tends to hold longer.`,
          `The quarrel between ${pointInSentence(tense.p1)} and ${pointInSentence(tense.p2)} is old and will not be settled once; what changes with practice is how early you notice it and how kindly you referee it.`,
          `Ask, when a choice feels stuck, what ${pointInSentence(tense.p2)} would add to the plan ${pointInSentence(tense.p1)} has already made.`,
        ],
        `synthesis-tension-${tense.p1}-${tense.p2}`,
      )}`,
    );
  }
  const saturnHouse = points.get('saturn')?.house;
  if (saturnHouse !== undefined) {
    out.push(
      `Saturn in your ${ordinal(saturnHouse)} house suggests that ${HOUSE_DOMAIN[saturnHouse]} repay patience: slow, steady effort there builds something that lasts.`,
    );
  }
  const dominant = ctx.factors.dominant.planet;
  out.push(
    ctx.choose(
      [
        `Lean on your strongest planet, ${pointInSentence(dominant)}: when you feel unsure, ask what your ${POINT_FUNCTION[dominant]} would do, and start there.`,
        `${capitalize(pointInSentence(dominant))} is the most prominent planet in your chart; in a confusing week, begin with what your ${POINT_FUNCTION[dominant]} already knows.`,
        `When the rest of the chart argues, ${pointInSentence(dominant)}, your strongest planet, usually has the steadiest voice: let your ${POINT_FUNCTION[dominant]} take the first step.`,
      ],
      'synthesis-dominant',
    ),
  );
  return out;
}

export function synthesisSection(ctx: ReportContext): ReportSection {
  const weighted = ctx.shown.filter((s) => s.weight > 0).sort((a, b) => b.weight - a.weight);
  const strengths = gather(weighted, (s) => s.entry.strengths, LIST_SIZE);
  const tensions = gather(weighted, (s) => s.entry.challenges, LIST_SIZE);
  const questions: string[] = [];
  for (const s of weighted) {
    if (questions.length === QUESTIONS) break;
    const q = s.entry.reflection[0];
    if (q && !questions.includes(q)) questions.push(q);
  }
  // The chapter's opening says what is gathered here; the lead says how the lists are built, naming where each begins.
  const source = (first: Gathered | undefined) => first?.label.replace(/^The /, 'the ');
  const [s0, t0] = [source(strengths[0]), source(tensions[0])];
  const lead =
    !s0 || !t0
      ? 'Each line below carries the placement it comes from, so you can see where a quality has its roots.'
      : s0 === t0
        ? ctx.choose(
            [
              `Each line below carries the placement it comes from, so you can see where a quality has its roots; both lists open with ${s0}, the placement that weighs most in your reading.`,
              `The lists are ordered by weight, heaviest first, which is why ${s0} heads both; the suggestions and questions after them draw on the same placements.`,
              `What your chart agrees on comes first and what it argues about follows, both led by ${s0}; then a few suggestions and questions drawn from the lists.`,
            ],
            'synthesis-lead',
          )
        : ctx.choose(
            [
              `Each line below carries the placement it comes from, so you can see where a quality has its roots: the strengths open with ${s0}, the tensions with ${t0}.`,
              `The lists are ordered by weight, heaviest first, which is why ${s0} heads the strengths and ${t0} the tensions; the suggestions and questions after them draw on the same placements.`,
              `What your chart agrees on comes first, led by ${s0}; what it argues about follows, led by ${t0}; then a few suggestions and questions drawn from both.`,
            ],
            'synthesis-lead',
          );
  const parts = [
    lead,
    '### Strengths to Build On',
    bullets(strengths.map(withSource)),
    '### Tensions to Work With',
    bullets(tensions.map(withSource)),
    '### Growth Suggestions',
    bullets(suggestions(ctx)),
    '### Questions for Reflection',
    bullets(questions),
  ];
  return introducedSection(ctx, 'synthesis', parts);
}
