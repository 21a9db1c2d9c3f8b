/**
 * The report's markdown as HTML for the PDF: the subset the report composer writes (headings,
 * paragraphs, emphasis, bullet and numbered lists, pipe tables). Every piece of text is escaped
 * before any tag is added, so nothing in a name or a place can become markup.
 */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Escaped text with **strong** and *emphasis*; a backslash-escaped character stays literal. */
export function inlineHtml(text: string): string {
  const literals: string[] = [];
  const marked = text.replace(/\\([\\`*_{}[\]()#+\-.!<>|])/g, (_m, c: string) => `\u0000${literals.push(c) - 1}\u0000`);
  return escapeHtml(marked)
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*]+)\*/g, '<em>$1</em>')
    .replace(/\u0000(\d+)\u0000/g, (_m, i: string) => escapeHtml(literals[Number(i)]!));
}

function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());
}

function tableHtml(lines: string[]): string {
  const [head, , ...body] = lines;
  const headCells = tableCells(head!);
  const headless = headCells.every((c) => c === '');
  const thead = headless ? '' : `<thead><tr>${headCells.map((c) => `<th>${inlineHtml(c)}</th>`).join('')}</tr></thead>`;
  const rows = body
    .map(
      (l) =>
        `<tr>${tableCells(l)
          .map((c) => `<td>${inlineHtml(c)}</td>`)
          .join('')}</tr>`,
    )
    .join('');
  return `<table${headless ? ' class="facts"' : ''}>${thead}<tbody>${rows}</tbody></table>`;
}

export interface HeadingHook {
  /** Called for each heading; its result replaces the default `<hN>`. */
  (level: number, text: string, html: string): string;
}

export function markdownToHtml(markdown: string, onHeading?: HeadingHook): string {
  const out: string[] = [];
  const blocks = markdown.replace(/\r\n/g, '\n').split(/\n{2,}/);
  for (const raw of blocks) {
    const block = raw.trim();
    if (!block) continue;
    const lines = block.split('\n');
    const heading = /^(#{1,6})\s+(.*)$/.exec(lines[0]!);
    if (heading && lines.length === 1) {
      const level = heading[1]!.length;
      const html = `<h${level}>${inlineHtml(heading[2]!)}</h${level}>`;
      out.push(onHeading ? onHeading(level, heading[2]!, html) : html);
    } else if (lines.every((l) => l.trim().startsWith('|')) && lines.length >= 2) {
      out.push(tableHtml(lines));
    } else if (lines.every((l) => /^\s*[-*]\s+/.test(l))) {
      out.push(`<ul>${lines.map((l) => `<li>${inlineHtml(l.replace(/^\s*[-*]\s+/, ''))}</li>`).join('')}</ul>`);
    } else if (lines.every((l) => /^\s*\d+\.\s+/.test(l))) {
      out.push(`<ol>${lines.map((l) => `<li>${inlineHtml(l.replace(/^\s*\d+\.\s+/, ''))}</li>`).join('')}</ol>`);
    } else {
      out.push(`<p>${lines.map(inlineHtml).join(' ')}</p>`);
    }
  }
  return out.join('\n');
}
