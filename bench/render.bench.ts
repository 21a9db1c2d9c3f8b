/** Median time to draw a 700 px natal chart as SVG and to rasterise it, in process. */
import { natalChart } from '../src/features/charts/charts-service.ts';
import { natalChartRequest } from '../src/features/charts/charts-schemas.ts';
import { svgToPng } from '../renderer/index.ts';
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { randomBirth } from './births.ts';

export interface RenderFigures {
  label: string;
  medianMs: number;
  p90Ms: number;
}

function measure(label: string, runs: number, fn: () => void): RenderFigures {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { label, medianMs: times[Math.floor(runs / 2)]!, p90Ms: times[Math.floor(runs * 0.9)]! };
}

export function benchRender(): RenderFigures[] {
  initEphemeris();
  // A real natal drawing: cast through the service, then timed stage by stage.
  const svgs: string[] = [];
  const cast = () => {
    const b = randomBirth();
    const request = natalChartRequest.parse({ ...b, size: 700 });
    return { request, place: { city: null, country: null, lat: b.lat, lng: b.lng, source: 'request' as const } };
  };
  for (let i = 0; i < 10; i++) natalChart(cast()); // warm-up
  const whole = measure('natal chart, cast + SVG (700 px)', 60, () => {
    svgs.push(String(natalChart(cast()).body));
  });
  const svg = svgs[0]!;
  return [
    whole,
    measure('SVG to PNG, scale 1 (700 px)', 30, () => svgToPng(svg, 1)),
    measure('SVG to PNG, scale 2 (1400 px, the default)', 30, () => svgToPng(svg, 2)),
  ];
}
