/**
 * The report's typeface, embedded in the page: Noto Serif (SIL Open Font License, from the
 * @fontsource/noto-serif package) in regular, italic and bold, for Latin, Latin Extended, Greek,
 * Cyrillic and Vietnamese text. Each subset the report's text needs becomes an @font-face with a data: URL and its
 * Unicode range, so the page loads nothing (its policy allows fonts from data: only) and the
 * PDF looks the same on every host. Chromium embeds only the glyphs the report uses. Letters
 * outside these ranges (Arabic, Chinese in a name) fall back to the host's fonts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const REPORT_FONT_FAMILY = 'Noto Serif';

const SUBSETS = ['latin', 'latin-ext', 'greek', 'cyrillic', 'vietnamese'];
const FACES = [
  { css: '400.css', weight: 400, style: 'normal' },
  { css: '400-italic.css', weight: 400, style: 'italic' },
  { css: '700.css', weight: 700, style: 'normal' },
];

interface FaceRule {
  subset: string;
  /** The upright regular face (the footer's only one). */
  regular: boolean;
  ranges: [number, number][];
  css: string;
}

let cached: FaceRule[] | null = null;

function parseRanges(text: string): [number, number][] {
  return text.split(',').map((part) => {
    const [lo, hi] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(lo!, 16), parseInt(hi ?? lo!, 16)];
  });
}

/**
 * The @font-face rules the text needs: Latin always, each other subset only when a character of
 * the text falls in its range (a Greek or Cyrillic name), since every embedded face costs the
 * printing time even when no glyph of it is drawn; `regular` leaves out the italic and bold faces.
 */
export function reportFontFaces(text = '', faces: 'all' | 'regular' = 'all'): string {
  const rules = fontRules().filter((r) => faces === 'all' || r.regular);
  const needed = new Set<string>(['latin']);
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) continue;
    for (const r of rules) if (!needed.has(r.subset) && r.ranges.some(([lo, hi]) => code >= lo && code <= hi)) needed.add(r.subset);
  }
  return rules
    .filter((r) => needed.has(r.subset))
    .map((r) => r.css)
    .join('\n');
}

/** Every subset's rules, built once per process. */
function fontRules(): FaceRule[] {
  if (cached !== null) return cached;
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('@fontsource/noto-serif/package.json'));
  const rules: FaceRule[] = [];
  for (const face of FACES) {
    const css = readFileSync(join(root, face.css), 'utf8');
    for (const subset of SUBSETS) {
      // The package's own rule for this subset gives its Unicode range.
      const rule = new RegExp(`/\\* noto-serif-${subset}-${face.weight}-${face.style} \\*/\\s*@font-face\\s*\\{([^}]*)\\}`).exec(css);
      const range = rule ? /unicode-range:\s*([^;]+);/.exec(rule[1]!)?.[1] : undefined;
      if (!range) continue;
      const font = readFileSync(join(root, 'files', `noto-serif-${subset}-${face.weight}-${face.style}.woff2`)).toString('base64');
      rules.push({
        subset,
        regular: face.weight === 400 && face.style === 'normal',
        ranges: parseRanges(range),
        css: `@font-face{font-family:'${REPORT_FONT_FAMILY}';font-style:${face.style};font-weight:${face.weight};font-display:block;src:url(data:font/woff2;base64,${font}) format('woff2');unicode-range:${range};}`,
      });
    }
  }
  cached = rules;
  return cached;
}
