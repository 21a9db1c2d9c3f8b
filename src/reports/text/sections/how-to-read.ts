/** How to read the report: the library's introduction, the chapters in this chart's order, and what its reading leaves out. */
import { houseWidths } from '../chart-facts.ts';
import type { ReportContext } from '../context.ts';
import { pointInSentence } from '../phrases.ts';
import { introducedSection, type ReportSection } from '../section.ts';
import { countWord, joinAnd } from '../report-markdown.ts';
import { THEMES, themeOrder } from '../themes/theme-ranking.ts';
import { ingressesNote, stretchesNote } from '../untimed-ingresses.ts';

export function howToReadSection(ctx: ReportContext): ReportSection {
  // What the first chapter reads (themes/theme-chapters.ts, meetingWorld): the Sun, the Ascendant and its ruler, and
  // Mercury; a Moon that rules the Ascendant is read with the Moon's own chapter.
  const ruler = ctx.factors.chartRuler;
  const core = !ctx.timed
    ? 'the Sun and Mercury'
    : ruler === 'mercury'
      ? 'the Sun, the Ascendant and your chart ruler (Mercury)'
      : ruler && ruler !== 'sun' && ruler !== 'moon'
        ? `the Sun, the Ascendant, your chart ruler (${pointInSentence(ruler)}) and Mercury`
        : 'the Sun, the Ascendant and Mercury';
  // The chapters after this one, in the order this chart gives them (themes/theme-ranking.ts).
  const themes = themeOrder(ctx)
    .filter((id) => id !== 'year_ahead' || ctx.sky.yearAhead)
    .map((id) => `"${THEMES[id].title}"`);
  const [first, ...rest] = themes;
  // The Nodes, Chiron and Lilith come after the natal themes and before the year ahead (compose-report.ts): a reader was
  // told they closed the report, two chapters before its end.
  const yearAhead = ctx.sky.yearAhead ? `"${THEMES.year_ahead.title}"` : undefined;
  const natalRest = rest.filter((t) => t !== yearAhead);
  const order = ctx.choose(
    [
      `The report is built as ${countWord(themes.length)} themes rather than a list of placements, and each theme gathers every part of the chart that bears on it. It opens with ${first}, which reads ${core} together; then come ${joinAnd(natalRest)}, in the order of how much of your chart speaks to each. The nodes, Chiron and Lilith follow${yearAhead ? `, then ${yearAhead}` : ''}; a synthesis${ctx.timed ? ', the house rulers' : ''} and the chart's tables close it.`,
      `Each chapter answers one question about you, using whatever in the chart has a say in it: ${joinAnd(themes)}. The first reads ${core} side by side; the next ones are ranked by how strongly your chart bears on them, and the central tension${yearAhead ? ' and the year ahead close the themes, with the nodes, Chiron and Lilith read between the two' : ' closes them, the nodes, Chiron and Lilith after it'}. A synthesis, reference pages and a glossary follow.`,
      `Read from the start, the chapters go from your first impression to the longer stories: the first, ${first}, draws on ${core}, and the others, ${joinAnd(rest)}, come in the order your chart weights them. Where two factors pull apart, the report says so once, in the chapter where they meet, rather than asserting each in turn.`,
      `Start anywhere you like; the chapters are themes, ${joinAnd(themes)}, each written from every factor that touches it. The first of them sets the tone, since everything after it is heard through ${core}, and the others are ordered by their weight in your chart, with a synthesis and the tables at the back.`,
    ],
    'order',
  );
  const untimed = ctx.timed
    ? undefined
    : ctx.choose(
        [
          'Your birth time is not known, so the planets are placed for noon on your birth date. Everything that depends on the hour, namely the Ascendant, the Midheaven, the houses and the chart ruler, is left out. The Moon, which moves about twelve to fifteen degrees a day, is read over the whole day: its range, any change of sign, and its aspects with the hours in which each held.',
          'With no birth time, this reading uses the positions at noon of your birth day and leaves out whatever hangs on the hour: the Ascendant, the Midheaven, the houses and the chart ruler. The Moon covers about twelve to fifteen degrees in a day, so it is read across the whole day, with its range, any sign change and the hours during which each of its aspects held.',
          'The planets of this report stand where they were at noon on the day you were born, because the hour is unknown; the rising sign, the Midheaven, the houses and the chart ruler depend on it and are not read. The Moon moves about twelve to fifteen degrees in a day, so its whole day is given: its range, a sign change if there was one, and when each aspect held. The other planets move a degree or less, which matters only for an aspect near the edge of its orb or the date of a transit, and where it does the report gives the hours or the days.',
          'A birth without a recorded hour still has a sky: the planets are set here for midday, and the parts of a chart that turn with the hour (Ascendant, Midheaven, houses, chart ruler) are not used. The Moon travels about twelve to fifteen degrees between one midnight and the next, so it is described for the whole day, with the span it covered, any change of sign and the hours of each of its aspects.',
          'Because the time of birth is not known, this report places the planets at noon and leaves out what would need the exact time, the Ascendant, the Midheaven, the houses and the chart ruler; what held for some hours of the day only is read with those hours. The fastest body, the Moon, about twelve to fifteen degrees a day, is followed from midnight to midnight: where it began and ended, whether it changed sign, and when each of its aspects was in force.',
        ],
        'untimed-how-to-read',
      );
  const fallback =
    ctx.timed && ctx.chart.subject.settings.house_system !== ctx.chart.subject.settings.house_system_requested
      ? `At the latitude of your birthplace (${Math.abs(ctx.chart.subject.location.lat).toFixed(1)}° ${ctx.chart.subject.location.lat >= 0 ? 'north' : 'south'}) the ${cap(ctx.chart.subject.settings.house_system_requested)} method cannot divide the sky into houses, so ${cap(ctx.chart.subject.settings.house_system)} houses are used instead.${houseWidthsNote(ctx)} Take a planet's house as a lighter statement than its sign or its aspects, above all for a planet close to the boundary between two houses.`
      : undefined;
  return introducedSection(ctx, 'how_to_read', [order, untimed, ingressesNote(ctx), stretchesNote(ctx), fallback]);
}

/** " Here they run from 3° to 57° wide." when the houses are very unequal (a polar chart's fallback houses), or nothing. */
function houseWidthsNote(ctx: ReportContext): string {
  const widths = houseWidths(ctx);
  if (!widths) return '';
  const [least, most] = [Math.min(...widths), Math.max(...widths)];
  return most - least < 20 ? '' : ` Here they run from ${Math.round(least)}° to ${Math.round(most)}° wide.`;
}

const cap = (id: string) =>
  id
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
