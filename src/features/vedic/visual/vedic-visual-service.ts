/**
 * The Vedic chart image: the sidereal chart (src/astro/vedic/sidereal-chart.ts), each graha and
 * the lagna placed in the sign of the varga asked for (src/astro/vedic/vargas.ts), written as
 * labels (`Su 12°34′`, the rasi degree) and drawn by the renderer in the style asked for. Runs in
 * a compute worker.
 */
import type { KundliDrawing, KundliLabel } from '../../../../renderer/kundli/kundli-model.ts';
import { kundliHeight, kundliSummary, renderKundliSvg } from '../../../../renderer/kundli/kundli-render.ts';
import { svgToPng } from '../../../../renderer/index.ts';
import { computeChartMoment } from '../../../astro/chart.ts';
import { degreeInSign } from '../../../astro/zodiac.ts';
import { GRAHAS } from '../../../astro/vedic/grahas.ts';
import type { VedicChart } from '../../../astro/vedic/sidereal-chart.ts';
import { VARGA_NAMES, vargaSign, type VargaDivision } from '../../../astro/vedic/vargas.ts';
import type { BinaryResponse } from '../../../compute/binary-response.ts';
import { castVedic } from '../vedic-service.ts';
import type { ResolvedPlace } from '../../../requests/place.ts';
import { fitPngScale, imageWarnings } from '../../charts/output.ts';
import type { VisualChartRequest } from './vedic-visual-schemas.ts';
import { OUTER_PLANETS, resolveKundliOptions, type KundliOptions, type OuterPlanet } from './vedic-visual-options.ts';
import { needsPanels, renderPanelSheet, type KundliPanel } from './vedic-visual-panels.ts';

export interface VisualChartTask {
  request: VisualChartRequest;
  place: ResolvedPlace;
}

export const DEFAULT_VISUAL_SIZE = 600;
const STYLE_NAMES = { north_indian: 'North Indian', south_indian: 'South Indian', east_indian: 'East Indian' } as const;

/** The divisions drawn, in the order asked (one chart each), each once. */
export const divisionsOf = (request: VisualChartRequest): VargaDivision[] => {
  const d = request.divisions;
  return [...new Set(Array.isArray(d) ? d : [d ?? 1])] as VargaDivision[];
};

/** Degrees and minutes in the sign, as a kundli prints them: 12°34′ (minutes floored, so 29°59′ never reads 30°). */
function degreeText(degreeInSign: number): string {
  const totalMinutes = Math.floor(degreeInSign * 60 + 1e-9);
  return `${Math.floor(totalMinutes / 60)}°${String(totalMinutes % 60).padStart(2, '0')}′`;
}

/** A point a kundli labels: where it stands (sidereal) and whether it is retrograde. */
interface LabelledPoint {
  abbr: string;
  longitude: number;
  retrograde: boolean;
}

const OUTER_ABBR: Record<OuterPlanet, string> = { uranus: 'Ur', neptune: 'Ne', pluto: 'Pl' };

/** Uranus, Neptune and Pluto in the chart's sidereal zodiac (the same ayanamsa as the grahas), when the drawing asks for them. */
function outerPlanets(chart: VedicChart, wanted: readonly OuterPlanet[]): LabelledPoint[] {
  if (!wanted.length) return [];
  const moment = computeChartMoment({
    jdUt: chart.jdUt,
    lat: 0,
    lng: 0,
    timeKnown: false,
    zodiac: { type: 'sidereal', ayanamsa: chart.ayanamsa.name },
    houseSystem: 'whole_sign',
    points: wanted,
    nodeVariant: chart.nodeType,
  });
  return moment.points.map((p) => ({ abbr: OUTER_ABBR[p.id as OuterPlanet], longitude: p.lon, retrograde: p.speed < 0 }));
}

/**
 * The labels of each sign of the varga: the lagna first, then the grahas in their order, then the
 * outer planets asked for; a retrograde planet (not the nodes, always retrograde) marked ℞. The
 * degree printed is the rasi degree, whatever the varga.
 */
export function kundliLabels(chart: VedicChart, n: VargaDivision, options: KundliOptions): KundliLabel[][] {
  const bySign: KundliLabel[][] = Array.from({ length: 12 }, () => []);
  const text = (abbr: string, longitude: number, retrograde: boolean) =>
    [abbr, options.showDegrees ? degreeText(degreeInSign(longitude)) : '', retrograde && options.showRetrograde ? '℞' : ''].filter(Boolean).join(' ');
  if (chart.lagna && options.points.has('lagna'))
    bySign[vargaSign(chart.lagna.longitude, n)]!.push({ text: text('Asc', chart.lagna.longitude, false), kind: 'lagna' });
  const grahas = chart.grahas
    .filter((g) => options.points.has(g.id))
    .map((g) => ({ abbr: GRAHAS[g.id].abbr, longitude: g.longitude, retrograde: g.retrograde && g.id !== 'rahu' && g.id !== 'ketu' }));
  const outer = outerPlanets(
    chart,
    OUTER_PLANETS.filter((p) => options.points.has(p)),
  );
  for (const p of [...grahas, ...outer]) bySign[vargaSign(p.longitude, n)]!.push({ text: text(p.abbr, p.longitude, p.retrograde), kind: 'graha' });
  return bySign;
}

