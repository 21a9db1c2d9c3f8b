/**
 * How full a printed report's pages are, read with poppler's pdftotext -bbox: for each page, how
 * far down its text reaches, as a share of the page's printable height (the report's margins:
 * 18 mm at the top, 22 mm at the bottom, where the footer sits and is not counted).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef } from 'pdf-lib';
import { readOutline } from '../../src/reports/pdf/pdf-outline.ts';

const MM = 72 / 25.4;
const TOP = 18 * MM;
const BOTTOM = 22 * MM;

export function pageFills(pdf: Uint8Array): number[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-fill-'));
  try {
    const file = path.join(dir, 'r.pdf');
    fs.writeFileSync(file, pdf);
    const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const fills: number[] = [];
    for (const page of html.split('<page ').slice(1)) {
      const height = Number(/height="([\d.]+)"/.exec(page)![1]);
      const bottoms = [...page.matchAll(/<word [^>]*yMax="([\d.]+)"/g)].map((m) => Number(m[1])).filter((y) => y < height - BOTTOM);
      const lowest = bottoms.length ? Math.max(...bottoms) : TOP;
      fills.push(Math.min(1, Math.max(0, (lowest - TOP) / (height - TOP - BOTTOM))));
    }
    return fills;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of one page (1-based). */
export function pageText(pdf: Uint8Array, page: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-page-'));
  try {
    const file = path.join(dir, 'r.pdf');
    fs.writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The fonts the PDF embeds, as pdffonts names them ("AAAAAA+NotoSerif-Regular"). */
export function embeddedFonts(pdf: Uint8Array): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-fonts-'));
  try {
    const file = path.join(dir, 'r.pdf');
    fs.writeFileSync(file, pdf);
    const out = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    return out
      .split('\n')
      .slice(2)
      .filter((l) => /\byes\s+yes\s+(yes|no)\b/.test(l))
      .map((l) => l.split(/\s+/)[0]!);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface PageWord {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** The words of one page (1-based) with their boxes, in points from the page's top left. */
export function pageWords(pdf: Uint8Array, page: number): PageWord[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-words-'));
  try {
    const file = path.join(dir, 'r.pdf');
    fs.writeFileSync(file, pdf);
    const html = execFileSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' });
    return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      text: m[5]!,
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
    }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The page of each level-two bookmark (Contents, then each chapter), in order. */
export async function chapterPagesOf(pdf: Uint8Array): Promise<(number | undefined)[]> {
  return (await readOutline(pdf)).filter((e) => e.level === 2).map((e) => e.page);
}

/** Where each named destination (a chapter's id) lands: its page (1-based) and its height on the page, in points from the bottom. */
export async function namedDestinations(pdf: Uint8Array): Promise<Map<string, { page: number; y: number }>> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false, parseSpeed: Infinity });
  const pages = new Map(doc.getPages().map((p, i) => [p.ref.toString(), i + 1]));
  const out = new Map<string, { page: number; y: number }>();
  for (const [name, value] of doc.catalog.lookupMaybe(PDFName.of('Dests'), PDFDict)?.entries() ?? []) {
    const dest = value instanceof PDFRef ? doc.context.lookup(value) : value;
    if (!(dest instanceof PDFArray)) continue;
    const page = pages.get(String(dest.get(0)));
    const y = dest.get(3);
    if (page !== undefined) out.set(name.decodeText(), { page, y: y instanceof PDFNumber ? y.asNumber() : 0 });
  }
  return out;
}

/** A page's printable top, in points from its bottom (A4 less the report's 18 mm top margin). */
const PRINTABLE_TOP = 841.92 - TOP;

/**
 * The layout rule: no page after the contents is under a third full unless it is a chapter's
 * last (the report's last page, or one followed by a page that a chapter opens at its top).
 * Returns the pages that break it, with their fill.
 */
export async function shortPages(pdf: Uint8Array): Promise<{ page: number; fill: number }[]> {
  const fills = pageFills(pdf);
  const starts = [...(await namedDestinations(pdf)).values()];
  const opensAtTop = (page: number) => starts.some((s) => s.page === page && s.y >= PRINTABLE_TOP - 12);
  return fills.map((fill, i) => ({ page: i + 1, fill })).filter(({ page, fill }) => page > 2 && fill < 1 / 3 && page < fills.length && !opensAtTop(page + 1));
}

/** A page's laid-out lines without its footer, blank lines trimmed from either end (those between blocks kept). */
function bodyLines(pdf: Uint8Array, page: number): string[] {
  const lines = pageText(pdf, page)
    .split('\n')
    .filter((l) => !/Page \d+ of \d+/.test(l));
  while (lines.length && !lines.at(-1)!.trim()) lines.pop();
  while (lines.length && !lines[0]!.trim()) lines.shift();
  return lines;
}

/**
 * Lines of a paragraph left alone by a page break: one or two lines at the top of a page that end
 * a paragraph begun on the page before (a widow), or one or two at the foot of a page that begin
 * one continued on the next (an orphan). Read from the laid-out text: a paragraph runs on where a
 * full line of prose (no column gaps, as tables have) ends a page without closing punctuation.
 */
export function loneLines(pdf: Uint8Array, pages: number): { page: number; kind: 'widow' | 'orphan'; line: string }[] {
  const body = (page: number) => bodyLines(pdf, page);
  const block = (lines: string[]) => {
    const end = lines.findIndex((l) => !l.trim());
    return end === -1 ? lines : lines.slice(0, end);
  };
  const prose = (line: string) => line.trim().length > 60 && !/\S {3,}\S/.test(line.trim());
  const found: { page: number; kind: 'widow' | 'orphan'; line: string }[] = [];
  let previous = body(1);
  for (let page = 2; page <= pages; page++) {
    const current = body(page);
    const last = previous.at(-1) ?? '';
    if (prose(last) && !/[.:;?!)”’]\s*$/.test(last)) {
      const top = block(current);
      if (top.length <= 2) found.push({ page, kind: 'widow', line: top[0]?.trim() ?? '' });
      const bottom = block([...previous].reverse());
      if (bottom.length <= 2) found.push({ page: page - 1, kind: 'orphan', line: bottom.at(-1)!.trim() });
    }
    previous = current;
  }
  return found;
}

/**
 * Lists broken by a page with a single line on one side: the page ends in a list's lines and the
 * next one begins with more of them, and the run at the foot or at the top is one line (one item
 * left alone). Read from the laid-out text, where Chromium's list markers are not text: a list's
 * lines are the indented ones without column gaps (a table's rows have them).
 */
export function loneListItems(pdf: Uint8Array, pages: number): { page: number; foot: string[]; top: string[] }[] {
  const body = (page: number) => bodyLines(pdf, page).filter((l) => l.trim());
  const listLine = (line: string) => /^ {3,8}\S/.test(line) && !/\S {3,}\S/.test(line.trim());
  const run = (lines: string[]) => {
    const end = lines.findIndex((l) => !listLine(l));
    return end === -1 ? lines : lines.slice(0, end);
  };
  const found: { page: number; foot: string[]; top: string[] }[] = [];
  let previous = body(1);
  for (let page = 2; page <= pages; page++) {
    const current = body(page);
    const foot = run([...previous].reverse()).reverse();
    const top = run(current);
    if (foot.length && top.length && (foot.length === 1 || top.length === 1)) found.push({ page: page - 1, foot, top });
    previous = current;
  }
  return found;
}
