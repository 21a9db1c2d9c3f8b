/**
 * Writes the example psychological report to docs/examples/report-example.md: the natal task's
 * chart for the birth the chart examples use, composed with the repository's interpretation
 * library. Run it again whenever the library's text changes:
 *   npx tsx tools/report-example.ts [file]
 */
import { writeFileSync } from 'node:fs';
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { computeNatal } from '../test/helpers/answer-oracles.ts';
import { natalRequest } from '../src/features/western/natal/natal-schemas.ts';
import { composeReport } from '../src/reports/text/compose-report.ts';
import { proseWordCount } from '../src/reports/text/report-markdown.ts';
import type { NatalChartInput } from '../src/interpretations/chart-input.ts';

initEphemeris();
const file = process.argv[2] ?? 'docs/examples/report-example.md';
const paris = { city: 'Paris', country: 'FR', lat: 48.8566, lng: 2.3522, source: 'request' as const };
const request = natalRequest.parse({
  name: 'Camille Durand',
  year: 1990,
  month: 5,
  day: 12,
  hour: 14,
  minute: 30,
  lat: paris.lat,
  lng: paris.lng,
  tz_str: 'Europe/Paris',
});
const chart = computeNatal({ request, place: paris, includeMinor: false, includeStelliums: false }) as NatalChartInput;
const report = composeReport(chart);
writeFileSync(file, report.markdown);
console.log(`${file}: ${report.sections.length} sections, ${proseWordCount(report.markdown)} words`);
