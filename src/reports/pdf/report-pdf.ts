/**
 * Printing a report: twice. The first printing, with the contents' page numbers left blank,
 * tells from its bookmarks on which page each chapter begins; the second prints those numbers.
 * The blanks take the numbers' place, so the second printing breaks its pages as the first did.
 */
import { readOutline } from './pdf-outline.ts';
import type { PdfRenderer, PdfRenderOptions } from './pdf-renderer.ts';
import { reportHtml, type ReportDocumentInput } from './report-document.ts';

/** The page of each level-two bookmark (Contents, then each chapter), in order. */
export async function chapterPagesOf(pdf: Uint8Array): Promise<(number | undefined)[]> {
  return (await readOutline(pdf)).filter((e) => e.level === 2).map((e) => e.page);
}

export async function renderReportPdf(renderer: PdfRenderer, input: ReportDocumentInput, options: PdfRenderOptions): Promise<Buffer> {
  const first = await renderer.render(reportHtml({ ...input, chapterPages: null }), options);
  const chapterPages = await chapterPagesOf(first);
  return renderer.render(reportHtml({ ...input, chapterPages }), options);
}
