/**
 * The report's markdown as HTML for the PDF, by markdown-it (CommonMark with pipe tables) with
 * raw HTML off: every character of a name or a place is text, never markup. Two touches of our
 * own: a table whose header row is empty (the cover's facts) loses its header and gets the class
 * `facts`, headings get an id (their slug, unique in the document) that the table of contents
 * links to, and paragraphs too short to break well are marked to be kept whole.
 */
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });
type Token = ReturnType<typeof md.parse>[number];
// Links are only the report's own (#anchors); markdown-it validates any other.

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Escaped text with **strong**, *emphasis* and backslash escapes, on one line. */
export function inlineHtml(text: string): string {
  return md.renderInline(text);
}

/** A heading's anchor: its words in lower case joined by hyphens ("the-core-of-you"). */
export function slugOf(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '') || 'section'
  );
}

/** Drops an all-empty header row and marks the table as a two-column list of facts. */
function markFactTables(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.type !== 'thead_open') continue;
    const end = tokens.findIndex((t, j) => j > i && t.type === 'thead_close');
    const cells = tokens.slice(i, end).filter((t) => t.type === 'inline');
    if (cells.length === 0 || cells.some((c) => c.content.trim() !== '')) continue;
    let open = i;
    while (tokens[open]!.type !== 'table_open') open--;
    tokens[open]!.attrSet('class', 'facts');
    tokens.splice(i, end - i + 1);
  }
}

/**
 * Tables of up to this many rows are kept on one page (class `whole`): split, a short table left one or two rows on the
 * next page (a transit table's last date, the positions' Midheaven). A longer one breaks, its header repeated: kept whole,
 * a table of twelve or more rows that did not fit left up to half a page blank before it (the house rulers, the key
 * aspects and the year's transits, two or three such pages a report).
 */
const WHOLE_TABLE_ROWS = 8;

function markShortTables(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.type !== 'table_open') continue;
    const end = tokens.findIndex((t, j) => j > i && t.type === 'table_close');
    const rows = tokens.slice(i, end).filter((t) => t.type === 'tr_open').length;
    if (rows <= WHOLE_TABLE_ROWS) tokens[i]!.attrJoin('class', 'whole');
  }
}

/**
 * About how many characters a line of body text holds (A4 less the margins, 10.5 pt; measured on
 * the printed examples: 90 to 96).
 */
const CHARS_PER_LINE = 94;
/**
 * Chromium honours `orphans: 3; widows: 3` only where a paragraph has room for both: one of five
 * lines or fewer broke 4 + 1, leaving a lone last line at the top of the next page. A paragraph
 * that short is kept whole (class `whole`); a longer one breaks where both rules hold.
 */
const WHOLE_BELOW_CHARS = 6 * CHARS_PER_LINE;

/**
 * Marks the paragraphs too short to break with three lines on each side, and the lead-ins that end with a colon (class
 * `lead-in`: "The points of your chart that aspect Chiron most closely:"), which belong on the page of what they introduce.
 */
function markShortParagraphs(tokens: Token[]): void {
  for (let i = 0; i + 1 < tokens.length; i++) {
    const inline = tokens[i + 1]!;
    if (tokens[i]!.type !== 'paragraph_open' || inline.type !== 'inline') continue;
    const classes = [...(inline.content.length < WHOLE_BELOW_CHARS ? ['whole'] : []), ...(inline.content.trimEnd().endsWith(':') ? ['lead-in'] : [])];
    if (classes.length) tokens[i]!.attrSet('class', classes.join(' '));
  }
}

export interface HtmlOptions {
  /** Anchors already used in the document (shared across sections so that every id is unique). */
  usedIds?: Set<string> | undefined;
}

export function markdownToHtml(markdown: string, options: HtmlOptions = {}): string {
  const used = options.usedIds ?? new Set<string>();
  const tokens = md.parse(markdown, {});
  markFactTables(tokens);
  markShortTables(tokens);
  markShortParagraphs(tokens);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'heading_open') continue;
    let id = slugOf(tokens[i + 1]!.content);
    for (let n = 2; used.has(id); n++) id = `${slugOf(tokens[i + 1]!.content)}-${n}`;
    used.add(id);
    t.attrSet('id', id);
  }
  return md.renderer.render(tokens, md.options, {});
}
