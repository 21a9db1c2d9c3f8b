/** Public entry point of the chart renderer: plain data in, SVG string (or PNG bytes) out. */
import type { ChartDrawing } from './chart-model.ts';
import { renderWheel } from './wheel.ts';

export type { AspectType, Angles, ChartAspect, ChartConfig, ChartDrawing, ChartKind, ChartPoint, RenderOptions, Theme, WheelRing } from './chart-model.ts';
export { chartConfigSchema, ASPECT_TYPES } from './chart-config.ts';
export { isCssColor } from './colors.ts';
export { svgToPng, svgToPngAsync } from './rasterize.ts';
export { computeLayout, referenceLongitude, type Box, type ChartLayout, type PlacedPoint, type PlacedLabel } from './layout/points.ts';
export { spreadLongitudes } from './layout/spread.ts';
export { classifyShape, type HoroscopeShape } from './horoscope-shape.ts';

/** Renders any chart kind; bi-wheels are recognised by the presence of `outer`. */
export function renderChartSvg(drawing: ChartDrawing): string {
  return renderWheel(drawing);
}
