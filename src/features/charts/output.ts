/** Output options of a chart request: defaults, merged styling, and the image in its format. */
import { chartConfigSchema, renderChartSvg, svgToPng, type ChartConfig, type ChartDrawing } from '../../../renderer/index.ts';
import { panelWidth } from '../../../renderer/side-panel.ts';
import type { BinaryResponse } from '../../compute/binary-response.ts';
import { placeWarnings, type ResolvedPlace } from '../../requests/place.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { adjustmentsHeader, fitChartConfig, type ChartAdjustment } from './chart-config-request.ts';
import { MAX_SIZE, MIN_SIZE, type OutputOptions } from './charts-schemas.ts';
import type { RenderChoice } from './drawing.ts';
import { chartSummary } from './summary.ts';

export const DEFAULT_SIZE = 700;
export const DEFAULT_PNG_SCALE = 2;
/**
 * Pixels of a PNG image: 4000 × 4000 (the largest size at the default scale). A 10,000² image
 * took 8 s and 2.45 GB of a worker's memory, which the allocator kept afterwards.
 */
export const MAX_PNG_PIXELS = 4000 * 4000;

/** A chart_config merged from its sources, fitted to the drawing, and what the fitting changed. */
export interface MergedChartConfig {
  config: ChartConfig;
  adjustments: ChartAdjustment[];
}

/**
 * chart_config merged from its sources (later ones win), fitted to the drawable ranges and
 * validated as one: a colour that is not a colour is a 422 on the field it came from.
 */
export function mergeChartConfig(parts: { loc: (string | number)[]; values: Record<string, unknown> | undefined }[]): MergedChartConfig {
  const merged: Record<string, unknown> = {};
  const origin: Record<string, (string | number)[]> = {};
  for (const part of parts) {
    for (const [k, v] of Object.entries(part.values ?? {})) {
      if (v === undefined || v === null) continue;
      merged[k] = v;
      origin[k] = part.loc;
    }
  }
  const fitted = fitChartConfig(merged, (key) => [...(origin[key] ?? ['body', 'chart_config']).slice(1), key].join('.'));
  const parsed = chartConfigSchema.safeParse(fitted.values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0] ?? '');
    throw new RequestFieldError(
      [...(origin[key] ?? ['body', 'chart_config']), ...issue.path.map((x) => (typeof x === 'number' ? x : String(x)))],
      issue.message,
      'value_error.chart_config',
    );
  }
  return { config: parsed.data, adjustments: fitted.adjustments };
}

/** The image size: rounded to whole pixels and clamped to what the drawing is made for. */
function fitSize(requested: number | undefined, field: string, adjustments: ChartAdjustment[]): number {
  if (requested === undefined) return DEFAULT_SIZE;
  const size = Math.min(MAX_SIZE, Math.max(MIN_SIZE, Math.round(requested)));
  if (size !== requested) adjustments.push({ field, from: requested, to: size });
  return size;
}

export function renderChoice(options: OutputOptions, merged: MergedChartConfig, sizeField = 'size'): RenderChoice {
  const config = { ...merged.config };
  if (options.custom_theme?.background && config.chart_background === undefined) config.chart_background = options.custom_theme.background;
  const adjustments = [...merged.adjustments];
  const size = fitSize(options.size, sizeField, adjustments);
  return { size, theme: options.theme_type ?? 'light', showMetadata: options.show_metadata ?? true, chartConfig: config, adjustments };
}

/**
 * The PNG's pixels per SVG unit: the scale asked for, or, when the image would hold more than
 * MAX_PNG_PIXELS, the largest scale (in hundredths) that keeps it within them. Every scale of the
 * documented range is accepted, as the public service accepts it; a lowered one is reported in
 * X-Chart-Adjustments. widthFactor: the image is wider than tall when a side panel (aspect grid,
 * table) is drawn.
 */
export function fitPngScale(size: number, scale: number, widthFactor = 1): number {
  const side = Math.round(size * scale);
  if (side * side * widthFactor <= MAX_PNG_PIXELS) return scale;
  // At least a hundredth of the size (3 px) below the bound: rounding the side cannot cross it.
  return Math.floor((Math.sqrt(MAX_PNG_PIXELS / widthFactor) / size) * 100) / 100;
}

/**
 * An image has no body for warnings: they travel in `X-Warnings`, a JSON array of strings whose
 * characters beyond ASCII are escaped (\uXXXX), as a header value must be.
 */
export function warningsHeader(warnings: readonly string[]): string {
  return JSON.stringify(warnings).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * An image's `X-Warnings`: its places' warnings (a city that names several places), then those of
 * the charts it draws (a house system that fell back, say), each once; none when there are none.
 */
export function imageWarnings(places: readonly ResolvedPlace[], charts: readonly { warnings: readonly string[] }[]): Record<string, string> {
  const warnings = [...placeWarnings(...places), ...new Set(charts.flatMap((c) => c.warnings))];
  return warnings.length ? { 'X-Warnings': warningsHeader(warnings) } : {};
}

/**
 * Draws the chart and delivers it as SVG text or PNG bytes, with extra response headers and
 * `X-Chart-Adjustments` when an option was fitted to the drawing. `loc`: where the output options
 * sit in the request (composite and synastry: `person_a`).
 */
export function imageResponse(
  d: ChartDrawing,
  options: OutputOptions,
  render: RenderChoice,
  extraHeaders: Record<string, string> = {},
  loc: (string | number)[] = ['body'],
): BinaryResponse {
  const png = (options.format ?? 'svg') === 'png';
  const requestedScale = options.png_quality_scale ?? DEFAULT_PNG_SCALE;
  const panel = panelWidth(render.size, { grid: render.chartConfig.show_aspect_grid === true, table: render.chartConfig.show_positions_table === true });
  const scale = png ? fitPngScale(render.size, requestedScale, (render.size + panel) / render.size) : requestedScale;
  const adjustments =
    scale === requestedScale
      ? render.adjustments
      : [...render.adjustments, { field: [...loc.slice(1), 'png_quality_scale'].join('.'), from: requestedScale, to: scale }];
  // A page on another origin reads these through the API's list of exposed headers (browser-headers.ts).
  const headers = adjustments.length ? { ...extraHeaders, 'X-Chart-Adjustments': adjustmentsHeader(adjustments) } : extraHeaders;
  const svg = renderChartSvg(d);
  const summary = chartSummary(d);
  if (png) {
    return { kind: 'binary', contentType: 'image/png', headers, summary, body: new Uint8Array(svgToPng(svg, scale)) };
  }
  return { kind: 'binary', contentType: 'image/svg+xml; charset=utf-8', headers, summary, body: svg };
}
