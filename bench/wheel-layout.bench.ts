/**
 * The layout checker over many seeded random births of every chart kind and crowded synthetic
 * clusters, with the natal SVG render time: `npx tsx bench/wheel-layout.bench.ts [births per kind]`.
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { renderChartSvg } from '../renderer/index.ts';
import { natal } from '../tools/sample-charts.ts';
import {
  KINDS,
  STELLIUM_WHEELS,
  addUp,
  checkWheel,
  distancesOutsideSector,
  formatTotals,
  randomChartSvg,
  randomStelliumSvg,
  syntheticClusterSvg,
} from '../test/helpers/wheel-layout-check.ts';

initEphemeris();
const n = Number(process.argv[2] ?? 2000);
/** The issue's bar: glyphs drawn more than 2° outside their own sector, and the furthest. */
function beyondTwoDegrees(svgs: string[]): string {
  const all = svgs.flatMap(distancesOutsideSector);
  const beyond = all.filter((p) => p.outside > 2).length;
  return `glyphs more than 2° outside their sector ${beyond} of ${all.length} (${((100 * beyond) / all.length).toFixed(2)} %), furthest ${Math.max(...all.map((p) => p.outside)).toFixed(1)}°`;
}
/** A bi-wheel drawn with its outer chart outside the zodiac names its angles among that ring's glyphs (each with its stack's boxes). */
const outside = (svg: string) => /data-angle-label="\w+" data-box="[^"]+" data-boxes=/.test(svg);
for (const kind of KINDS) {
  const svgs = Array.from({ length: n }, (_, i) => randomChartSvg(kind, i));
  console.log(formatTotals(kind.padEnd(12), addUp(svgs.map(checkWheel))));
  console.log(
    `${' '.repeat(14)}${beyondTwoDegrees(svgs)}${kind === 'natal' || kind === 'composite' ? '' : `; outer ring outside the zodiac in ${svgs.filter(outside).length} of ${n}`}`,
  );
}
const clusters = Array.from({ length: Math.min(n, 600) }, (_, i) => syntheticClusterSvg(i));
console.log(formatTotals('clusters    ', addUp(clusters.map(checkWheel))));
console.log(`${' '.repeat(14)}${beyondTwoDegrees(clusters)}`);
// Every third cluster is a bi-wheel (its outer chart drawn outside the zodiac where its crowds need it): the two apart.
console.log(`${' '.repeat(14)}single wheels: ${beyondTwoDegrees(clusters.filter((_, i) => i % 3 !== 2))}`);
console.log(`${' '.repeat(14)}bi-wheels: ${beyondTwoDegrees(clusters.filter((_, i) => i % 3 === 2))}`);
// Eight bodies within 20°, the issue's crowd, at random: more than two rows can hold in a narrow sector (docs/api/charts.md).
for (const where of STELLIUM_WHEELS) {
  const svgs = Array.from({ length: Math.min(n, 300) }, (_, i) => randomStelliumSvg(i, where));
  const crowded = svgs.filter((svg) => distancesOutsideSector(svg).some((p) => p.outside > 2)).length;
  console.log(`stellium ${where.padEnd(9)} ${beyondTwoDegrees(svgs)}; in ${crowded} of ${svgs.length} charts`);
}

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
