/**
 * A chart in words: the heading the image carries and each ring's positions, for clients that
 * receive the image without seeing it (an assistant's tool result pairs the two).
 */
import type { ChartDrawing, WheelRing } from '../../../renderer/index.ts';
import { degreeInSign, signOf } from '../../astro/zodiac.ts';

function position(longitude: number): string {
  const inSign = degreeInSign(longitude);
  let deg = Math.floor(inSign);
  let min = Math.round((inSign - deg) * 60);
  if (min === 60) {
    deg += 1;
    min = 0;
  }
  return `${deg}°${String(min).padStart(2, '0')}′ ${signOf(longitude).name}`;
}

function ringLine(ring: WheelRing): string {
  const points = ring.points.map((p) => `${p.name} ${position(p.lon)}${p.retrograde ? ' R' : ''}`);
  if (ring.angles) points.push(`Ascendant ${position(ring.angles.asc)}`, `Midheaven ${position(ring.angles.mc)}`);
  return `${ring.label}: ${points.join(', ')}`;
}

export function chartSummary(d: ChartDrawing): string[] {
  return [d.metadata.title, ...d.metadata.lines, ringLine(d.inner), ...(d.outer ? [ringLine(d.outer)] : [])];
}
