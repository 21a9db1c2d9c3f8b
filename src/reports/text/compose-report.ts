/**
 * The psychological natal report: a pure function from a natal chart (the natal response, or
 * the natal task's result) to markdown, whole and by section. The reading is organised as seven
 * themes (themes/), each one chapter that reads every factor bearing on it; entries come from the
 * interpretation library, each at most once, and are joined by passages that state what the chart
 * shows, so the reading runs as one text.
 *
 *   cover · how to read · how you meet the world · [what you need to feel safe · how you love ·
 *   how you work · the family you come from · the central tension, in the order the chart ranks
 *   them] · the year ahead · the nodes, Chiron and Lilith · synthesis · house rulers · appendix
 *   and glossary · disclaimer
 *
 * (An untimed chart has no house rulers, and no house or angle is read in its themes.)
 */
import type { NatalChartInput } from '../../interpretations/chart-input.ts';
import { extractChartFactors } from '../../interpretations/chart-factors/index.ts';
import { getLibrary, type InterpretationLibrary } from '../../interpretations/library.ts';
import { ReportContext, type ReportStyle } from './context.ts';
import { proseWordCount } from './report-markdown.ts';
import type { ReportSection } from './section.ts';
import { reportSky, type ReportSky } from '../sky/report-sky.ts';
import { balanceFigure } from '../figures/balance-figure.ts';
import { TEN_PLANET_IDS } from '../../interpretations/keys.ts';
import { aspectGridFigure } from '../figures/aspect-grid-figure.ts';
import { yearAheadFigure } from '../figures/year-ahead-figure.ts';
import type { MoonDay } from '../sky/moon-day.ts';
import { appendixSection, disclaimerSection } from './sections/appendix.ts';
import { coverSection } from './sections/cover.ts';
import { howToReadSection } from './sections/how-to-read.ts';
import { nodesChironSection } from './sections/nodes-chiron.ts';
import { synthesisSection } from './sections/synthesis.ts';
import { houseRulersSection } from './sections/house-rulers.ts';
import { themeOrder } from './themes/theme-ranking.ts';
import { newThemeState, themeChapter } from './themes/theme-chapters.ts';
import { findCentralFigure, reserveFigure, type TensionCentre } from './themes/central-figure.ts';
import { centralHardFigure } from '../synthesis/hard-figures.ts';

export interface ReportOptions {
  /** The library to read from (the repository's English library by default). */
  library?: InterpretationLibrary | undefined;
  /** `improved` adds each entry's strengths and challenges after its text. */
  style?: ReportStyle | undefined;
  /** The ephemeris facts of the `report_sky` task; computed here when not given. */
  sky?: ReportSky | undefined;
  /** The report's date (ISO 8601), from which the year ahead is read when `sky` is computed here; now by default. */
  asOf?: string | undefined;
}

/** A drawing that goes with a section in the PDF (the markdown has the same facts as tables). */
export interface ReportFigure {
  /** Inline SVG. */
  svg: string;
  caption: string;
}

export interface ComposedReport {
  markdown: string;
  sections: ReportSection[];
  /** Figures by section id, shown after the section's opening paragraph. */
  figures?: Record<string, ReportFigure[]> | undefined;
  /** The library entries read, in order, with the claims their printed text makes (a tension passage makes none). */
  readings?: { key: string; label: string; claims: string[]; tension?: string | undefined; tensions?: string[] | undefined }[] | undefined;
}

/** The aspect grid's points, in the order of the planets, then the angles. */
const GRID_POINTS = [...TEN_PLANET_IDS, 'asc', 'mc'];

