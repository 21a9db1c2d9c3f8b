/**
 * The printed report's layout with the real Chromium: one printing per report, a table of
 * contents whose numbers are the pages its chapters begin on (set into the printed PDF, on the
 * baseline of their titles) and whose entries link to them, a bookmark for every chapter, the
 * bundled typeface embedded, chapters that run on (a new page only for the reading after the
 * contents, and no page under a third full but a chapter's last), no line of a paragraph alone at
 * a page's top or foot, no list item alone there either, and the
 * figures (the element and modality balance, the aspect grid, the year ahead) on the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef } from 'pdf-lib';
import { PdfRenderer } from '../../src/reports/pdf/pdf-renderer.ts';
import { findChromium } from '../../src/reports/pdf/chromium.ts';
import { footerTemplate } from '../../src/reports/pdf/report-document.ts';
import { renderReportPdf } from '../../src/reports/pdf/report-pdf.ts';
import { readOutline } from '../../src/reports/pdf/pdf-outline.ts';
import { composeReport, type ComposedReport } from '../../src/reports/text/compose-report.ts';
import { natalChartFor, PLACES } from '../helpers/natal-charts.ts';
import {
  chapterPagesOf,
  embeddedFonts,
  loneLines,
  loneListItems,
  namedDestinations,
  pageFills,
  pageText,
  pageWords,
  shortPages,
} from '../helpers/report-pages.ts';

const ATHENS = { city: 'Athens', country: 'GR', lat: 37.9838, lng: 23.7275, source: 'request' as const, zone: 'Europe/Athens' };
const MADRID = { city: 'Madrid', country: 'ES', lat: 40.4168, lng: -3.7038, source: 'request' as const, zone: 'Europe/Madrid' };
const NAIROBI = { city: 'Nairobi', country: 'KE', lat: -1.2921, lng: 36.8219, source: 'request' as const, zone: 'Africa/Nairobi' };

/** The real renderer, counting its printings. */
class CountingRenderer extends PdfRenderer {
  printings = 0;
  override render(...args: Parameters<PdfRenderer['render']>): Promise<Buffer> {
    this.printings++;
    return super.render(...args);
  }
}

let renderer: CountingRenderer;
const printed: Record<string, { report: ComposedReport; pdf: Buffer; printings: number }> = {};

beforeAll(async () => {
  renderer = new CountingRenderer(findChromium(undefined)!);
  const charts = {
    timed: natalChartFor({ name: 'Eleni Markou', year: 1981, month: 1, day: 2, hour: 13, minute: 0 }, ATHENS),
    untimed: natalChartFor({ name: 'Lucía Ortega', year: 1994, month: 9, day: 8, time_known: false }, MADRID),
    polar: natalChartFor({ name: 'Ingrid Berg', year: 1985, month: 12, day: 21, hour: 9, minute: 15 }, PLACES.tromso),
    // The improved style: each reading ends in a two-item list, its strengths and its challenges.
    improved: natalChartFor({ name: 'Wanjiru Kamau', year: 1988, month: 3, day: 14, hour: 9, minute: 20 }, NAIROBI),
  };
  for (const [name, chart] of Object.entries(charts)) {
    const report = composeReport(chart, { style: name === 'improved' ? 'improved' : 'standard' });
    const document = { report, wheelSvg: null, footerLabel: null, logo: null };
    const before = renderer.printings;
    const pdf = await renderReportPdf(renderer, document, { footerHtml: footerTemplate(document), timeoutMs: 60_000 });
    printed[name] = { report, pdf, printings: renderer.printings - before };
  }
}, 120_000);
afterAll(async () => {
  await renderer.close();
});

