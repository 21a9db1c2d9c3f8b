/** Output options of a chart request: defaults, merged styling, and the image in its format. */
import { chartConfigSchema, renderChartSvg, svgToPng, type ChartConfig, type ChartDrawing } from '../../../renderer/index.ts';
import type { BinaryResponse } from '../../compute/binary-response.ts';
import { RequestFieldError } from '../shared/request-error.ts';
import type { OutputOptions } from './schemas.ts';
import type { RenderChoice } from './drawing.ts';

export const DEFAULT_SIZE = 700;
export const DEFAULT_PNG_SCALE = 2;

/**
 * chart_config merged from its sources (later ones win) and validated as one: a colour that is
 * not a colour is a 422 on the field it came from.
 */
export function mergeChartConfig(parts: { loc: (string | number)[]; values: Record<string, unknown> | undefined }[]): ChartConfig {
  const merged: Record<string, unknown> = {};
  const origin: Record<string, (string | number)[]> = {};
  for (const part of parts) {
    for (const [k, v] of Object.entries(part.values ?? {})) {
      if (v === undefined || v === null) continue;
      merged[k] = v;
      origin[k] = part.loc;
    }
  }
  const parsed = chartConfigSchema.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0] ?? '');
    throw new RequestFieldError([...(origin[key] ?? ['body', 'chart_config']), ...issue.path.map((x) => (typeof x === 'number' ? x : String(x)))], issue.message, 'value_error.chart_config');
  }
  return parsed.data;
}

export function renderChoice(options: OutputOptions, chartConfig: ChartConfig): RenderChoice {
  const config = { ...chartConfig };
  if (options.custom_theme?.background && config.chart_background === undefined) config.chart_background = options.custom_theme.background;
  return { size: options.size ?? DEFAULT_SIZE, theme: options.theme_type ?? 'light', showMetadata: options.show_metadata ?? true, chartConfig: config };
}

/** Draws the chart and delivers it as SVG text or PNG bytes, with extra response headers. */
export function imageResponse(d: ChartDrawing, options: OutputOptions, headers: Record<string, string> = {}): BinaryResponse {
  const svg = renderChartSvg(d);
  if ((options.format ?? 'svg') === 'png') {
    return { kind: 'binary', contentType: 'image/png', headers, body: new Uint8Array(svgToPng(svg, options.png_quality_scale ?? DEFAULT_PNG_SCALE)) };
  }
  return { kind: 'binary', contentType: 'image/svg+xml; charset=utf-8', headers, body: svg };
}
