/** How to read the report: the library's introduction and what this chart's reading leaves out. */
import type { ReportContext } from '../context.ts';
import { pointInSentence } from '../phrases.ts';
import { introducedSection, type ReportSection } from '../section.ts';

export function howToReadSection(ctx: ReportContext): ReportSection {
  const ruler = ctx.factors.chartRuler;
  const core = ctx.timed
    ? `the Sun, the Moon, the Ascendant and ${ruler && !['sun', 'moon'].includes(ruler) ? `your chart ruler, ${pointInSentence(ruler)}` : 'the chart ruler'}`
    : 'the Sun and the Moon';
  const order = ctx.choose(
    [
      `The pages move from the centre of the chart outward. They begin with ${core}, turn to your overall temperament and the shape of the chart, then take the planets one group at a time${ctx.timed ? ', look at the main areas of life through the houses' : ''}, and close with the aspects that matter most, a synthesis, reference tables and a short glossary.`,
      `The most central factors come first, ${core}, followed by temperament, chart shape and the planets in groups${ctx.timed ? ', then the areas of life the houses describe' : ''}. The strongest aspects, a synthesis, reference tables and a glossary complete the reading.`,
      `Your reading opens with ${core}, because everything else in the chart is heard through them. Temperament, the chart's shape and the planets follow${ctx.timed ? ', then the houses as areas of life' : ''}, and it ends with the closest aspects, a synthesis and the tables behind it all.`,
      `Start anywhere you like, but the chapters are built to be read in order: ${core} first, then the climate of the chart and its shape, the planets${ctx.timed ? ', the houses' : ''}, the aspects that bind them, and a closing synthesis. Tables and a glossary sit at the back for reference.`,
    ],
    'order',
  );
  const untimed = ctx.timed
    ? undefined
    : 'Your birth time is not known, so the planets are placed for noon on your birth date. Everything that depends on the hour, namely the Ascendant, the Midheaven, the houses and the chart ruler, is left out. The Moon, which moves twelve to fifteen degrees a day, is read over the whole day: its range, any change of sign, and its aspects with the hours in which each held.';
  const fallback =
    ctx.timed && ctx.chart.subject.settings.house_system !== ctx.chart.subject.settings.house_system_requested
      ? `At the latitude of your birthplace the ${cap(ctx.chart.subject.settings.house_system_requested)} method cannot divide the sky into houses, so ${cap(ctx.chart.subject.settings.house_system)} houses are used instead. House placements are therefore read with a lighter hand, especially for planets close to the boundary between two houses.`
      : undefined;
  return introducedSection(ctx, 'how_to_read', [order, untimed, fallback]);
}

const cap = (id: string) =>
  id
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
