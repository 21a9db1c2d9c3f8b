/** Dev aid: renders one sample chart with overrides (args: kind theme size out.png [json config]). */
import { writeFileSync } from 'node:fs';
import { renderChartSvg, svgToPng } from '../renderer/index.ts';
import { ALL_KINDS, stellium, untimedNatal } from './sample-charts.ts';

const [kind = 'natal', theme = 'light', size = '700', out = '/tmp/one.png', cfg = '{}'] = process.argv.slice(2);
const makers: Record<string, (t: 'light' | 'dark' | 'mono') => ReturnType<typeof stellium>> = {
  ...ALL_KINDS,
  stellium,
  untimed: untimedNatal,
};
const d = makers[kind]!(theme as 'light');
d.options.size = Number(size);
d.options.chartConfig = { ...d.options.chartConfig, ...(JSON.parse(cfg) as object) };
const svg = renderChartSvg(d);
writeFileSync(out.replace(/\.png$/, '.svg'), svg);
writeFileSync(out, svgToPng(svg, 1));
