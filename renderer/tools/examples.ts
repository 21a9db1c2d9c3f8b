/** Writes example charts of every kind and theme to docs/examples (SVG + PNG). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { renderChartSvg, svgToPng } from '../index.ts';
import { ALL_KINDS, stellium, untimedNatal } from './sample-charts.ts';

const dir = process.argv[2] ?? 'docs/examples';
mkdirSync(dir, { recursive: true });
const out = (name: string, svg: string) => {
  writeFileSync(`${dir}/${name}.svg`, svg);
  writeFileSync(`${dir}/${name}.png`, svgToPng(svg, 1));
};
for (const [kind, make] of Object.entries(ALL_KINDS)) {
  for (const theme of ['light', 'dark'] as const) out(`${kind}-${theme}`, renderChartSvg(make(theme)));
}
out('natal-untimed-mono', renderChartSvg(untimedNatal('mono')));
out('natal-stellium-light', renderChartSvg(stellium('light')));
console.log('examples written to', dir);