/** The drawing of one division of the chart (the first asked, unless named). */
export function visualChartDrawing(task: VisualChartTask, division?: VargaDivision): { drawing: KundliDrawing; chart: VedicChart } {
  const { request, place } = task;
  // The family's one cast (the birth's moment, LMT included, and the sidereal chart); a kundli's houses are its signs.
  const { moment, chart } = castVedic({ request: { ...request, house_system: 'whole_sign' }, place });
  return { chart, drawing: drawingOf(task, moment, chart, division ?? divisionsOf(request)[0]!) };
}

function drawingOf(task: VisualChartTask, moment: ReturnType<typeof castVedic>['moment'], chart: VedicChart, n: VargaDivision): KundliDrawing {
  const { request, place } = task;
  const moon = chart.grahas.find((g) => g.id === 'moon')!;
  const firstHouseSign = chart.lagna ? vargaSign(chart.lagna.longitude, n) : vargaSign(moon.longitude, n);
  const style = request.chart_style ?? 'north_indian';
  const when = moment.timeKnown
    ? moment.localIso.slice(0, 16).replace('T', ' ') + moment.localIso.slice(19)
    : `${moment.localIso.slice(0, 10)} (time unknown: Moon chart)`;
  const where = place.city ?? `${place.lat}, ${place.lng}`;
  const ayanamsaText = `${chart.ayanamsa.name} ${degreeText(chart.ayanamsa.degrees)}`;
  const size = Math.round(request.size ?? DEFAULT_VISUAL_SIZE);
  const options = resolveKundliOptions(request, size);
  return {
    style,
    size,
    colors: options.colors,
    labelScale: options.labelScale,
    lineScale: options.lineScale,
    showSignMarkers: options.showSignMarkers,
    firstHouseSign,
    lagnaKnown: chart.lagna !== undefined,
    bySign: kundliLabels(chart, n, options),
    title: `${request.name ?? 'Chart'}: D${n} ${VARGA_NAMES[n]}`,
    subtitle: `${when} · ${where} · ${ayanamsaText} · ${STYLE_NAMES[style]}`,
    showMetadata: options.showMetadata,
  };
}

function sheetOf(task: VisualChartTask) {
  const { request, place } = task;
  const { moment, chart } = castVedic({ request: { ...request, house_system: 'whole_sign' }, place });
  const divisions = divisionsOf(request);
  const panels: KundliPanel[] = divisions.map((n) => ({ drawing: drawingOf(task, moment, chart, n), badge: `D${n}` }));
  const options = resolveKundliOptions(request, panels[0]!.drawing.size);
  if (!needsPanels(panels, options.panel)) {
    const d = panels[0]!.drawing;
    return { chart, panels, svg: renderKundliSvg(d), dimensions: { width: d.size, height: kundliHeight(d.size, d.showMetadata) } };
  }
  const sheet = renderPanelSheet(panels, options.panel);
  return { chart, panels, svg: sheet.svg, dimensions: { width: sheet.width, height: sheet.height } };
}

export function visualChartImage(task: VisualChartTask): BinaryResponse {
  const { chart, panels, svg, dimensions } = sheetOf(task);
  const warnings = chart.lagna ? chart.warnings : [...chart.warnings, 'the birth time is unknown: no lagna; the houses are counted from the Moon’s sign'];
  const style = panels[0]!.drawing.style;
  const headers = { ...imageWarnings([task.place], [{ warnings }]), 'X-Chart-Style': style, 'X-Varga': panels.map((p) => p.badge).join(',') };
  const summary = panels.flatMap((p) => [p.drawing.title, kundliSummary(p.drawing)]);
  if ((task.request.format ?? 'svg') === 'png') {
    const scale = fitPngScale(dimensions.width, task.request.png_quality_scale ?? 2, dimensions.height / dimensions.width);
    return { kind: 'binary', contentType: 'image/png', headers, summary, body: new Uint8Array(svgToPng(svg, scale)) };
  }
  return { kind: 'binary', contentType: 'image/svg+xml; charset=utf-8', headers, summary, body: svg };
}
