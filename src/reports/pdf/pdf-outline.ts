/**
 * The bookmarks (document outline) of a PDF Chromium printed, read with pdf-lib: each entry's
 * title, depth and the page (1-based) it points to. Chromium builds the outline from the page's
 * headings; the report checker and the tests read it back to count bookmarks and find chapters.
 */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFString, type PDFObject } from 'pdf-lib';

export interface OutlineEntry {
  title: string;
  /** 1 for a top-level bookmark. */
  level: number;
  /** 1-based page number; undefined when the destination is not a page of the document. */
  page: number | undefined;
}

function text(value: PDFObject | undefined): string {
  if (value instanceof PDFHexString || value instanceof PDFString) return value.decodeText();
  return '';
}

export async function readOutline(pdf: Uint8Array): Promise<OutlineEntry[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const pageIndex = new Map<string, number>(doc.getPages().map((p, i) => [p.ref.toString(), i + 1]));
  const { context } = doc;
  const lookupDict = (v: PDFObject | undefined) => (v instanceof PDFRef ? context.lookup(v) : v) as PDFDict | undefined;
  const out: OutlineEntry[] = [];
  const destPage = (item: PDFDict): number | undefined => {
    let dest = item.get(PDFName.of('Dest'));
    if (dest instanceof PDFRef) dest = context.lookup(dest);
    if (!dest) {
      const action = lookupDict(item.get(PDFName.of('A')));
      dest = action?.get(PDFName.of('D'));
      if (dest instanceof PDFRef) dest = context.lookup(dest);
    }
    if (dest instanceof PDFArray) {
      const page = dest.get(0);
      return page instanceof PDFRef ? pageIndex.get(page.toString()) : undefined;
    }
    return undefined;
  };
  const walk = (first: PDFObject | undefined, level: number) => {
    // A malformed outline with a cycle must not loop: each item is visited once.
    const seen = new Set<PDFDict>();
    for (let item = lookupDict(first); item && !seen.has(item); item = lookupDict(item.get(PDFName.of('Next')))) {
      seen.add(item);
      out.push({ title: text(item.get(PDFName.of('Title'))), level, page: destPage(item) });
      walk(item.get(PDFName.of('First')), level + 1);
    }
  };
  const outlines = lookupDict(doc.catalog.get(PDFName.of('Outlines')));
  if (outlines) walk(outlines.get(PDFName.of('First')), 1);
  return out;
}
