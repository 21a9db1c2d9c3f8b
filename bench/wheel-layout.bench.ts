/**
 * The layout checker over many seeded random births of every chart kind and crowded synthetic
 * clusters, with the natal SVG render time: `npx tsx bench/wheel-layout.bench.ts [births per kind]`.
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { renderChartSvg } from '../renderer/index.ts';
import { natal } from '../tools/sample-charts.ts';
import { KINDS, addUp, checkWheel, formatTotals, randomChartSvg, syntheticClusterSvg } from '../test/helpers/wheel-layout-check.ts';

initEphemeris();
const n = Number(process.argv[2] ?? 2000);
for (const kind of KINDS) {
  const reports = Array.from({ length: n }, (_, i) => checkWheel(randomChartSvg(kind, i)));
  console.log(formatTotals(kind.padEnd(12), addUp(reports)));
}
console.log(formatTotals('clusters    ', addUp(Array.from({ length: Math.min(n, 600) }, (_, i) => checkWheel(syntheticClusterSvg(i))))));

const d = natal('light');
for (let i = 0; i < 100; i++) renderChartSvg(d);
const t: number[] = [];
for (let i = 0; i < 400; i++) {
  const a = performance.now();
  renderChartSvg(d);
  t.push(performance.now() - a);
}
t.sort((a, b) => a - b);
console.log(`natal svg render: median ${t[200]!.toFixed(3)} ms, min ${t[0]!.toFixed(3)} ms`);
