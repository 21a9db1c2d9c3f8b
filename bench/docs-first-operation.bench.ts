/**
 * `npx tsx bench/docs-first-operation.bench.ts [rounds]`: how long /docs takes in headless Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium) until the first operation of the reference is on the
 * screen, on a test server (DATABASE_URL, REDIS_URL) started for the run: once on a fresh server
 * (the OpenAPI document made and compressed on the way) and `rounds` times on a warm one, each in
 * a fresh browser profile (no cache), then once more with the browser's cache. Prints the medians.
 */
import { startTestServer } from '../test/helpers/app.ts';
import { launchChromium } from '../test/helpers/browser-page-checks.ts';

const ROUNDS = Number(process.argv[2] ?? 5);
const FIRST_OPERATION = '[id$="/POST/api/v1/natal/calculate"]';

const server = await startTestServer();
const browser = await launchChromium();

/** Milliseconds from navigation to the first operation drawn and visible. */
async function firstOperation(context: Awaited<ReturnType<typeof browser.createBrowserContext>>): Promise<number> {
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const start = performance.now();
  await page.goto(`${server.url}/docs`, { waitUntil: 'domcontentloaded', timeout: 120_000 });
  await page.waitForSelector(FIRST_OPERATION, { visible: true, timeout: 120_000 });
  const elapsed = performance.now() - start;
  await page.close();
  return elapsed;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const cold = await firstOperation(await browser.createBrowserContext());
  const warm: number[] = [];
  for (let i = 0; i < ROUNDS; i++) warm.push(await firstOperation(await browser.createBrowserContext()));
  const cached = await browser.createBrowserContext();
  await firstOperation(cached);
  const revisit = await firstOperation(cached);
  console.log(`first operation visible, fresh server:            ${Math.round(cold)} ms`);
  console.log(`first operation visible, warm server (median of ${ROUNDS}): ${Math.round(median(warm))} ms (${warm.map(Math.round).join(', ')})`);
  console.log(`first operation visible, with the browser's cache:  ${Math.round(revisit)} ms`);
} finally {
  await browser.close();
  await server.close();
}