export function composeReport(chart: NatalChartInput, options: ReportOptions = {}): ComposedReport {
  const sky = options.sky ?? reportSky({ chart, asOf: options.asOf });
  const read = sky.moonDay ? withDayAspects(chart, sky.moonDay) : chart;
  const ctx = new ReportContext(read, extractChartFactors(read), options.library ?? getLibrary(), options.style ?? 'standard', sky);
  // The central figure is found first: its aspects are read once, as one figure, not with the planets they join.
  const figure = findCentralFigure(ctx);
  if (figure) reserveFigure(ctx, figure);
  const hard = centralHardFigure(ctx);
  const state = newThemeState(ctx, figure, hard);
  // The chart's centre as "The Central Tension" names it: the synthesis names the same (a single aspect it finds itself).
  const figureAspects = state.centre?.figureAspects;
  const centre: TensionCentre | undefined = figureAspects && { aspects: figureAspects };
  // Order matters beyond the page: an entry belongs to the first chapter that shows it.
  const opening = [coverSection(ctx), howToReadSection(ctx)];
  // The natal chapters, then the Nodes, Chiron and Lilith, then the year ahead (always the last theme): a reader met the
  // natal reading resumed after the forecast.
  const order = themeOrder(ctx);
  const natal = order.filter((id) => id !== 'year_ahead').map((id) => themeChapter(ctx, id, state));
  ctx.chapter = undefined;
  const nodes = nodesChironSection(ctx);
  const ahead = order.includes('year_ahead') ? [themeChapter(ctx, 'year_ahead', state)] : [];
  ctx.chapter = undefined;
  const reading = [...opening, ...natal, nodes, ...ahead, synthesisSection(ctx, centre), houseRulersSection(ctx)];
  // The appendix's glossary explains the terms the reading uses, so it is written after it.
  const readingText = reading.map((s) => s?.markdown ?? '').join('\n\n');
  const chapters = [...reading, appendixSection(ctx, readingText), disclaimerSection()];
  // A chapter that has nothing to say of this chart (the house rulers of an untimed one) is left out.
  const sections = chapters.filter((s): s is ReportSection => s !== undefined);
  const figures: Record<string, ReportFigure[]> = {
    meeting_world: [{ svg: balanceFigure(ctx.factors.balance), caption: 'Element and modality balance (weighted shares of the chart).' }],
    central_tension: [
      {
        svg: aspectGridFigure(
          GRID_POINTS.filter((id) => ctx.factors.points.has(id)),
          ctx.factors.aspects,
          (a) => ctx.rankingOrb(a) === undefined,
        ),
        caption: ctx.timed
          ? 'Aspect grid: every major aspect with its orb.'
          : 'Aspect grid: every major aspect of the birth day with its closest orb; dashed, those in orb for part of the day only.',
      },
    ],
  };
  // The chapter is there whenever the year ahead is (sections/year-ahead.ts).
  const timeline = ctx.sky.yearAhead ? yearAheadFigure(ctx.sky.yearAhead) : undefined;
  if (timeline)
    figures.year_ahead = [
      {
        svg: timeline,
        // The caption names only what this year's figure draws: a year without a progressed event has no diamonds.
        caption: `The year ahead by date: each transit's stretches within orb as bars (1° for Jupiter and Saturn, 1.5° for the outer planets), its exact dates as dots${ctx.sky.yearAhead!.transits.some((t) => t.closest) ? ', a station short of exact as a ring' : ''}; red for squares and oppositions, blue for trines and sextiles, violet for conjunctions${ctx.sky.yearAhead!.progressions.length ? "; the progressed chart's events as diamonds" : ''}.`,
      },
    ];
  const readings = [
    ...ctx.shown.map((s) => ({ key: s.key, label: s.label, claims: s.claims, tension: s.tension, tensions: s.tensions })),
    // The report's own sentences that claim something (a scarcity, Saturn pressing on a planet) are readings too.
    ...ctx.ownReadings.map((r) => ({ key: 'report', label: r.label, claims: r.claims, tension: r.tensions[0], tensions: r.tensions })),
  ];
  return { markdown: `${sections.map((s) => s.markdown).join('\n\n')}\n`, sections, figures, readings };
}

/**
 * An untimed chart read with the aspects of its whole birth day instead of its noon ones: an aspect
 * formed at any hour is read, at its closest orb, with the day's window; none is read from the noon
 * orb alone (the Moon's orbs change by a degree every two hours, and even the Sun's by one a day).
 */
function withDayAspects(chart: NatalChartInput, day: MoonDay): NatalChartInput {
  const moon = day.aspects.map((d) => ({ p1: 'moon', p2: d.other, type: d.type, orb: d.closest }));
  const pairs = day.pairs.map((d) => ({ p1: d.p1, p2: d.p2, type: d.type, orb: d.closest }));
  return { ...chart, aspects: [...pairs, ...moon] };
}

export { proseWordCount };
