/**
 * Writes the example report PDFs and their first pages as PNG to docs/examples/: a timed chart
 * (the chart examples' birth, with a footer label) and an untimed one in the `improved` style
 * (no houses or angles). Needs Chromium (CHROMIUM_PATH or /usr/bin/chromium) and pdftoppm:
 *   npx tsx tools/report-pdf-example.ts
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createInlineRunner } from '../src/compute/runner.ts';
import { POOL_TASKS } from '../src/pool-tasks.ts';
import { natalRequest } from '../src/features/western/natal/natal-schemas.ts';
import { buildReport } from '../src/reports/worker/build-report.ts';
import { findChromium } from '../src/reports/pdf/chromium.ts';
import { PdfRenderer } from '../src/reports/pdf/pdf-renderer.ts';

const chromium = findChromium(process.env.CHROMIUM_PATH);
if (!chromium) throw new Error('no Chromium: install it or set CHROMIUM_PATH');
const compute = createInlineRunner(POOL_TASKS);
const renderer = new PdfRenderer(chromium);
const examples = [
  {
    file: 'docs/examples/report-example',
    place: { city: 'Paris', country: 'FR', lat: 48.8566, lng: 2.3522, source: 'request' as const },
    request: { name: 'Camille Durand', year: 1990, month: 5, day: 12, hour: 14, minute: 30, lat: 48.8566, lng: 2.3522, tz_str: 'Europe/Paris' },
    options: { style: 'standard' as const, pdf_footer_label: 'Example Astrology Studio' },
  },
  {
    file: 'docs/examples/report-example-untimed',
    place: { city: 'Montevideo', country: 'UY', lat: -34.9011, lng: -56.1645, source: 'request' as const },
    request: { name: 'Mateo Silva', year: 1979, month: 9, day: 3, time_known: false, lat: -34.9011, lng: -56.1645, tz_str: 'America/Montevideo' },
    options: { style: 'improved' as const, pdf_footer_label: 'Untimed chart, improved style' },
  },
];
try {
  for (const example of examples) {
    const artefacts = await buildReport(
      { compute, renderer, renderTimeoutMs: 60_000, logo: null },
      { request: natalRequest.parse(example.request), place: example.place },
      {
        ...example.options,
        output_format: 'pdf',
        include_chart_in_pdf: true,
        include_profile_branding_logo: false,
        markdown: true,
      },
    );
    writeFileSync(`${example.file}.pdf`, artefacts.pdf!);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', `${example.file}.pdf`, `${example.file}-page1`]);
    console.log(`${example.file}.pdf: ${artefacts.pageCount} pages, ${artefacts.pdf!.length} bytes`);
  }
} finally {
  await renderer.close();
  await compute.close();
}
