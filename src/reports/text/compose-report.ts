/**
 * The psychological natal report: a pure function from a natal chart (the natal response, or
 * the natal task's result) to markdown, whole and by section. Entries come from the
 * interpretation library, each at most once, chosen by weight (the luminaries, the Ascendant and
 * the chart ruler, planets near the angles, tight aspects) and joined by transitions that state
 * what the chart shows, so the reading runs as one text.
 *
 *   cover · how to read · core triad and chart ruler · temperament · chart shape and
 *   configurations · personal planets · Jupiter and Saturn · outer planets · life areas · nodes
 *   and Chiron · key aspects · synthesis · appendix and glossary · disclaimer
 */
import type { NatalChartInput } from '../../interpretations/chart-input.ts';
import { extractChartFactors } from '../../interpretations/chart-factors/index.ts';
import { getLibrary, type InterpretationLibrary } from '../../interpretations/library.ts';
import { ReportContext, type ReportStyle } from './context.ts';
import { proseWordCount } from './report-markdown.ts';
import type { ReportSection } from './section.ts';
import { appendixSection, disclaimerSection } from './sections/appendix.ts';
import { chartShapeSection } from './sections/chart-shape.ts';
import { coreTriadSection } from './sections/core-triad.ts';
import { coverSection } from './sections/cover.ts';
import { howToReadSection } from './sections/how-to-read.ts';
import { keyAspectsSection } from './sections/key-aspects.ts';
import { lifeAreasSection } from './sections/life-areas.ts';
import { nodesChironSection } from './sections/nodes-chiron.ts';
import { jupiterSaturnSection, outerPlanetsSection, personalPlanetsSection } from './sections/planets.ts';
import { synthesisSection } from './sections/synthesis.ts';
import { temperamentSection } from './sections/temperament.ts';

export interface ReportOptions {
  /** The library to read from (the repository's English library by default). */
  library?: InterpretationLibrary | undefined;
  /** `improved` adds each entry's strengths and challenges after its text. */
  style?: ReportStyle | undefined;
}

export interface ComposedReport {
  markdown: string;
  sections: ReportSection[];
}

export function composeReport(chart: NatalChartInput, options: ReportOptions = {}): ComposedReport {
  const ctx = new ReportContext(chart, extractChartFactors(chart), options.library ?? getLibrary(), options.style ?? 'standard');
  // Order matters beyond the page: an entry belongs to the first section that shows it.
  const builders = [
    coverSection,
    howToReadSection,
    coreTriadSection,
    temperamentSection,
    chartShapeSection,
    personalPlanetsSection,
    jupiterSaturnSection,
    outerPlanetsSection,
    lifeAreasSection,
    nodesChironSection,
    keyAspectsSection,
    synthesisSection,
    appendixSection,
    disclaimerSection,
  ];
  const sections = builders.map((build) => build(ctx));
  return { markdown: `${sections.map((s) => s.markdown).join('\n\n')}\n`, sections };
}

export { proseWordCount };
