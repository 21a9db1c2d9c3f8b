/**
 * Glyph outlines for characters the stroke font does not draw (Cyrillic, Greek, CJK, Arabic,
 * Icelandic letters, …), taken from Noto fonts bundled as npm packages. Each glyph becomes a
 * filled path in a <symbol>, so the SVG stays self-contained and the rasteriser needs no font.
 *
 * Fonts are split by Unicode range into small files; a file is read and parsed the first time
 * one of its characters is needed and kept for the life of the thread, as are shaped runs and
 * glyph paths. Latin text never reaches this module, so ordinary charts pay nothing for it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as fontkit from 'fontkit';

interface Source {
  pkg: string;
  /** File name (under files/) of one Unicode-range subset, regular weight. */
  file: (subset: string) => string;
}

// Earlier sources win where ranges overlap (Noto Sans draws Cyrillic better than the CJK font).
const SOURCES: Source[] = [
  { pkg: '@fontsource/noto-sans', file: (s) => `noto-sans-${s}-400-normal.woff` },
  { pkg: '@fontsource/noto-sans-arabic', file: (s) => `noto-sans-arabic-${s}-400-normal.woff` },
  { pkg: '@fontsource/noto-sans-sc', file: (s) => `noto-sans-sc-${s.replace(/[[\]]/g, '')}-400-normal.woff` },
];

interface Range {
  lo: number;
  hi: number;
  file: string;
}

const require = createRequire(import.meta.url);
let ranges: Range[] | null = null;

function parseRanges(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const part of text.split(',')) {
    const m = /^\s*U\+([0-9a-f?]+)(?:-([0-9a-f]+))?\s*$/i.exec(part);
    if (!m) continue;
    // "U+4??" style wildcards cover a block of 16^n code points.
    const lo = parseInt(m[1]!.replace(/\?/g, '0'), 16);
    const hi = m[2] ? parseInt(m[2], 16) : parseInt(m[1]!.replace(/\?/g, 'f'), 16);
    out.push([lo, hi]);
  }
  return out;
}

/** Unicode ranges of every bundled subset file, read once from the packages' unicode.json. */
function loadRanges(): Range[] {
  const out: Range[] = [];
  for (const src of SOURCES) {
    let dir: string;
    try {
      dir = dirname(require.resolve(`${src.pkg}/package.json`));
    } catch {
      continue; // a missing package only means fewer scripts are drawn
    }
    const map = JSON.parse(readFileSync(join(dir, 'unicode.json'), 'utf8')) as Record<string, string>;
    for (const [subset, text] of Object.entries(map)) {
      const file = join(dir, 'files', src.file(subset));
      if (!existsSync(file)) continue;
      for (const [lo, hi] of parseRanges(text)) out.push({ lo, hi, file });
    }
  }
  return out;
}

const fonts = new Map<string, fontkit.Font | null>();
// Loaded on first use: a process that only ever draws Latin text never loads the font engine.
let engine: typeof fontkit | null = null;

function fontFile(cp: number): string | null {
  ranges ??= loadRanges();
  for (const r of ranges) if (cp >= r.lo && cp <= r.hi) return r.file;
  return null;
}

function font(file: string): fontkit.Font | null {
  let f = fonts.get(file);
  if (f === undefined) {
    try {
      engine ??= require('fontkit') as typeof fontkit;
      f = engine.create(readFileSync(file));
    } catch {
      f = null;
    }
    fonts.set(file, f);
  }
  return f;
}

/** The font that draws `cp`, or null when no bundled font has it. */
function fontFor(cp: number): { file: string; font: fontkit.Font } | null {
  const file = fontFile(cp);
  if (!file) return null;
  const f = font(file);
  return f && f.hasGlyphForCodePoint(cp) ? { file, font: f } : null;
}

export function hasOutline(ch: string): boolean {
  return fontFor(ch.codePointAt(0)!) !== null;
}

export interface OutlineGlyph {
  /** Symbol key, unique per font file and glyph. */
  key: string;
  /** Path in stroke-font units: baseline y=0, cap height 100, y down. */
  d: string;
  /** Left edge of the glyph, from the run's start. */
  x: number;
  y: number;
}

export interface OutlineRun {
  glyphs: OutlineGlyph[];
  width: number;
}

/** Scripts whose letters change shape with their neighbours and read right to left. */
const NEEDS_SHAPING = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

const fileKeys = new Map<string, number>();
const paths = new Map<string, string>();
const runs = new Map<string, OutlineRun>();
const RUN_CACHE_MAX = 2000;

function round1(d: string): string {
  return d.replace(/-?\d+\.\d+(?:e-?\d+)?/g, (n) => String(Math.round(Number(n) * 10) / 10));
}

function glyphPath(file: string, f: fontkit.Font, id: number, k: number): { key: string; d: string } {
  let fi = fileKeys.get(file);
  if (fi === undefined) {
    fi = fileKeys.size;
    fileKeys.set(file, fi);
  }
  const key = `${fi}-${id}`;
  let d = paths.get(key);
  if (d === undefined) {
    d = round1(f.getGlyph(id).path.transform(k, 0, 0, -k, 0, 0).toSVG());
    paths.set(key, d);
  }
  return { key, d };
}

/** Splits text into pieces drawn by one font each; a space joins the piece around it. */
function pieces(text: string): Array<{ text: string; file: string; font: fontkit.Font }> {
  const cps = [...text];
  const out: Array<{ text: string; file: string; font: fontkit.Font }> = [];
  for (let i = 0; i < cps.length; i++) {
    const ch = cps[i]!;
    const last = out[out.length - 1];
    if (ch === ' ') {
      if (last) last.text += ch;
      continue;
    }
    const hit = fontFor(ch.codePointAt(0)!);
    if (!hit) continue; // callers only pass characters with an outline
    if (last && last.file === hit.file) last.text += ch;
    else out.push({ text: ch, ...hit });
  }
  return out;
}

/**
 * Shapes a run of characters (Arabic joins and reads right to left within a piece; other
 * scripts are placed glyph by glyph). Units as for the stroke font.
 */
export function shapeOutlineRun(text: string): OutlineRun {
  const hit = runs.get(text);
  if (hit) return hit;
  const glyphs: OutlineGlyph[] = [];
  let x = 0;
  for (const p of pieces(text)) {
    // Scale so capitals match the stroke font's cap height.
    const k = 100 / (p.font.capHeight || p.font.unitsPerEm * 0.714);
    if (NEEDS_SHAPING.test(p.text)) {
      const run = p.font.layout(p.text);
      run.glyphs.forEach((g, i) => {
        const pos = run.positions[i]!;
        const { key, d } = glyphPath(p.file, p.font, g.id, k);
        if (d) glyphs.push({ key, d, x: x + pos.xOffset * k, y: -pos.yOffset * k });
        x += pos.xAdvance * k;
      });
      continue;
    }
    // Alphabets and ideographs need no shaping: one glyph per character is much faster.
    for (const ch of p.text) {
      const g = p.font.glyphForCodePoint(ch.codePointAt(0)!);
      const { key, d } = glyphPath(p.file, p.font, g.id, k);
      if (d) glyphs.push({ key, d, x, y: 0 });
      x += g.advanceWidth * k;
    }
  }
  const out = { glyphs, width: x };
  if (runs.size >= RUN_CACHE_MAX) runs.clear();
  runs.set(text, out);
  return out;
}
