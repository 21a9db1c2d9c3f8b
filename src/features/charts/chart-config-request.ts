/**
 * `chart_config` as requests may send it, and its fitting to what the drawing can use.
 *
 * The renderer's schema (`chartConfigSchema`) holds the ranges the drawing can use: a label
 * height of at most 8 % of the wheel's radius, rings that leave room for each other... The
 * public service accepts wider values (real clients send `font_size_fraction: 0.5`), so a request
 * may send any value of the quantity's natural range: fractions of the radius in (0, 1], symbol
 * scales in (0, 10], widths in px up to 100. Values outside the drawable range are clamped to its
 * nearest end and each clamping is reported (the `X-Chart-Adjustments` response header), never a
 * 422. Enumerated styles are read in any case (`"R"` is `"r"`).
 */
import { z } from 'zod/v4';
import { chartConfigSchema, type ChartConfig } from '../../../renderer/index.ts';
import { caseInsensitiveEnum } from '../../requests/lenient-enum.ts';

export interface ChartAdjustment {
  /** Dotted field path in the request, e.g. `chart_config.font_size_fraction`. */
  field: string;
  from: number;
  to: number;
}

type Range = readonly [number, number];

/** The drawable range of every numeric key, read from the renderer's schema. */
export const DRAWABLE_RANGES: Readonly<Record<string, Range>> = Object.fromEntries(
  Object.entries(chartConfigSchema.shape).flatMap(([key, optional]) => {
    const inner = (optional as z.ZodOptional<z.ZodType>).unwrap();
    return inner instanceof z.ZodNumber ? [[key, [inner.minValue ?? 0, inner.maxValue ?? Infinity] as Range]] : [];
  }),
);

/** What a request may send for a numeric key: the natural range of the quantity. */
function acceptedNumber(key: string, drawable: Range): z.ZodNumber {
  if (key.endsWith('_opacity')) return z.number().min(0).max(1);
  if (key.endsWith('_fraction')) return z.number().gt(0).max(1);
  if (key.endsWith('_scale')) return z.number().gt(0).max(10);
  if (key.endsWith('_width')) return z.number().min(0).max(100);
  return z.number().min(drawable[0]).max(drawable[1]);
}

export const RETROGRADE_MARKER_STYLES = ['symbol', 'rx', 'r'] as const;
export const retrogradeMarkerStyle = caseInsensitiveEnum(RETROGRADE_MARKER_STYLES, { '℞': 'symbol', glyph: 'symbol' }).describe(
  '℞ glyph (`symbol`), "Rx" (`rx`) or "R" (`r`), in any case',
);

/**
 * Words for a drawing setting that has none of its own, from its name (`aspect_trine_color`,
 * `show_house_background`): what it sets, and what it takes.
 */
function describedByName(key: string): string | undefined {
  const words = (text: string) => text.replaceAll('_', ' ');
  if (key.endsWith('_color'))
    return `Colour of the ${words(key.slice(0, -'_color'.length).replace(/^custom_/, ''))} (CSS: #hex, rgb(), hsl() or a named colour); default: the theme's.`;
  if (key.startsWith('show_')) return `Draw the ${words(key.slice('show_'.length))}.`;
  if (key.startsWith('embed_')) return `Embed the ${words(key.slice('embed_'.length))} in the SVG.`;
  if (key.endsWith('_label')) return `Label the ${words(key.slice(0, -'_label'.length))} with its name.`;
  return undefined;
}

const undescribed = Object.fromEntries(
  Object.entries(chartConfigSchema.shape).flatMap(([key, field]) => {
    const words = (field as z.ZodType).description === undefined ? describedByName(key) : undefined;
    return words ? [[key, (field as z.ZodType).describe(words)]] : [];
  }),
);

export const chartConfigRequestSchema = chartConfigSchema.extend({
  ...undescribed,
  ...Object.fromEntries(
    Object.entries(DRAWABLE_RANGES).map(([key, range]) => {
      const description = chartConfigSchema.shape[key as keyof ChartConfig].description;
      const note = `drawn within ${range[0]}-${range[1]}; a value outside is clamped and reported in X-Chart-Adjustments`;
      return [
        key,
        acceptedNumber(key, range)
          .optional()
          .describe(description ? `${description}; ${note}` : note),
      ];
    }),
  ),
  retrograde_marker_style: retrogradeMarkerStyle.optional(),
  horoscope_shape_style: caseInsensitiveEnum(['polygon', 'arcs', 'label']).optional(),
});

const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** Clamps every numeric key into its drawable range; `origin` gives each key's request path. */
export function fitChartConfig(
  values: Record<string, unknown>,
  origin: (key: string) => string,
): { values: Record<string, unknown>; adjustments: ChartAdjustment[] } {
  const out: Record<string, unknown> = { ...values };
  const adjustments: ChartAdjustment[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (typeof value !== 'number' || !Object.hasOwn(DRAWABLE_RANGES, key)) continue;
    const [min, max] = DRAWABLE_RANGES[key]!;
    const fitted = Math.min(max, Math.max(min, value));
    if (fitted === value) continue;
    out[key] = fitted;
    adjustments.push({ field: origin(key), from: round(value), to: fitted });
  }
  return { values: out, adjustments };
}

/** `chart_config.font_size_fraction=0.5->0.08, size=3000->2000`: the value of X-Chart-Adjustments. */
export function adjustmentsHeader(adjustments: readonly ChartAdjustment[]): string {
  return adjustments.map((a) => `${a.field}=${a.from}->${a.to}`).join(', ');
}
