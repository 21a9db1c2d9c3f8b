/**
 * What the interpretation text costs, in process: the natal task with and without its
 * `interpretation` block, the block alone, the transits block, the report composition, and the
 * alternative of building the block on the event loop from the task's JSON. Random births; each
 * figure is the median of several rounds over the same births. Run with the repository's library
 * and with a synthetic library that has an entry for every key (what the complete library costs).
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { computeNatal } from '../test/helpers/answer-oracles.ts';
import { natalRequest } from '../src/features/western/natal/natal-schemas.ts';
import { buildNatalBlock } from '../src/interpretations/block/natal.ts';
import { buildTransitBlock } from '../src/interpretations/block/transits.ts';
import type { NatalChartInput } from '../src/interpretations/chart-input.ts';
import { getLibrary, type InterpretationLibrary } from '../src/interpretations/library.ts';
import { composeReport } from '../src/reports/text/compose-report.ts';
import { fixtureLibrary } from '../test/helpers/interpretation-fixture.ts';
import { randomBirth } from './births.ts';
import { median } from './median.ts';

export interface InterpretationFigure {
  library: string;
  label: string;
  /** Median wall time per chart, microseconds. */
  microsPerChart: number;
  /** Median CPU time (user + system) per chart, microseconds: steadier than wall time on a busy machine. */
  cpuMicrosPerChart: number;
}

function perChart(count: number, rounds: number, fn: (i: number) => unknown): { wall: number; cpu: number } {
  for (let i = 0; i < count; i++) fn(i); // warm-up
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < count; i++) fn(i);
    wall.push(((performance.now() - t0) * 1000) / count);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / count);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

export function benchInterpretation(options: { charts?: number; rounds?: number } = {}): InterpretationFigure[] {
  initEphemeris();
  const count = options.charts ?? 200;
  const rounds = options.rounds ?? 5;
  const tasks = Array.from({ length: count }, () => {
    const b = randomBirth();
    const place = { city: null, country: null, lat: b.lat, lng: b.lng, source: 'request' as const, zone: 'UTC' };
    return { request: natalRequest.parse({ ...b, tz_str: 'UTC' }), place, includeMinor: false, includeStelliums: false };
  });
  const charts = tasks.map((t) => computeNatal(t) as NatalChartInput);
  // Transits of the slow and fast planets to each chart's points, as a transits response lists them.
  const transitAspects = charts.map((c) =>
    c.aspects.slice(0, 12).map((a, i) => ({ p1: ['saturn', 'jupiter', 'mars', 'moon'][i % 4]!, p2: a.p2, type: a.type, orb: a.orb })),
  );
  const libraries: [string, InterpretationLibrary][] = [
    ['repository', getLibrary()],
    ['complete (synthetic)', fixtureLibrary({ variants: 2 })],
  ];
  const figures: InterpretationFigure[] = [];
  const add = (library: string, label: string, t: { wall: number; cpu: number }) =>
    figures.push({ library, label, microsPerChart: t.wall, cpuMicrosPerChart: t.cpu });

  add(
    '—',
    'natal task (chart + JSON), no interpretation',
    perChart(count, rounds, (i) => JSON.stringify(computeNatal(tasks[i]!))),
  );
  add(
    'repository',
    'natal task (chart + JSON) with the block',
    perChart(count, rounds, (i) => JSON.stringify(computeNatal({ ...tasks[i]!, interpretation: { style: 'standard', language: 'en' } }))),
  );
  for (const [name, library] of libraries) {
    add(
      name,
      'natal block (standard)',
      perChart(count, rounds, (i) => buildNatalBlock(charts[i]!, { style: 'standard', library })),
    );
    add(
      name,
      'natal block (improved)',
      perChart(count, rounds, (i) => buildNatalBlock(charts[i]!, { style: 'improved', library })),
    );
    add(
      name,
      'transits block',
      perChart(count, rounds, (i) => buildTransitBlock(charts[i]!.subject, transitAspects[i]!, { style: 'standard', library, natalTimed: true })),
    );
    // On the event loop the block would start from the task's JSON and end in new JSON.
    const json = charts.map((c) => JSON.stringify(c));
    add(
      name,
      'natal block on the event loop (parse + block + serialise)',
      perChart(count, rounds, (i) => {
        const chart = JSON.parse(json[i]!) as NatalChartInput;
        return JSON.stringify({ ...chart, interpretation: buildNatalBlock(chart, { style: 'standard', library }) });
      }),
    );
    add(
      name,
      'report composition',
      perChart(Math.min(count, 50), rounds, (i) => composeReport(charts[i]!, { library })),
    );
  }
  return figures;
}
