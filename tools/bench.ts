/** Measures median SVG generation and PNG rasterisation times (not part of the test suite). */
import { renderChartSvg, svgToPng } from '../renderer/index.ts';
import { ALL_KINDS, natal } from './sample-charts.ts';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Median, with the minimum alongside: on a shared machine the minimum shows the true cost. */
function time(fn: () => void, runs: number): string {
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const a = performance.now();
    fn();
    t.push(performance.now() - a);
  }
  return `${median(t).toFixed(2)} ms (min ${Math.min(...t).toFixed(2)})`;
}

const d = natal('light');
console.log(`natal: ${d.inner.points.length} points, ${d.inner.cusps?.length} cusps, ${d.aspects.length} aspects`);
for (let i = 0; i < 50; i++) renderChartSvg(d); // warm-up (JIT)
const svg = renderChartSvg(d);
console.log(`svg bytes ${svg.length}, <use> ${svg.split('<use').length - 1}, elements ~${svg.split('<').length - 1}`);
console.log(`svg median    ${time(() => renderChartSvg(d), 300)}`);
for (const scale of [1, 2]) console.log(`png x${scale} median ${time(() => svgToPng(svg, scale), 40)}`);
for (const [kind, make] of Object.entries(ALL_KINDS)) {
  const dd = make('dark');
  const s = renderChartSvg(dd);
  console.log(`${kind.padEnd(13)} svg ${time(() => renderChartSvg(dd), 100)}, png x1 ${time(() => svgToPng(s, 1), 15)}`);
}
