/**
 * The PDF renderer's sandbox with the real Chromium: a page runs no JavaScript and reaches
 * nothing but data: URLs (a local server sees no request), and one renderer serves job after job.
 * And the report's pages: no page ends with a heading or its subtitle.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfRenderer, pdfPageCount } from '../../src/reports/pdf/pdf-renderer.ts';
import { findChromium } from '../../src/reports/pdf/chromium.ts';
import { BIRTH, DEMO, readPdf } from '../helpers/reports.ts';
import { initEphemeris } from '../../src/astro/ephemeris.ts';
import { runTask } from '../../src/pool-tasks.ts';
import { natalRequest } from '../../src/features/western/natal/natal-schemas.ts';
import { resolveSubjectPlace } from '../../src/requests/place.ts';
import { composeReport } from '../../src/reports/text/compose-report.ts';
import { footerTemplate, reportHtml } from '../../src/reports/pdf/report-document.ts';

let renderer: PdfRenderer;
let server: http.Server;
let hits = 0;
let base = '';
beforeAll(async () => {
  renderer = new PdfRenderer(findChromium(undefined)!);
  server = http.createServer((_req, res) => {
    hits++;
    res.end('x');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await renderer.close();
  server.close();
});

describe('the PDF renderer', () => {
  it('runs no script and loads nothing from the network', async () => {
    const html = `<!doctype html><html><head><link rel="stylesheet" href="${base}/style.css"><style>@import url("${base}/more.css"); body { background: url("${base}/bg.png"); }</style></head>
<body><p id="p">static text</p><img src="${base}/pixel.png"><iframe src="${base}/frame"></iframe>
<img src="data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>').toString('base64')}">
<script>document.getElementById('p').textContent = 'script ran'; fetch('${base}/fetch');</script></body></html>`;
    const pdf = await renderer.render(html, { footerHtml: '<span></span>', timeoutMs: 30_000 });
    const { text } = readPdf(pdf);
    expect(text).toContain('static text');
    expect(text).not.toContain('script ran');
    expect(hits).toBe(0);
  });

  it('runs no script and loads nothing on the pages it opened in advance either', async () => {
    for (let i = 0; i < 2; i++) {
      const html = `<!doctype html><body><p id="p">static ${i}</p><img src="${base}/pixel-${i}.png"><script>document.getElementById('p').textContent = 'script ran'; fetch('${base}/fetch');</script></body>`;
      const { text } = readPdf(await renderer.render(html, { footerHtml: '<span></span>', timeoutMs: 30_000 }));
      expect(text).toContain(`static ${i}`);
      expect(text).not.toContain('script ran');
    }
    expect(hits).toBe(0);
  });

  it('gives jobs at once a page each, and carries on after Chromium died', async () => {
    const print = (label: string) => renderer.render(`<!doctype html><p>${label}</p>`, { footerHtml: '<span></span>', timeoutMs: 30_000 });
    const texts = (await Promise.all(['alpha', 'beta', 'gamma'].map(print))).map((pdf) => readPdf(pdf).text);
    expect(texts.map((t) => ['alpha', 'beta', 'gamma'].filter((label) => t.includes(label)))).toEqual([['alpha'], ['beta'], ['gamma']]);
    // The page opened in advance belonged to the browser that died: the next job opens one on a new browser.
    const browser = await (renderer as unknown as { browser: Promise<import('puppeteer-core').Browser> }).browser;
    const died = new Promise((resolve) => browser.once('disconnected', resolve));
    browser.process()!.kill('SIGKILL');
    await died;
    expect(readPdf(await print('after the crash')).text).toContain('after the crash');
  });

  it('renders job after job with one renderer, a fresh page each', async () => {
    for (let i = 0; i < 3; i++) {
      const pdf = await renderer.render(`<!doctype html><p>page ${i}</p><p style="break-before: page">second</p>`, {
        footerHtml: '<span class="pageNumber"></span>',
        timeoutMs: 30_000,
      });
      expect(pdfPageCount(pdf)).toBe(2);
      expect(readPdf(pdf).text).toContain(`page ${i}`);
    }
  });

  it('ends no page of a report with a heading or the italic subtitle under it', async () => {
    initEphemeris();
    const paris = { name: 'Paris', year: 1990, month: 7, day: 15, hour: 14, minute: 30, lat: 48.8566, lng: 2.3522, tz_str: 'Europe/Paris' };
    const untimed = { ...BIRTH, time_known: false };
    for (const [birth, style] of [
      [paris, 'improved'],
      [DEMO, 'improved'],
      [untimed, 'standard'],
    ] as const) {
      const request = natalRequest.parse(birth);
      const natal = runTask('natal', { request, place: resolveSubjectPlace(request, ['body']), includeMinor: false, includeStelliums: false }) as Uint8Array;
      const report = composeReport(JSON.parse(Buffer.from(natal).toString('utf8')), { style });
      const document = { report, wheelSvg: null, footerLabel: null, logo: null };
      const pdf = await renderer.render(reportHtml(document), { footerHtml: footerTemplate(document), timeoutMs: 60_000 });
      const collapse = (line: string) => line.replace(/\s+/g, ' ').trim();
      const introductions = new Set(
        report.markdown.split('\n').flatMap((line) => {
          const heading = /^#{2,4} (.+)$/.exec(line) ?? /^\*([^*].*)\*$/.exec(line.trim());
          return heading ? [collapse(heading[1]!)] : [];
        }),
      );
      const pageEnds = readPdf(pdf)
        .text.split('\f')
        .map((page) =>
          page
            .split('\n')
            .map(collapse)
            .filter((line) => line && !/Page \d+ of \d+/.test(line))
            .at(-1),
        );
      // The contents page lists the chapters' titles by design: its last line is one.
      const contentsPage = readPdf(pdf)
        .text.split('\f')
        .findIndex((page) => page.trim().startsWith('Contents'));
      const stranded = pageEnds.flatMap((last, i) => (i !== contentsPage && last !== undefined && introductions.has(last) ? [`page ${i + 1}: ${last}`] : []));
      expect(stranded, `${birth.name}, ${style}`).toEqual([]);
    }
  });

  it('keeps the page size and the page numbers with the longest name and footer label allowed, and a name with a direction override', async () => {
    initEphemeris();
    const render = async (name: string, footerLabel: string | null) => {
      const request = natalRequest.parse({ ...DEMO, name });
      const natal = runTask('natal', { request, place: resolveSubjectPlace(request, ['body']), includeMinor: false, includeStelliums: false }) as Uint8Array;
      const report = composeReport(JSON.parse(Buffer.from(natal).toString('utf8')), { style: 'improved' });
      const document = { report, wheelSvg: null, footerLabel, logo: null };
      return readPdf(await renderer.render(reportHtml(document), { footerHtml: footerTemplate(document), timeoutMs: 60_000 }));
    };
    const plain = await render('Ada', 'Prepared by the studio');
    const long = await render('W'.repeat(200), 'F'.repeat(120));
    // The same pages: a word wider than its line breaks instead of shrinking every page to fit it.
    expect(long.pages).toBe(plain.pages);
    const pages = long.text.split('\f').filter((page) => page.trim());
    for (const [i, page] of pages.entries()) expect(page, `page ${i + 1}`).toContain(`Page ${i + 1} of ${long.pages}`);
    expect(long.text.replace(/\s+/g, '')).toContain('W'.repeat(200));
    const turned = await render('Ada \u202eLovelace', '\u202eStudio');
    expect(turned.text.replace(/\s+/g, ' ')).toContain('Ada Lovelace: A Psychological Natal Report');
    expect(turned.text).not.toMatch(/tropeR/);
    expect(turned.text).toContain('Studio');
  });
});
