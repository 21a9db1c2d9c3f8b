/** The report's markdown as HTML (markdown-it, raw HTML off): every piece of text escaped, the composer's markdown rendered. */
import { describe, expect, it } from 'vitest';
import { escapeHtml, inlineHtml, markdownToHtml } from '../../src/reports/pdf/markdown-html.ts';
import { footerTemplate, reportHtml } from '../../src/reports/pdf/report-document.ts';

describe('report markdown to HTML', () => {
  it('escapes markup in text, emphasis and tables', () => {
    expect(escapeHtml(`<img src=x onerror="a">&'`)).toBe('&lt;img src=x onerror=&quot;a&quot;&gt;&amp;&#39;');
    expect(inlineHtml('**Sun** in *<script>*')).toBe('<strong>Sun</strong> in <em>&lt;script&gt;</em>');
    expect(inlineHtml('Camille \\<b\\>Durand\\</b\\> \\*not emphasis\\*')).toBe('Camille &lt;b&gt;Durand&lt;/b&gt; *not emphasis*');
    const html = markdownToHtml(
      '## Title <x>\n\n| A | B |\n| --- | --- |\n| <i>1</i> | 2 |\n\n- one\n- <two>\n\n1. first\n2. second\n\nA paragraph\non two lines.',
    )
      .replace(/>\n</g, '><')
      .replace(/\n/g, ' ');
    expect(html).toContain('<h2 id="title-x">Title &lt;x&gt;</h2>');
    expect(html).toContain('<thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>&lt;i&gt;1&lt;/i&gt;</td><td>2</td></tr></tbody>');
    expect(html).toContain('<ul><li>one</li><li>&lt;two&gt;</li></ul>');
    expect(html).toContain('<ol><li>first</li><li>second</li></ol>');
    expect(html).toContain('<p class="whole">A paragraph on two lines.</p>');
    expect(html).not.toMatch(/<(script|i|x|two)>/);
  });

  it('keeps a paragraph too short for three lines each side of a break whole, and lets a long one break', () => {
    const short = 'A short paragraph of a few lines. '.repeat(10).trim();
    const long = 'A paragraph long enough to fill seven or more lines of the printed page. '.repeat(12).trim();
    const html = markdownToHtml(`${short}\n\n${long}`);
    expect(html).toContain(`<p class="whole">${short}</p>`);
    expect(html).toContain(`<p>${long}</p>`);
  });

  it('keeps a lead-in that ends with a colon on the page of what it introduces', () => {
    const html = markdownToHtml('The points of your chart that aspect Chiron most closely:\n\n**Moon opposite Chiron** (orb 1°33′). A reading.');
    expect(html).toContain('<p class="whole lead-in">The points of your chart that aspect Chiron most closely:</p>');
    expect(reportHtml({ report: { title: 'T', sections: [], markdown: '' }, wheelSvg: null, footerLabel: null, logo: null } as never)).toContain(
      'p.lead-in { break-after: avoid; }',
    );
  });

  it('keeps a table of up to 8 rows on one page and lets a longer one break', () => {
    const table = (n: number) => `| A | B |\n| --- | --- |\n${Array.from({ length: n }, (_, i) => `| ${i} | x |`).join('\n')}`;
    expect(markdownToHtml(table(7))).toContain('<table class="whole">');
    expect(markdownToHtml(table(8))).toMatch(/<table>/);
  });

  it('gives headings unique anchors and makes a table with an empty header a list of facts', () => {
    const used = new Set<string>(['synthesis']);
    const html = markdownToHtml('## Synthesis\n\n### Sun in Tromsø\n\n### Sun in Tromsø\n\n|  |  |\n| --- | --- |\n| Born | today |', { usedIds: used });
    expect(html).toContain('<h2 id="synthesis-2">');
    expect(html).toContain('<h3 id="sun-in-tromsø">');
    expect(html).toContain('<h3 id="sun-in-tromsø-2">');
    expect(html).toContain('<table class="facts whole">');
    expect(html).not.toContain('<thead>');
  });

  it('keeps user text out of the markup of the page and the footer', () => {
    const evil = '</title><script>alert(1)</script>';
    const page = reportHtml({
      report: {
        markdown: '',
        sections: [
          { id: 'cover', title: 'Cover', markdown: `# ${evil}: A Psychological Natal Report` },
          { id: 'x', title: 'X', markdown: `## X\n\n${evil}` },
        ],
      },
      wheelSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      footerLabel: evil,
      logo: null,
    });
    expect(page).not.toContain('<script>');
    expect(page).toContain("default-src 'none'");
    expect(page).toContain('data:image/svg+xml;base64,');
    const footer = footerTemplate({ footerLabel: evil, logo: { contentType: 'image/png', bytes: Buffer.from('png') } });
    expect(footer).not.toContain('<script>');
    expect(footer).toContain('data:image/png;base64,cG5n');
    expect(footer).toContain('class="pageNumber"');
  });
});
