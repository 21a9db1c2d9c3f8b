/**
 * The contents' page numbers, written into the printed PDF: the report is printed once, with each
 * contents entry's number left blank (a slot of fixed width, so nothing else moves), and the
 * numbers are then set from the PDF's own structure:
 *
 * - each contents entry is a link annotation whose destination is a named destination (the
 *   chapter's id, which Chromium writes into the catalog's /Dests with the page it falls on);
 * - the link's rectangle gives the entry's line and its right edge, where the number ends;
 * - the baseline is that of the entry's title, read from the page's content stream
 *   (content-stream-text.ts), so the number sits on the line exactly as printed text would.
 *
 * The digits are drawn in the report's own typeface (Noto Serif regular, embedded as a subset of
 * the digits used), marked as an artifact in the tagged PDF (like the footer's page numbers). This
 * replaces a second printing of the whole document, which cost as much as the first (Chromium has
 * no target-counter() to number the contents itself).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import * as fontkit from 'fontkit';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  PDFRawStream,
  PDFRef,
  PDFString,
  PDFHexString,
  decodePDFRawStream,
  rgb,
  type PDFFont,
  type PDFObject,
  type PDFPage,
} from 'pdf-lib';
import { textRunOrigins } from './content-stream-text.ts';

/** How the contents' numbers look: the page's body text (report-document.ts sets the same). */
export interface ContentsNumberStyle {
  sizePt: number;
  /** "#rrggbb" */
  color: string;
}

interface ContentsEntry {
  page: PDFPage;
  rect: [number, number, number, number];
  /** 1-based page the entry's chapter begins on. */
  target: number;
}

let fontBytes: Buffer | null = null;
let parsedFace: unknown = null;

/** The typeface's regular Latin face, which has the digits. */
function regularFaceBytes(): Buffer {
  if (fontBytes) return fontBytes;
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('@fontsource/noto-serif/package.json'));
  fontBytes = readFileSync(join(root, 'files', 'noto-serif-latin-400-normal.woff'));
  return fontBytes;
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/**
 * The fontkit the project has (2.x), as pdf-lib expects it: pdf-lib was written against fontkit
 * 1.x, whose subsets were read as a stream (`encodeStream`); 2.x returns the bytes (`encode`).
 */
function pdfLibFontkit(): Fontkit {
  return {
    create(bytes: Uint8Array) {
      // One parsed face per process: every report embeds the same digits' face.
      if (parsedFace) return parsedFace;
      const font = fontkit.create(Buffer.from(bytes)) as unknown as { createSubset(): { encode(): Uint8Array; encodeStream?: () => Readable } };
      const createSubset = font.createSubset.bind(font);
      font.createSubset = () => {
        const subset = createSubset();
        subset.encodeStream = () => Readable.from([subset.encode()]);
        return subset;
      };
      parsedFace = font;
      return font;
    },
  } as unknown as Fontkit;
}

function nameOf(value: PDFObject | undefined): string | undefined {
  if (value instanceof PDFName) return value.decodeText();
  if (value instanceof PDFString || value instanceof PDFHexString) return value.decodeText();
  return undefined;
}

/** The page (1-based) of each named destination of the catalog's /Dests. */
function namedDestinationPages(doc: PDFDocument): Map<string, number> {
  const pageNumber = new Map<string, number>(doc.getPages().map((p, i) => [p.ref.toString(), i + 1]));
  const out = new Map<string, number>();
  const dests = doc.catalog.lookupMaybe(PDFName.of('Dests'), PDFDict);
  for (const [name, value] of dests?.entries() ?? []) {
    let dest = value instanceof PDFRef ? doc.context.lookup(value) : value;
    if (dest instanceof PDFDict) dest = dest.get(PDFName.of('D'));
    if (!(dest instanceof PDFArray)) continue;
    const page = dest.get(0);
    const n = page instanceof PDFRef ? pageNumber.get(page.toString()) : undefined;
    if (n !== undefined) out.set(name.decodeText(), n);
  }
  return out;
}

/** The destination name a link annotation points to (/Dest, or a GoTo action's /D). */
function linkDestination(doc: PDFDocument, annot: PDFDict): string | undefined {
  const dest = annot.get(PDFName.of('Dest'));
  if (dest) return nameOf(dest instanceof PDFRef ? doc.context.lookup(dest) : dest);
  const action = annot.lookupMaybe(PDFName.of('A'), PDFDict);
  return nameOf(action?.get(PDFName.of('D')));
}

