/**
 * Printing a report: once. Chromium prints the page with each contents entry's number left
 * blank (a slot of fixed width), and the numbers are then set from the printed PDF's own named
 * destinations (contents-page-numbers.ts), so nothing is printed twice.
 */
import { fillContentsPageNumbers } from './contents-page-numbers.ts';
import type { PdfRenderer, PdfRenderOptions } from './pdf-renderer.ts';
import { CONTENTS_NUMBER_STYLE, reportHtml, type ReportDocumentInput } from './report-document.ts';

export async function renderReportPdf(renderer: PdfRenderer, input: ReportDocumentInput, options: PdfRenderOptions): Promise<Buffer> {
  const printed = await renderer.render(reportHtml(input), options);
  const chapterIds = input.report.sections.slice(1).map((s) => s.id);
  return (await fillContentsPageNumbers(printed, chapterIds, CONTENTS_NUMBER_STYLE)).pdf;
}
