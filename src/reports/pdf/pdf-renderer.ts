/**
 * HTML to PDF with one Chromium per worker process (started on first use, started again if it
 * dies) and a fresh page per job, in a browser context of its own. The page runs no JavaScript and
 * every request it makes is refused except data: URLs, so a report cannot reach the network or the
 * file system.
 *
 * Opening a context and its page took 0.6–0.9 s on a 2-core box, a fifth of a report's time from
 * order to PDF: the next job's page is opened as soon as a job has printed (a spare), so that the
 * next job finds its page ready. Each page still serves one job only.
 */
import fs from 'node:fs';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { CHROMIUM_FLAGS } from './chromium.ts';
import { createProfileDir, removeAbandonedProfiles } from './chromium-profiles.ts';

export interface PdfRenderOptions {
  footerHtml: string;
  timeoutMs: number;
}

interface OpenedPage {
  context: BrowserContext;
  page: Page;
}

export class PdfRenderer {
  private browser: Promise<Browser> | null = null;
  private profileDir: string | null = null;
  private closed = false;
  /** The last start of Chromium failed (none has succeeded since): the worker must not say it can render. */
  private launchFailed = false;
  /** The next job's page, opened in advance (null until the first render, or after a failure to open it). */
  private spare: Promise<OpenedPage | null> | null = null;

  constructor(private readonly executablePath: string) {}

  private launch(): Promise<Browser> {
    removeAbandonedProfiles();
    this.profileDir = createProfileDir();
    const launched = puppeteer.launch({
      executablePath: this.executablePath,
      headless: true,
      pipe: true,
      args: [...CHROMIUM_FLAGS, `--user-data-dir=${this.profileDir}`],
      // The worker decides when to stop Chromium (graceful shutdown), not the signals.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      timeout: 30_000,
    });
    launched.then(
      (browser) => {
        this.launchFailed = false;
        browser.on('disconnected', () => {
          // A crashed Chromium: the next job starts a new one.
          if (this.browser === launched) this.browser = null;
        });
      },
      () => {
        this.launchFailed = true;
        if (this.browser === launched) this.browser = null;
      },
    );
    return launched;
  }

  /** Whether the last start of Chromium failed. */
  get cannotStart(): boolean {
    return this.launchFailed;
  }

  /**
   * Renders a page to PDF as a job would (starting Chromium if need be): a worker says it can
   * make reports only after this worked, since a browser that is found but cannot start or print
   * would fail every job after its credit was taken.
   */
  async probe(timeoutMs: number): Promise<void> {
    const pdf = await this.render('<!doctype html><title>probe</title><p>probe</p>', { footerHtml: '<span></span>', timeoutMs });
    if (!pdf.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw new Error('the probe page did not print as a PDF');
  }

  private getBrowser(): Promise<Browser> {
    if (this.closed) return Promise.reject(new Error('the PDF renderer is closed'));
    this.browser ??= this.launch();
    return this.browser;
  }

  /** A new context and its page, locked down: no JavaScript, no request but data: URLs. */
  private async openPage(browser: Browser): Promise<OpenedPage> {
    const context = await browser.createBrowserContext();
    try {
      const page = await context.newPage();
      await page.setJavaScriptEnabled(false);
      await page.setRequestInterception(true);
      page.on('request', (request) => {
        if (request.url().startsWith('data:')) void request.continue();
        else void request.abort('blockedbyclient');
      });
      return { context, page };
    } catch (error) {
      await context.close().catch(() => {});
      throw error;
    }
  }

  /** The spare page when it is ready on the running browser, else a page opened now. */
  private async takePage(browser: Browser): Promise<OpenedPage> {
    // Taken before any await: two jobs at once never share a page.
    const taken = this.spare;
    this.spare = null;
    const spare = taken ? await taken : null;
    if (spare && spare.context.browser() === browser && browser.connected && !spare.page.isClosed()) return spare;
    if (spare) await spare.context.close().catch(() => {});
    return this.openPage(browser);
  }

  /** The next job's page, opened once a job has printed (opened during the printing, it slowed it). */
  private openSpare(browser: Browser): void {
    if (this.closed || this.spare || !browser.connected) return;
    this.spare = this.openPage(browser).catch(() => null);
  }

  async render(html: string, options: PdfRenderOptions): Promise<Buffer> {
    const browser = await this.getBrowser();
    const { context, page } = await this.takePage(browser);
    try {
      page.setDefaultTimeout(options.timeoutMs);
      await page.setContent(html, { waitUntil: 'load', timeout: options.timeoutMs });
      const pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        displayHeaderFooter: true,
        preferCSSPageSize: true,
        headerTemplate: '<span></span>',
        footerTemplate: options.footerHtml,
        margin: { top: '18mm', bottom: '22mm', left: '18mm', right: '18mm' },
        // Bookmarks from the page's headings (the outline needs the tagged structure).
        outline: true,
        tagged: true,
        timeout: options.timeoutMs,
      });
      return Buffer.from(pdf);
    } finally {
      await context.close().catch(() => {});
      this.openSpare(browser);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const spare = this.spare;
    this.spare = null;
    await spare?.then((opened) => opened?.context.close()).catch(() => {});
    const browser = this.browser;
    this.browser = null;
    if (browser)
      await browser
        .then(
          (b) => b.close(),
          () => {},
        )
        .catch(() => {});
    if (this.profileDir) fs.rmSync(this.profileDir, { recursive: true, force: true });
  }
}

/** Pages of a PDF Chromium wrote (its page objects). */
export function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
}
