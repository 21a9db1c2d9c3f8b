/**
 * A personal planet that makes no major aspect to another of the ten planets, which tradition reads as a part of the
 * psyche working on its own (a reader met a Sun joined to nothing left without a word). Untimed, the chart's aspects are
 * those the birth day held at any hour, so a planet is called unaspected only when no hour of the day joined it to
 * another.
 */
import { TEN_PLANET_IDS } from '../../interpretations/keys.ts';
import type { ReportContext } from './context.ts';
import { POINT_NAMES, POINT_PART } from './phrases.ts';
import { capitalize } from './report-markdown.ts';

const PERSONAL = new Set(['sun', 'moon', 'mercury', 'venus', 'mars']);
const TEN = new Set<string>(TEN_PLANET_IDS);

/** Whether any major aspect of the chart (of any hour of an untimed birth day) joins the planet to another of the ten. */
function isUnaspected(ctx: ReportContext, id: string): boolean {
  return !ctx.factors.aspects.some((a) => (a.p1 === id && TEN.has(a.p2)) || (a.p2 === id && TEN.has(a.p1)));
}

/** The note on a personal planet joined to no other planet by a major aspect; undefined otherwise. */
export function unaspectedNote(ctx: ReportContext, id: string): string | undefined {
  if (!PERSONAL.has(id) || !isUnaspected(ctx, id)) return undefined;
  const planet = `your ${POINT_NAMES[id]}`;
  // A singular noun phrase ("your emotional life"), so that the verbs after it agree.
  const part = POINT_PART[id]!;
  const orbs = ctx.timed ? 'within the orbs used here' : 'at any hour of your birth day, within the orbs used here';
  return ctx.choose(
    [
      `No major aspect joins ${planet} to another planet ${orbs}. Astrologers call such a planet unaspected and read it as working on its own: ${part} is not drawn into the give-and-take of the rest of the chart, so it can show itself whole in some settings and seem to fall silent in others. It tends to come forward when a situation calls on it directly, and habits that make such calls regular help it take part in the rest of your life.`,
      `Your ${POINT_NAMES[id]} makes no major aspect to any other planet ${orbs}, which tradition reads as a part of the psyche that keeps its own counsel. ${capitalize(part)} runs on a track of its own rather than in constant conversation with the rest of you; people may see it clearly in one setting and not at all in another, and you may find it easiest to express when something asks for it outright.`,
    ],
    `unaspected-${id}`,
  );
}
