/**
 * What makes the SVG usable as a file: a <title> and a <desc> that read the chart as text, and
 * ids unique to each chart so that several charts can sit in one HTML page.
 */
import type { ChartDrawing } from './chart-model.ts';
import { degMin, signOf } from './geometry.ts';
import { textContent } from './svg-builder.ts';

const SIGN_NAMES = ['Aries', 'Taurus', 'Gemini', 'Cancer', 'Leo', 'Virgo', 'Libra', 'Scorpio', 'Sagittarius', 'Capricorn', 'Aquarius', 'Pisces'];

function position(lon: number): string {
  const { deg, min } = degMin(lon);
  return `${deg}°${String(min).padStart(2, '0')}′ ${SIGN_NAMES[signOf(lon)]}`;
}

/** Plain-text summary: header lines, then every ring's points and angles. */
export function chartSummary(d: ChartDrawing): string {
  // Clipped as the drawn header is: a runaway line must not bloat the file.
  const parts = d.metadata.lines.slice(0, 12).map(clip);
  for (const ring of [d.inner, d.outer]) {
    if (!ring) continue;
    const pts = ring.points.filter((p) => Number.isFinite(p.lon)).map((p) => `${p.name} ${position(p.lon)}${p.retrograde ? ' retrograde' : ''}`);
    const a = ring.angles;
    if (a) pts.push(`Ascendant ${position(a.asc)}`, `Midheaven ${position(a.mc)}`);
    parts.push(`${clip(ring.label)}: ${pts.join(', ')}`);
  }
  if (d.aspects.length) parts.push(`${d.aspects.length} aspect lines`);
  return parts.join('. ');
}

const clip = (t: string): string => [...t].slice(0, 200).join('');

export function titleAndDesc(d: ChartDrawing): string {
  return `<title>${textContent(clip(d.metadata.title))}</title><desc>${textContent(chartSummary(d))}</desc>`;
}

/** FNV-1a over the drawing's content: the same chart always gets the same ids. */
export function chartKey(d: ChartDrawing): string {
  const src = JSON.stringify([
    d.kind,
    d.inner,
    d.outer ?? null,
    clip(d.metadata.title),
    d.metadata.lines.slice(0, 12).map(clip),
    d.options.theme,
    d.options.size,
    d.aspects.length,
  ]);
  let h = 0x811c9dc5;
  for (let i = 0; i < src.length; i++) h = Math.imul(h ^ src.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}
