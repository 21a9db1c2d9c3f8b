/**
 * The HTML page Chromium prints: a cover (title, the chart wheel, the birth data with the
 * chart's confidence), a table of contents whose entries link to their chapters (their page
 * numbers are set after printing), then the chapters, with their tables and figures. The reading
 * starts on a new page after the contents, and every chapter after it runs on from the one before:
 * a forced page break would leave the page before it as short as the chapter's last lines (three
 * or four lines on a page were seen). Headings become
 * the PDF's bookmarks. The typeface is embedded (report-fonts.ts). The footer (label, page
 * numbers, the branding logo) is Chromium's footer template, printed on every page. Images and
 * fonts are data: URLs only: the page loads nothing from anywhere.
 */
import type { ComposedReport } from '../text/compose-report.ts';
import { escapeHtml, inlineHtml, markdownToHtml } from './markdown-html.ts';
import { withoutDirectionControls } from '../text/report-markdown.ts';
import { REPORT_FONT_FAMILY, reportFontFaces } from './report-fonts.ts';
import type { ContentsNumberStyle } from './contents-page-numbers.ts';

export interface ReportDocumentInput {
  report: ComposedReport;
  /** The chart wheel (our renderer's SVG), or null when the PDF has no chart. */
  wheelSvg: string | null;
  footerLabel: string | null;
  logo: { contentType: string; bytes: Buffer } | null;
}

/** The body text's size and colour, which the contents' page numbers, set after printing, share. */
export const CONTENTS_NUMBER_STYLE: ContentsNumberStyle = { sizePt: 10.5, color: '#1d1d24' };

const STYLE = `
@page { size: A4; margin: 18mm 18mm 22mm 18mm; }
html { font-family: "${REPORT_FONT_FAMILY}", serif; font-size: ${CONTENTS_NUMBER_STYLE.sizePt}pt; color: ${CONTENTS_NUMBER_STYLE.color}; line-height: 1.45; }
/* A word longer than its line (a 200-letter name, a city without spaces) breaks where it must, instead of
   widening the page, which Chromium then shrank, text and all, to fit the paper. */
body { margin: 0; overflow-wrap: anywhere; }
h1 { font-size: 22pt; margin: 0 0 6mm; font-weight: normal; letter-spacing: .02em; }
h2 { font-size: 16pt; margin: 9mm 0 4mm; padding-bottom: 2mm; border-bottom: 0.4mm solid #6b5ca5; color: #2e2363; font-weight: normal; break-after: avoid; }
section.reading { break-before: page; }
section.reading > h2:first-child, section.reading > .opening > h2:first-child { margin-top: 0; }
/* A heading never ends a page: it keeps at least the first lines of its text with it. */
h2 + p, h3 + p { break-before: avoid; }
nav.toc { break-before: page; }
nav.toc ol { list-style: none; margin: 0; padding: 0; }
nav.toc li { margin: 0 0 2.2mm; }
nav.toc a { display: flex; color: inherit; text-decoration: none; }
nav.toc .t { flex: none; max-width: 85%; }
nav.toc .dots { flex: 1; border-bottom: 0.3mm dotted #9a94b8; margin: 0 2mm 1.2mm; }
nav.toc .n { flex: none; min-width: 8mm; text-align: right; font-variant-numeric: tabular-nums; }
figure { margin: 3mm 0 5mm; text-align: center; break-inside: avoid; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-size: 8.5pt; color: #55506b; margin-top: 1.5mm; }
a { color: #2e2363; }
h3 { font-size: 12.5pt; margin: 5mm 0 2mm; color: #2e2363; break-after: avoid; }
h4 { font-size: 11pt; margin: 4mm 0 1.5mm; break-after: avoid; }
p { margin: 0 0 2.5mm; text-align: justify; hyphens: auto; orphans: 3; widows: 3; }
/* Too short for three lines on each side of a break (markdown-html.ts): kept on one page. */
p.whole { break-inside: avoid; }
p.lead-in { break-after: avoid; }
em { color: #55506b; }
/* A heading's subtitle (the chart fact in italics under it) stays with the text it introduces, as the heading stays with it. */
h3 + p:has(> em:only-child), h4 + p:has(> em:only-child) { break-after: avoid; }
ul, ol { margin: 0 0 3mm 5mm; padding-left: 4mm; }
li { margin-bottom: 1mm; break-inside: avoid; }
/* A short list (the strengths and challenges under a reading) stays whole, and a longer one keeps its first two and
   its last two items together: readers met one item left alone at a page's foot or top. */
ul:not(:has(> li:nth-child(4))), ol:not(:has(> li:nth-child(4))) { break-inside: avoid; }
li:nth-child(2), li:last-child { break-before: avoid; }
table { border-collapse: collapse; width: 100%; margin: 2mm 0 5mm; font-size: 9.5pt; break-inside: auto; }
table.whole { break-inside: avoid; }
th, td { border-bottom: 0.2mm solid #cfcbe0; padding: 1.2mm 2mm; text-align: left; vertical-align: top; }
/* "anywhere" lets a cell's words break at any letter, so the table's columns were sized as if a letter wide: a reader met
   "applyin / g" and row numbers split "1 / 0". In a cell a word breaks only when it cannot fit its column at all. */
th, td { overflow-wrap: break-word; }
/* A chapter's heading, first paragraph and the figure after it stay on one page: a heading and two lines were left at a
   page's foot with the figure and the rest of the chapter on the next. */
.opening { break-inside: avoid; }
th { background: #eeebf7; font-weight: bold; }
tr { break-inside: avoid; }
table.facts td:first-child { width: 38%; color: #55506b; }
.cover { text-align: center; }
.cover h1 { margin-top: 4mm; }
.cover .wheel { width: 128mm; height: 128mm; margin: 2mm auto 4mm; display: block; }
.cover table { width: 80%; margin: 0 auto; text-align: left; }
`;

