/**
 * Repetition between the reports of births close together at one place, for the report checker:
 * twins a few minutes apart, a day, a month and a year apart. Such charts show most of the same
 * library entries and state the same facts, so their reports repeat each other far more than two
 * random people's. The library floor says how much of that no rule for choosing readings could
 * remove: the share two charts showing the same entries repeat on average, however chosen
 * (test/helpers/report-sentences.ts libraryFloor).
 */
import { getLibrary } from '../src/interpretations/library.ts';
import type { NatalChartInput } from '../src/interpretations/chart-input.ts';
import { reportSky } from '../src/reports/sky/report-sky.ts';
import { composeReport } from '../src/reports/text/compose-report.ts';
import { natalChartFor } from '../test/helpers/natal-charts.ts';
import { libraryFloor, repeatedShare } from '../test/helpers/report-sentences.ts';
import { seededRandom } from '../test/helpers/seeded-random.ts';

const GAPS: [string, number][] = [
  ['4 minutes', 4],
  ['1 day', 24 * 60],
  ['30 days', 30 * 24 * 60],
  ['1 year', 365 * 24 * 60],
];

function chartAt(utcMs: number, lat: number, lng: number): NatalChartInput {
  const d = new Date(utcMs);
  const birth = {
    name: 'Near Birth',
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
  return natalChartFor(birth, { city: null, country: null, lat, lng, source: 'request', zone: 'UTC' } as never);
}

/** Rows for the checker's table: per gap, the mean and largest share and the pairs above 8 %; then the floor. */
export function nearBirthRows(pairs: number, asOf: string): [string, string][] {
  const random = seededRandom(5207);
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const report = (chart: NatalChartInput) => composeReport(chart, { sky: reportSky({ chart, asOf }) });
  const shares = new Map<string, number[]>(GAPS.map(([label]) => [label, []]));
  const floors: number[] = [];
  for (let i = 0; i < pairs; i++) {
    const start = Date.UTC(
      1935 + Math.floor(random() * 80),
      Math.floor(random() * 12),
      1 + Math.floor(random() * 28),
      Math.floor(random() * 24),
      Math.floor(random() * 60),
    );
    const lat = -45 + random() * 105;
    const lng = -170 + random() * 340;
    const first = report(chartAt(start, lat, lng));
    floors.push(libraryFloor(first, getLibrary()));
    for (const [label, minutes] of GAPS) shares.get(label)!.push(repeatedShare(first, report(chartAt(start + minutes * 60_000, lat, lng))));
  }
  const rows: [string, string][] = [...shares].map(([label, xs]) => [
    `births ${label} apart at one place, ${pairs} pairs (mean, max; pairs over 8 %)`,
    `${pct(xs.reduce((a, b) => a + b, 0) / xs.length)}, ${pct(Math.max(...xs))}; ${xs.filter((x) => x > 0.08).length} of ${xs.length}`,
  ]);
  rows.push(['library floor for charts showing the same entries (mean)', pct(floors.reduce((a, b) => a + b, 0) / floors.length)]);
  return rows;
}