describe('the printed report', () => {
  it('is printed once', () => {
    for (const [name, { printings }] of Object.entries(printed)) expect(printings, name).toBe(1);
  });

  it("sets each contents number on its title's baseline, ending at the line's right edge", async () => {
    for (const [name, { report, pdf }] of Object.entries(printed)) {
      const contentsPage = (await chapterPagesOf(pdf))[0]!;
      const words = pageWords(pdf, contentsPage);
      // The footer's "Page 2 of 31" (in the bottom margin) is not an entry's.
      const numbers = words.filter((w) => /^\d+$/.test(w.text) && w.yMax < 760);
      expect(numbers.length, name).toBe(report.sections.length - 1);
      const rightEdge = Math.max(...numbers.map((n) => n.xMax));
      for (const n of numbers) {
        // The title's first word on the same line: same baseline, so the same box from the same face and size.
        const title = words.find((w) => w.xMin < 60 && Math.abs(w.yMax - n.yMax) < 3);
        expect(title, `${name}: a title beside ${n.text}`).toBeDefined();
        expect(Math.abs(title!.yMax - n.yMax), `${name} ${n.text}`).toBeLessThan(0.2);
        expect(Math.abs(n.xMax - rightEdge), `${name} ${n.text} right-aligned`).toBeLessThan(0.2);
      }
    }
  });
  it('has a bookmark for every chapter, and its contents give the page each begins on', async () => {
    for (const [name, { report, pdf }] of Object.entries(printed)) {
      const outline = await readOutline(pdf);
      const chapters = outline.filter((e) => e.level === 2);
      expect(
        chapters.map((c) => c.title.replace(/\s+/g, ' ')),
        name,
      ).toEqual(['Contents', ...report.sections.slice(1).map((s) => s.title)]);
      expect(outline.filter((e) => e.level === 3).length, name).toBeGreaterThan(15);
      const pages = await chapterPagesOf(pdf);
      const contents = pageText(pdf, pages[0]!);
      report.sections.slice(1).forEach((s, i) => {
        const page = pages[i + 1]!;
        // The contents line ends with the chapter's page, and that page shows the chapter's title.
        const line = contents.split('\n').find((l) => l.trim().startsWith(s.title.slice(0, 30)));
        expect(line, `${name} ${s.id}`).toBeDefined();
        expect(line!.trim().endsWith(` ${page}`), `${name} ${s.id}: ${line}`).toBe(true);
        expect(pageText(pdf, page).replace(/\s+/g, ' '), `${name} ${s.id} on page ${page}`).toContain(s.title.slice(0, 25));
      });
    }
  });

  it('links each contents entry to its chapter inside the document', async () => {
    const { report, pdf } = printed.timed!;
    const doc = await PDFDocument.load(pdf);
    const pages = doc.getPages();
    const contentsPage = (await chapterPagesOf(pdf))[0]! - 1;
    const annots = pages[contentsPage]!.node.lookup(PDFName.of('Annots'), PDFArray);
    const links = annots
      .asArray()
      .map((a) => doc.context.lookup(a as PDFRef, PDFDict))
      .filter((a) => a.get(PDFName.of('Subtype'))?.toString() === '/Link');
    expect(links.length).toBe(report.sections.length - 1);
    for (const link of links) {
      // An internal destination (a page of this document), not a URI.
      expect(link.get(PDFName.of('A'))?.toString() ?? '').not.toContain('/URI');
      expect(link.get(PDFName.of('Dest')) ?? link.get(PDFName.of('A'))).toBeDefined();
    }
  });

  it('embeds the bundled typeface, and no host font: the footer too is set in it', () => {
    for (const [name, { pdf }] of Object.entries(printed)) {
      const fonts = embeddedFonts(pdf);
      expect(fonts.some((f) => f.endsWith('+NotoSerif-Regular'))).toBe(true);
      expect(fonts.some((f) => f.endsWith('+NotoSerif-Bold'))).toBe(true);
      expect(
        fonts.filter((f) => !/\+NotoSerif-/.test(f)),
        name,
      ).toEqual([]);
    }
  });

  it("lets chapters run on: no page under a third full but a chapter's last, and pages well filled", async () => {
    for (const [name, { pdf }] of Object.entries(printed)) {
      expect(await shortPages(pdf), name).toEqual([]);
      const fills = pageFills(pdf).slice(2, -1); // the cover and the contents stand alone; the last page ends the report
      const mean = fills.reduce((a, b) => a + b, 0) / fills.length;
      expect(mean, name).toBeGreaterThan(0.85);
    }
  });

  it('leaves no line of a paragraph alone at the top or the foot of a page', async () => {
    for (const [name, { pdf }] of Object.entries(printed)) {
      const pages = (await PDFDocument.load(pdf)).getPageCount();
      expect(loneLines(pdf, pages), name).toEqual([]);
    }
  });

  it('leaves no list item alone at the foot or the top of a page: a short list stays whole', async () => {
    for (const [name, { pdf }] of Object.entries(printed)) {
      const pages = (await PDFDocument.load(pdf)).getPageCount();
      expect(loneListItems(pdf, pages), name).toEqual([]);
    }
    // Each reading's strengths are printed on the page of its challenges (the Nairobi reader found them parted).
    const { pdf } = printed.improved!;
    const lines = Array.from({ length: (await PDFDocument.load(pdf)).getPageCount() }, (_, i) =>
      pageText(pdf, i + 1)
        .split('\n')
        .map((line) => ({ page: i + 1, line: line.trim() })),
    ).flat();
    const strengths = lines.filter((l) => l.line.startsWith('Strengths:'));
    expect(strengths.length).toBeGreaterThan(10);
    for (const s of strengths) expect(lines.find((l, i) => i > lines.indexOf(s) && l.line.startsWith('Challenges:'))?.page, s.line).toBe(s.page);
  });

  it('starts a new page only for a chapter: the reading after the contents, nothing else', async () => {
    for (const [name, { report, pdf }] of Object.entries(printed)) {
      const starts = await namedDestinations(pdf);
      const chapters = report.sections.slice(1).map((s) => starts.get(s.id)!);
      // The first chapter opens page 3, after the cover and the contents; each other begins where the one before ended.
      expect(chapters[0]!.page, name).toBe(3);
      const fills = pageFills(pdf);
      for (const [i, c] of chapters.entries()) {
        if (i === 0 || c.page === chapters[i - 1]!.page) continue;
        // A chapter that opens with a figure keeps its heading, first paragraph and figure together (a heading and two
        // lines were left at a page's foot): the page before may then end early, but never under a third full.
        const id = report.sections[i + 1]!.id;
        const opensWithFigure = (report.figures?.[id]?.length ?? 0) > 0;
        expect(fills[c.page - 2]!, `${name}: the page before ${id}`).toBeGreaterThan(opensWithFigure ? 1 / 3 : 0.6);
      }
    }
  });

  it('draws the element and modality balance and the aspect grid', () => {
    const { pdf } = printed.untimed!;
    const text = pageText(pdf, 0 + (pageFills(pdf).length > 0 ? 1 : 1));
    expect(text).toBeDefined();
    const all = Array.from({ length: pageFills(pdf).length }, (_, i) => pageText(pdf, i + 1)).join('\n');
    expect(all).toMatch(/Element and modality balance/);
    expect(all).toMatch(/Aspect grid/);
    expect(all).toMatch(/\(weakest\)/);
  });

  it('draws the year ahead as a timeline beside its table', () => {
    for (const [name, { report, pdf }] of Object.entries(printed)) {
      // A year with no slow-planet contact and no progressed event would have no figure (and says so).
      if (!report.figures?.year_ahead) continue;
      const all = Array.from({ length: pageFills(pdf).length }, (_, i) => pageText(pdf, i + 1)).join('\n');
      expect(all.replace(/\s+/g, ' '), name).toContain('The year ahead by date');
    }
    expect(Object.values(printed).filter((p) => p.report.figures?.year_ahead).length).toBeGreaterThan(0);
  });
});
