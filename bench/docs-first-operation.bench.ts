/**
 * `npm run bench:docs` (or `npx tsx bench/docs-first-operation.bench.ts [rounds]`): how long /docs
 * takes in headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium) until the first operation
 * of the reference is on the screen, on a test server (DATABASE_URL, REDIS_URL) started for the
 * run: once on a fresh server (the OpenAPI document made and compressed on the way; the browser has
 * loaded one page of its own before, so that its start is not counted), `rounds` times
 * on a warm one, each in a fresh browser profile (no cache), and once more with the browser's
 * cache. Prints a table: each case's median, fastest and slowest, and the OpenAPI bytes sent.
 * The bar is the first operation within 3 s on a quiet box; a busy box reads slower.
 */
import type { BrowserContext } from 'puppeteer-core';
import { prepareApiReference } from '../src/http/api-reference-page.ts';
import { startTestServer } from '../test/helpers/app.ts';
import { launchChromium } from '../test/helpers/browser-page-checks.ts';

const ROUNDS = Math.max(1, Number(process.argv[2] ?? 5));
const FIRST_OPERATION = '[id$="/POST/api/v1/natal/calculate"]';

const server = await startTestServer();
// As the service's own start does once it listens (src/server.ts).
prepareApiReference(server.app.app);
const browser = await launchChromium();

interface Visit {
  ms: number;
  /** Bytes of the OpenAPI document on the wire (0: answered from the browser's cache). */
  openapiBytes: number;
}

/** Milliseconds from navigation to the first operation drawn and visible. */
async function firstOperation(context: BrowserContext): Promise<Visit> {
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const start = performance.now();
  await page.goto(`${server.url}/docs`, { waitUntil: 'domcontentloaded', timeout: 120_000 });
  await page.waitForSelector(FIRST_OPERATION, { visible: true, timeout: 120_000 });
  const ms = performance.now() - start;
  // What the OpenAPI document cost on the wire (compressed; 0 when the browser's cache answered).
  const openapiBytes = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('openapi'))
      .reduce((sum, e) => sum + (e as PerformanceResourceTiming).transferSize, 0),
  );
  await page.close();
  return { ms, openapiBytes };
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;

function row(name: string, visits: Visit[]): string[] {
  const ms = visits.map((v) => v.ms);
  const bytes = median(visits.map((v) => v.openapiBytes));
  return [
    name,
    String(visits.length),
    String(Math.round(median(ms))),
    String(Math.round(sorted(ms)[0]!)),
    String(Math.round(sorted(ms).at(-1)!)),
    bytes ? String(bytes) : 'cached',
  ];
}

try {
  // The browser's own first page (its process and compiler starting) is not the server's doing:
  // it loads a page with a script first, so that the fresh row times the server's first visit.
  const warmUp = await browser.newPage();
  await warmUp.goto('data:text/html,<script>let s = 0; for (let i = 0; i < 1e6; i++) s += i;</script><p>warm</p>');
  await warmUp.close();
  const cold = [await firstOperation(await browser.createBrowserContext())];
  const warm: Visit[] = [];
  for (let i = 0; i < ROUNDS; i++) warm.push(await firstOperation(await browser.createBrowserContext()));
  const cachedContext = await browser.createBrowserContext();
  await firstOperation(cachedContext);
  const revisit = [await firstOperation(cachedContext)];
  const rows = [
    ['case', 'runs', 'median ms', 'fastest ms', 'slowest ms', 'OpenAPI bytes sent'],
    row('fresh server', cold),
    row('warm server, no cache', warm),
    row("warm server, browser's cache", revisit),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ')} |`;
  console.log(`/docs: first operation visible in headless Chromium (${ROUNDS} warm rounds)`);
  console.log(line(rows[0]!));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows.slice(1)) console.log(line(r));
} finally {
  await browser.close();
  await server.close();
}
