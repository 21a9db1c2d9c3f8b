/**
 * SVG → PNG with resvg. System fonts are never loaded: the renderer emits no <text>, and
 * font discovery would cost more than the rasterisation itself.
 */
import { Resvg, renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';
import { encodePng, encodePngAsync } from './png-encode.ts';

function options(scale: number): ResvgRenderOptions {
  const zoom = Number.isFinite(scale) ? Math.min(5, Math.max(0.1, scale)) : 1;
  return { font: { loadSystemFonts: false }, fitTo: { mode: 'zoom', value: zoom }, logLevel: 'off' };
}

/** `scale` is the zoom factor (png_quality_scale), clamped to 0.1–5. */
export function svgToPng(svg: string, scale: number): Buffer {
  const img = new Resvg(svg, options(scale)).render();
  return encodePng(img.pixels, img.width, img.height);
}

/** Non-blocking variant for servers: rasterising and compression run off the event loop. */
export async function svgToPngAsync(svg: string, scale: number): Promise<Buffer> {
  const img = await renderAsync(svg, options(scale));
  return encodePngAsync(img.pixels, img.width, img.height);
}