/**
 * The contents' entries: in page order, the first link to each chapter. The contents come before
 * every chapter, so the first link to a chapter is its contents entry.
 */
function contentsEntries(doc: PDFDocument, chapterIds: readonly string[]): ContentsEntry[] {
  const pages = namedDestinationPages(doc);
  const wanted = new Set(chapterIds);
  const out: ContentsEntry[] = [];
  for (const page of doc.getPages()) {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    for (const ref of annots?.asArray() ?? []) {
      const annot = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
      if (!(annot instanceof PDFDict) || annot.get(PDFName.of('Subtype'))?.toString() !== '/Link') continue;
      const name = linkDestination(doc, annot);
      const target = name === undefined ? undefined : pages.get(name);
      if (name === undefined || !wanted.has(name) || target === undefined) continue;
      const rect = annot.lookupMaybe(PDFName.of('Rect'), PDFArray)?.asArray();
      if (!rect || rect.length !== 4 || !rect.every((v) => v instanceof PDFNumber)) continue;
      const [x1, y1, x2, y2] = rect.map((v) => v.asNumber()) as [number, number, number, number];
      wanted.delete(name);
      out.push({ page, rect: [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)], target });
    }
    if (wanted.size === 0) break;
  }
  return out;
}

/** The page's content, its streams decoded and joined. */
function pageContent(doc: PDFDocument, page: PDFPage): string {
  const contents = page.node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  return refs
    .map((ref) => {
      const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
      return stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : '';
    })
    .join('\n');
}

function hexColor(hex: string) {
  const n = parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/**
 * The baseline of an entry's first line: the highest text origin inside its rectangle. (A title
 * that wraps has its number on the first line, beside the title's start.) Without one, the
 * rectangle's middle less a third of the type size, where a single line's baseline falls.
 */
function baselineIn(origins: { x: number; y: number }[], rect: [number, number, number, number], sizePt: number): number {
  const [x1, y1, x2, y2] = rect;
  const inside = origins.filter((o) => o.y >= y1 - 0.5 && o.y <= y2 + 0.5 && o.x >= x1 - 0.5 && o.x <= x2);
  if (inside.length) return Math.max(...inside.map((o) => o.y));
  return (y1 + y2) / 2 - sizePt / 3;
}

function drawNumber(page: PDFPage, font: PDFFont, text: string, right: number, baseline: number, style: ContentsNumberStyle): void {
  // An artifact in the tagged PDF: navigation, as the footer's page numbers are.
  page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContent, [PDFName.of('Artifact')]));
  page.drawText(text, { x: right - font.widthOfTextAtSize(text, style.sizePt), y: baseline, size: style.sizePt, font, color: hexColor(style.color) });
  page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
}

/**
 * The PDF with the contents' page numbers set, and the page each chapter begins on (in the order
 * of `chapterIds`; undefined for a chapter with no contents entry or destination).
 */
export async function fillContentsPageNumbers(
  pdf: Uint8Array,
  chapterIds: readonly string[],
  style: ContentsNumberStyle,
): Promise<{ pdf: Buffer; chapterPages: (number | undefined)[] }> {
  // All objects parsed and written in one go: pdf-lib's default yields to the event loop every 50 to 100 objects.
  const doc = await PDFDocument.load(pdf, { updateMetadata: false, parseSpeed: Infinity });
  const entries = contentsEntries(doc, chapterIds);
  const pages = namedDestinationPages(doc);
  doc.registerFontkit(pdfLibFontkit());
  const font = await doc.embedFont(regularFaceBytes(), { subset: true });
  const origins = new Map<PDFPage, { x: number; y: number }[]>();
  for (const entry of entries) {
    if (!origins.has(entry.page)) origins.set(entry.page, textRunOrigins(pageContent(doc, entry.page)));
    const baseline = baselineIn(origins.get(entry.page)!, entry.rect, style.sizePt);
    drawNumber(entry.page, font, String(entry.target), entry.rect[2], baseline, style);
  }
  const bytes = await doc.save({ useObjectStreams: false, updateFieldAppearances: false, objectsPerTick: Infinity });
  return { pdf: Buffer.from(bytes), chapterPages: chapterIds.map((id) => pages.get(id)) };
}
