/**
 * The shape of a T-square in the aspect table that the figures' tighter orbs do not count (an opposition within 7° and
 * two squares within 6°: src/interpretations/chart-factors/configurations.ts). An astrologer reading the table sees the
 * shape and the sentence "no T-square" as a contradiction (a reader found Venus opposite Uranus at 7°54′, both square
 * Neptune, beside it); the chapter names the shape and the aspect that is too wide for a figure. Among the ten planets,
 * from the aspects the chapter's count covers (untimed: those that held all day).
 */
import type { KeyedAspect } from '../../interpretations/chart-factors/aspects.ts';
import { FIGURE_ORBS } from '../../interpretations/chart-factors/configurations.ts';
import type { ReportContext } from './context.ts';
import { pointInSentence } from './phrases.ts';
import { capitalize } from './report-markdown.ts';

const PLANETS = new Set(['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto']);

interface WideTSquare {
  ends: [string, string];
  apex: string;
  /** The aspects wider than a figure's orb, with their orbs. */
  wide: { aspect: KeyedAspect; limit: number }[];
}

/** T-square shapes among the chart's aspects that are no figure because one of their aspects is wider than a figure's orb. */
export function wideTSquares(ctx: ReportContext): WideTSquare[] {
  const aspects = ctx.heldAspects.filter((a) => PLANETS.has(a.p1) && PLANETS.has(a.p2));
  const between = (x: string, y: string, type: string) => aspects.find((a) => a.type === type && ((a.p1 === x && a.p2 === y) || (a.p1 === y && a.p2 === x)));
  // Untimed, too wide all day: at its closest of the birth day (an hour that brings it within a figure's orb makes the
  // figure one of the day's possible ones, named with its hours).
  const orbOf = (a: KeyedAspect) => ctx.dayAspect(a)?.closest ?? a.orb;
  const out: WideTSquare[] = [];
  for (const opposition of aspects.filter((a) => a.type === 'opposition')) {
    for (const apex of PLANETS) {
      const [s1, s2] = [between(opposition.p1, apex, 'square'), between(opposition.p2, apex, 'square')];
      if (!s1 || !s2) continue;
      const wide = [
        { aspect: opposition, limit: FIGURE_ORBS.opposition },
        { aspect: s1, limit: FIGURE_ORBS.square },
        { aspect: s2, limit: FIGURE_ORBS.square },
      ].filter((w) => orbOf(w.aspect) > w.limit);
      if (wide.length) out.push({ ends: [opposition.p1, opposition.p2], apex, wide });
    }
  }
  return out;
}

/** The sentence that names each such shape and what keeps it from being a figure; undefined when there is none. */
export function wideTSquaresSentence(ctx: ReportContext): string | undefined {
  const shapes = wideTSquares(ctx);
  if (!shapes.length) return undefined;
  const each = shapes.map((s) => {
    const why = s.wide
      .map(
        (w) =>
          `the ${w.aspect.type} of ${pointInSentence(w.aspect.p1)} and ${pointInSentence(w.aspect.p2)} is ${ctx.statedOrb(w.aspect)} from exact, wider than the ${w.limit}° a figure's ${w.aspect.type} is counted within`,
      )
      .join(', and ');
    return `${pointInSentence(s.ends[0])} and ${pointInSentence(s.ends[1])} in opposition, both square ${pointInSentence(s.apex)}, make the shape of a T-square in the aspect table, but ${why}`;
  });
  return `${capitalize(each.join('; '))}, so ${shapes.length === 1 ? 'it is' : 'none of them is'} read as a figure.`;
}
