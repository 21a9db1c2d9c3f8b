/**
 * The Vedic chart image: the sidereal chart (src/astro/vedic/sidereal-chart.ts), each graha and
 * the lagna placed in the sign of the varga asked for (src/astro/vedic/vargas.ts), written as
 * labels (`Su 12°34′`, the rasi degree) and drawn by the renderer in the style asked for. Runs in
 * a compute worker.
 */
import type { KundliDrawing, KundliLabel } from '../../../renderer/kundli/kundli-model.ts';
import { kundliHeight, kundliSummary, renderKundliSvg } from '../../../renderer/kundli/kundli-render.ts';
import { svgToPng } from '../../../renderer/index.ts';
import { GRAHAS } from '../../astro/vedic/grahas.ts';
import type { VedicChart } from '../../astro/vedic/sidereal-chart.ts';
import { VARGA_NAMES, vargaSign, type VargaDivision } from '../../astro/vedic/vargas.ts';
import type { BinaryResponse } from '../../compute/binary-response.ts';
import { castVedic } from '../vedic/vedic-service.ts';
import type { ResolvedPlace } from '../requests/place.ts';
import { fitPngScale, imageWarnings } from '../charts/output.ts';
import type { VisualChartRequest } from './vedic-visual-schemas.ts';

export interface VisualChartTask {
  request: VisualChartRequest;
  place: ResolvedPlace;
}

export const DEFAULT_VISUAL_SIZE = 600;
const STYLE_NAMES = { north_indian: 'North Indian', south_indian: 'South Indian', east_indian: 'East Indian' } as const;

const divisionOf = (request: VisualChartRequest): VargaDivision => {
  const d = request.divisions;
  return (Array.isArray(d) ? d[0]! : (d ?? 1)) as VargaDivision;
};

/** Degrees and minutes in the sign, as a kundli prints them: 12°34′ (minutes floored, so 29°59′ never reads 30°). */
function degreeText(degreeInSign: number): string {
  const totalMinutes = Math.floor(degreeInSign * 60 + 1e-9);
  return `${Math.floor(totalMinutes / 60)}°${String(totalMinutes % 60).padStart(2, '0')}′`;
}

/** The labels of each sign of the varga: the lagna first, then the grahas in their order; a retrograde graha (not the nodes, always retrograde) marked ℞. */
export function kundliLabels(chart: VedicChart, n: VargaDivision): KundliLabel[][] {
  const bySign: KundliLabel[][] = Array.from({ length: 12 }, () => []);
  if (chart.lagna) bySign[vargaSign(chart.lagna.longitude, n)]!.push({ text: `Asc ${degreeText(chart.lagna.degreeInSign)}`, kind: 'lagna' });
  for (const g of chart.grahas) {
    const retro = g.retrograde && g.id !== 'rahu' && g.id !== 'ketu' ? ' ℞' : '';
    bySign[vargaSign(g.longitude, n)]!.push({ text: `${GRAHAS[g.id].abbr} ${degreeText(g.degreeInSign)}${retro}`, kind: 'graha' });
  }
  return bySign;
}

export function visualChartDrawing(task: VisualChartTask): { drawing: KundliDrawing; chart: VedicChart } {
  const { request, place } = task;
  // The family's one cast (the birth's moment, LMT included, and the sidereal chart); a kundli's houses are its signs.
  const { moment, chart } = castVedic({ request: { ...request, house_system: 'whole_sign' }, place });
  const n = divisionOf(request);
  const moon = chart.grahas.find((g) => g.id === 'moon')!;
  const firstHouseSign = chart.lagna ? vargaSign(chart.lagna.longitude, n) : vargaSign(moon.longitude, n);
  const style = request.chart_style ?? 'north_indian';
  const when = moment.timeKnown
    ? moment.localIso.slice(0, 16).replace('T', ' ') + moment.localIso.slice(19)
    : `${moment.localIso.slice(0, 10)} (time unknown: Moon chart)`;
  const where = place.city ?? `${place.lat}, ${place.lng}`;
  const ayanamsaText = `${chart.ayanamsa.name} ${degreeText(chart.ayanamsa.degrees)}`;
  return {
    chart,
    drawing: {
      style,
      size: Math.round(request.size ?? DEFAULT_VISUAL_SIZE),
      theme: request.theme_type ?? 'light',
      firstHouseSign,
      lagnaKnown: chart.lagna !== undefined,
      bySign: kundliLabels(chart, n),
      title: `${request.name ?? 'Chart'}: D${n} ${VARGA_NAMES[n]}`,
      subtitle: `${when} · ${where} · ${ayanamsaText} · ${STYLE_NAMES[style]}`,
      showMetadata: request.show_metadata ?? true,
    },
  };
}

export function visualChartImage(task: VisualChartTask): BinaryResponse {
  const { drawing, chart } = visualChartDrawing(task);
  const svg = renderKundliSvg(drawing);
  const warnings = chart.lagna ? chart.warnings : [...chart.warnings, 'the birth time is unknown: no lagna; the houses are counted from the Moon’s sign'];
  const headers = { ...imageWarnings([task.place], [{ warnings }]), 'X-Chart-Style': drawing.style, 'X-Varga': `D${divisionOf(task.request)}` };
  const summary = [drawing.title, kundliSummary(drawing)];
  if ((task.request.format ?? 'svg') === 'png') {
    // The header band makes the image taller than wide (kundliLayout).
    const scale = fitPngScale(drawing.size, task.request.png_quality_scale ?? 2, kundliHeight(drawing.size, drawing.showMetadata) / drawing.size);
    return { kind: 'binary', contentType: 'image/png', headers, summary, body: new Uint8Array(svgToPng(svg, scale)) };
  }
  return { kind: 'binary', contentType: 'image/svg+xml; charset=utf-8', headers, summary, body: svg };
}
