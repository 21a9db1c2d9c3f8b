/**
 * The synthesis: strengths and tensions gathered from the weightiest entries the report showed
 * (each named with its placement), growth suggestions drawn from the chart's balance, nodes,
 * tightest tension and Saturn, and questions for reflection.
 */
import { normalizedWords } from '../../../interpretations/originality.ts';
import type { ReportContext, ShownEntry } from '../context.ts';
import { bullets, ordinal } from '../report-markdown.ts';
import {
  HOUSE_DOMAIN,
  NODE_DIRECTION,
  POINT_FUNCTION,
  POINT_NAMES,
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

/** Items from the entries' lists, heaviest entries first, one per entry per round, no near-repeats. */
function gather(entries: ShownEntry[], list: (e: ShownEntry) => string[], size: number): string[] {
  const result: string[] = [];
  const taken: Set<string>[] = [];
  for (let round = 0; round < 2 && result.length < size; round++) {
    for (const shown of entries) {
      if (result.length === size) break;
      const item = list(shown)[round];
      if (!item) continue;
      const words = meaningWords(item);
      if (taken.some((t) => overlaps(t, words))) continue;
      taken.push(words);
      result.push(`${item.replace(/[.!]$/, '')} (${shown.label})`);
    }
  }
  return result;
}

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
          `Instead of letting ${POINT_NAMES[tense.p1]} or ${POINT_NAMES[tense.p2]} win, look for projects and relationships where both have a job to do.`,
          `Give each its own hour in the week, and notice how much calmer the other becomes once ${POINT_NAMES[tense.p1]} has had its turn.`,
          `When one of them is shouted down it returns by the back door; a plan that uses both ${POINT_NAMES[tense.p1]} and ${POINT_NAMES[tense.p2]} tends to hold longer.`,
          `The quarrel between ${POINT_NAMES[tense.p1]} and ${POINT_NAMES[tense.p2]} is old and will not be settled once; what changes with practice is how early you notice it and how kindly you referee it.`,
          `Ask, when a choice feels stuck, what ${POINT_NAMES[tense.p2]} would add to the plan ${POINT_NAMES[tense.p1]} has already made.`,
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
        `Lean on your strongest planet, ${POINT_NAMES[dominant]}: when you feel unsure, ask what your ${POINT_FUNCTION[dominant]} would do, and start there.`,
        `${POINT_NAMES[dominant]} is the most prominent planet in your chart; in a confusing week, begin with what your ${POINT_FUNCTION[dominant]} already knows.`,
        `When the rest of the chart argues, ${POINT_NAMES[dominant]}, your strongest planet, usually has the steadiest voice: let your ${POINT_FUNCTION[dominant]} take the first step.`,
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
  const parts = [
    ctx.choose(
      [
        `Several threads run through the sections above, from your ${ctx.signName('sun')} Sun outward; the lists below gather the strongest of them, each named with the placement it comes from, so you can see where a quality has its roots.`,
        `Read together, the earlier sections repeat certain motifs of your ${ctx.signName('sun')} Sun and ${ctx.signName('moon')} Moon, set side by side here, each with the placement that voices it.`,
        `Some qualities were named in more than one chapter because more than one part of your chart, the ${ctx.signName('moon')} Moon among them, supports them; this chapter collects them, with the placement behind each, so that the echoes become a pattern you can recognise.`,
        `A quality that one placement suggests is a possibility, and one that three placements suggest is a habit: the lists that follow, drawn from your ${ctx.signName('sun')} Sun and the rest, are of the second kind, each traced to where it comes from.`,
        `The chapters so far took your chart apart in order to read it, and here it is put back together: the motifs your ${ctx.signName('sun')} Sun and ${ctx.signName('moon')} Moon kept returning to, and the placements that sounded them.`,
      ],
      'synthesis-lead',
    ),
    '### Strengths to Build On',
    bullets(strengths),
    '### Tensions to Work With',
    bullets(tensions),
    '### Growth Suggestions',
    bullets(suggestions(ctx)),
    '### Questions for Reflection',
    bullets(questions),
  ];
  return introducedSection(ctx, 'synthesis', parts);
}
