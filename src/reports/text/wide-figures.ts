/**
 * The shape of a figure in the aspect table that the figures' tighter orbs do not count (src/interpretations/chart-factors/
 * configurations.ts: an opposition within 7°, a square or a trine within 6°). An astrologer reading the table sees the
 * shape beside the sentence "no T-square" or "no grand trine" and takes it for an error (a reader found Venus opposite
 * Uranus at 7°54′, both square Neptune; another the trines of Venus, Mars and Saturn in earth, Venus–Saturn at 6°41′–7°00′
 * for births before 05:46). The chapter names the shape, the hours it holds for in an untimed chart, and the aspect
 * too wide for a figure. Among the ten planets: a T-square (an opposition whose ends both square a third planet) and a
 * grand trine (three planets each in trine with the other two).
 *
 * Untimed, the table holds every aspect of the birth day with the hours it was in orb: a shape is looked for among them
 * and holds in the hours its aspects share; an aspect is too wide when it stays beyond the figure's orb all day (an hour
 * that brings every aspect within the figure's orbs makes the figure one of the day's possible ones, named with its
 * hours by untimed-moon-figures.ts).
 */
import { FIGURE_ORBS } from '../../interpretations/chart-factors/configurations.ts';
import { TEN_PLANET_IDS } from '../../interpretations/keys.ts';
import { dayPairs, type DayAspect } from '../sky/moon-day.ts';
import { clockMinutes, DAY_MINUTES, minuteClock } from '../sky/local-minutes.ts';
import { wholeDay } from './aspect-facts.ts';
import type { ReportContext } from './context.ts';
import { stretchHours } from './day-stretches.ts';
import { pointInSentence, pointsInSentence } from './phrases.ts';
import { capitalize } from './report-markdown.ts';

/** An aspect of the table between two of the ten planets: a timed chart's with its orb, an untimed one's with its day. */
interface TableAspect {
  p1: string;
  p2: string;
  type: string;
  orb: number;
  day?: DayAspect | undefined;
}

export interface WideFigure {
  kind: 't_square' | 'grand_trine';
  /** A T-square's two ends and its apex; a grand trine's three corners. */
  planets: [string, string, string];
  /** Untimed, where the shape's aspects are not all in orb all day: the local hours they share ("before 05:46"). */
  hours?: string | undefined;
  /** The aspects wider than a figure's orb, with the figure's limit. */
  wide: { aspect: TableAspect; limit: number }[];
}

const FIGURE_LIMIT: Readonly<Record<string, number>> = FIGURE_ORBS;

/** The table's aspects between the ten planets: untimed, every one the birth day had at some hour. */
function tableAspects(ctx: ReportContext): TableAspect[] {
  const planet = new Set<string>(TEN_PLANET_IDS);
  const day = ctx.sky.moonDay;
  if (ctx.timed || !day) return ctx.factors.aspects.filter((a) => planet.has(a.p1) && planet.has(a.p2));
  return dayPairs(day)
    .filter((d) => planet.has(d.p1) && planet.has(d.p2))
    .map((d) => ({ p1: d.p1, p2: d.p2, type: d.type, orb: d.closest, day: d }));
}

/** Figure shapes among the table's aspects that are no figure because one of their aspects is wider than a figure's orb. */
export function wideFigures(ctx: ReportContext): WideFigure[] {
  const aspects = tableAspects(ctx);
  const between = (x: string, y: string, type: string) => aspects.find((a) => a.type === type && ((a.p1 === x && a.p2 === y) || (a.p1 === y && a.p2 === x)));
  const out: WideFigure[] = [];
  const consider = (kind: WideFigure['kind'], planets: WideFigure['planets'], members: (TableAspect | undefined)[]) => {
    if (members.some((a) => !a)) return;
    const shape = members as TableAspect[];
    // The hours all of the shape's aspects are in orb: none, and there is no shape at any hour.
    const partDay = shape.map((a) => a.day).filter((d): d is DayAspect => d !== undefined && !wholeDay(d));
    const [from, to] = [Math.max(0, ...partDay.map((d) => clockMinutes(d.from))), Math.min(DAY_MINUTES, ...partDay.map((d) => clockMinutes(d.to)))];
    if (from >= to) return;
    const wide = shape.map((aspect) => ({ aspect, limit: FIGURE_LIMIT[aspect.type]! })).filter((w) => (w.aspect.day?.closest ?? w.aspect.orb) > w.limit);
    if (!wide.length) return;
    out.push({ kind, planets, wide, hours: partDay.length ? stretchHours([{ from: minuteClock(from), to: minuteClock(to) }]) : undefined });
  };
  for (const opposition of aspects.filter((a) => a.type === 'opposition'))
    for (const apex of TEN_PLANET_IDS)
      consider('t_square', [opposition.p1, opposition.p2, apex], [opposition, between(opposition.p1, apex, 'square'), between(opposition.p2, apex, 'square')]);
  // Each three planets once.
  const ids = TEN_PLANET_IDS;
  for (let i = 0; i < ids.length; i++)
    for (let j = i + 1; j < ids.length; j++)
      for (let k = j + 1; k < ids.length; k++) {
        const [a, b, c] = [ids[i]!, ids[j]!, ids[k]!];
        consider('grand_trine', [a, b, c], [between(a, b, 'trine'), between(a, c, 'trine'), between(b, c, 'trine')]);
      }
  return out;
}

/**
 * The sentence that names each such shape and what keeps it from being a figure; undefined when there is none. `read`:
 * the kinds of figure the chapter reads, whose shapes in the table a reader does not take for a denied figure.
 */
export function wideFiguresSentence(ctx: ReportContext, read: ReadonlySet<string>): string | undefined {
  const shapes = wideFigures(ctx).filter((s) => !read.has(s.kind));
  if (!shapes.length) return undefined;
  const each = shapes.map((s) => {
    const why = s.wide
      .map(
        (w) =>
          `the ${w.aspect.type} of ${pointInSentence(w.aspect.p1)} and ${pointInSentence(w.aspect.p2)} is ${ctx.statedOrb(w.aspect)} from exact, wider than the ${w.limit}° a figure's ${w.aspect.type} is counted within`,
      )
      .join(', and ');
    const [a, b, c] = s.planets;
    const shape =
      s.kind === 't_square'
        ? `${pointInSentence(a)} and ${pointInSentence(b)} in opposition, both square ${pointInSentence(c)}, make the shape of a T-square`
        : `${pointsInSentence(s.planets)}, each in trine with the other two, make the shape of a grand trine`;
    const table = s.hours ? `in the aspect table for births ${s.hours} local time` : 'in the aspect table';
    return `${shape} ${table}, but ${why}`;
  });
  return `${capitalize(each.join('; '))}, so ${shapes.length === 1 ? 'it is not' : 'none of them is'} read as a figure.`;
}