/** The report's title: the cover's first heading. */
function titleOf(input: ReportDocumentInput): string {
  return /^#\s+(.*)$/m.exec(input.report.sections[0]?.markdown ?? '')?.[1] ?? 'Psychological Natal Report';
}

/** The first section of the composed report is its cover: the title and the birth data table. */
function coverHtml(input: ReportDocumentInput): string {
  const [cover] = input.report.sections;
  const wheel = input.wheelSvg ? `<img class="wheel" alt="" src="data:image/svg+xml;base64,${Buffer.from(input.wheelSvg).toString('base64')}">` : '';
  const coverMarkdown = cover?.markdown ?? '';
  const titleLine = titleOf(input);
  const rest = coverMarkdown.replace(/^#\s+.*$/m, '');
  return `<section class="cover"><h1>${inlineHtml(titleLine)}</h1>${wheel}${markdownToHtml(rest)}</section>`;
}

/** The chapters the contents lists: every section after the cover. */
function chapters(input: ReportDocumentInput) {
  return input.report.sections.slice(1);
}

/**
 * The contents: each entry links to its chapter, and its page number's slot is left blank, of a
 * fixed width; the numbers are set into the printed PDF (contents-page-numbers.ts).
 */
function tocHtml(input: ReportDocumentInput): string {
  const items = chapters(input).map(
    (s) => `<li><a href="#${escapeHtml(s.id)}"><span class="t">${inlineHtml(s.title)}</span><span class="dots"></span><span class="n"></span></a></li>`,
  );
  return `<nav class="toc" id="contents"><h2>Contents</h2><ol>${items.join('')}</ol></nav>`;
}

/** A section's HTML with its figures after its opening paragraph. */
function sectionHtml(input: ReportDocumentInput, s: ComposedReport['sections'][number], usedIds: Set<string>, first: boolean): string {
  let html = markdownToHtml(s.markdown, { usedIds });
  const figures = input.report.figures?.[s.id] ?? [];
  if (figures.length) {
    const drawn = figures.map((f) => `<figure>${f.svg}<figcaption>${escapeHtml(f.caption)}</figcaption></figure>`).join('');
    const at = html.indexOf('</p>');
    html = at < 0 ? html + drawn : `<div class="opening">${html.slice(0, at + 4)}${drawn}</div>${html.slice(at + 4)}`;
  }
  return `<section id="${escapeHtml(s.id)}"${first ? ' class="reading"' : ''}>${html}</section>`;
}

export function reportHtml(input: ReportDocumentInput): string {
  // Section ids are anchors too: headings take other ids.
  const usedIds = new Set<string>(['contents', ...input.report.sections.map((s) => s.id)]);
  const body = chapters(input)
    .map((s, i) => sectionHtml(input, s, usedIds, i === 0))
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:">
<title>${escapeHtml(titleOf(input).replace(/\\(.)/g, '$1'))}</title><style>${reportFontFaces(input.report.markdown)}${STYLE}</style></head>
<body>${coverHtml(input)}\n${tocHtml(input)}\n${body}</body></html>`;
}

/** Chromium's footer: its own little document, styled inline (the page's styles do not reach it). */
export function footerTemplate(input: Pick<ReportDocumentInput, 'footerLabel' | 'logo'>): string {
  const logo = input.logo
    ? `<img style="height:7mm;max-width:35mm;object-fit:contain;vertical-align:middle" src="data:${escapeHtml(input.logo.contentType)};base64,${input.logo.bytes.toString('base64')}">`
    : '';
  // A label as long as allowed (120 characters) wraps beside the page numbers, which keep their room.
  const label = input.footerLabel ? `<span style="min-width:0;overflow-wrap:anywhere">${escapeHtml(withoutDirectionControls(input.footerLabel))}</span>` : '';
  // The footer is printed apart from the page, so it carries its own face of the bundled typeface
  // (for the label's letters: a host font only for a script the typeface lacks).
  const faces = reportFontFaces(`Page of ${input.footerLabel ?? ''}`, 'regular');
  return `<style>${faces}</style><div style="font-family:'${REPORT_FONT_FAMILY}',serif;font-size:8pt;color:#55506b;width:100%;margin:0 18mm;display:flex;justify-content:space-between;align-items:center;">
<span style="display:flex;align-items:center;gap:3mm;min-width:0">${logo}${label}</span>
<span style="flex:none;white-space:nowrap;padding-left:4mm">Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;
}
