/**
 * What every dashboard page in Chromium must show: no console error (a CSP violation is one), no
 * uncaught exception, and no serious or critical accessibility violation by axe-core.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'puppeteer-core';
import puppeteer from 'puppeteer-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasBrowser = fs.existsSync(CHROMIUM);
/** Generous: the machine may be busy, and nothing waits longer than the page needs. */
export const WAIT = { timeout: 60_000 };

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** `extraArgs`: more switches (a host name mapped to this machine, to load a page in an insecure context). */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** Collects the page's console errors and uncaught exceptions from now on. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} ${message.location()?.url ?? ''}`);
  });
  page.on('pageerror', (error) => errors.push(`exception: ${error instanceof Error ? error.message : String(error)}`));
  return errors;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's violations of impact serious or critical on the page as it is now. The checker is
 * evaluated through the DevTools protocol, which the page's CSP does not govern, so the page's
 * policy stays as strict as it is served.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  })) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Where the page pictures go: DASHBOARD_SCREENSHOTS_DIR (docs/dashboard when refreshing them), else a temporary folder. */
export const SCREENSHOTS = process.env.DASHBOARD_SCREENSHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-shots-'));

/** The page as it is now: no serious accessibility violation, and its pictures at 1280 and 390 px. */
export async function checkPage(page: Page, name: string): Promise<void> {
  const violations = await seriousAccessibilityViolations(page);
  if (violations.length) throw new Error(`${name}: ${violations.join('\n')}`);
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewport({ width, height: 900 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewport({ width: 1280, height: 900 });
}
