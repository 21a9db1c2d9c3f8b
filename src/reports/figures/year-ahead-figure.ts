/**
 * The year ahead as a timeline: the twelve months of the report across, one row per transit of
 * the slow planets (in the order of its first exact date) and one per event of the progressed
 * chart. A transit's bars are its stretches within orb (the chapter's windows: 1° for
 * Jupiter and Saturn, 1.5° for the outer planets), an open end where one runs on beyond the year;
 * each exact date is a dot on the row, so a retrograde loop's three hits show as three. Colours follow
 * the aspect grid: conjunctions violet, flowing aspects blue, tense ones red. The chapter's table
 * gives the same dates in words.
 */
import { aspectFamily } from '../../interpretations/keys.ts';
import type { YearAhead, YearProgression, YearTransit } from '../sky/year-ahead.ts';
import { ASPECT_WORDS, POINT_NAMES } from '../text/phrases.ts';
import { capitalize } from '../text/report-markdown.ts';

const WIDTH = 600;
const LABEL = 190;
const PLOT = WIDTH - LABEL - 8;
const HEAD = 32;
const ROW = 17;
const COLOUR = { conjunction: '#6b5ca5', flowing: '#2f6fb0', tense: '#c0392b' };
const PROGRESSED = '#4f7f7a';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

function transitLabel(t: YearTransit): string {
  return `${POINT_NAMES[t.body]} ${ASPECT_WORDS[t.type]} ${POINT_NAMES[t.target]}`;
}

function progressionLabel(p: YearProgression): string {
  // "Prog.": the longest labels ("Progressed Moon square Midheaven") ran past the label column's left edge.
  if (p.kind === 'moon_ingress') return `Prog. Moon enters ${capitalize(p.sign!)}`;
  if (p.kind === 'sun_ingress') return `Prog. Sun enters ${capitalize(p.sign!)}`;
  if (p.kind === 'station') return `Prog. ${POINT_NAMES[p.body!]} turns ${p.direction === 'direct' ? 'direct' : 'retrograde'}`;
  if (p.kind === 'sun_progressed_aspect') return `Prog. Sun ${ASPECT_WORDS[p.type!]} prog. ${POINT_NAMES[p.target!]}`;
  return `Prog. ${p.kind === 'sun_aspect' ? 'Sun' : 'Moon'} ${ASPECT_WORDS[p.type!]} ${POINT_NAMES[p.target!]}`;
}

/** The timeline's SVG, or undefined when the year holds neither a transit nor a progression to draw. */
export function yearAheadFigure(year: YearAhead): string | undefined {
  const rows = year.transits.length + year.progressions.length;
  if (rows === 0) return undefined;
  const first = dayOf(year.from);
  const last = dayOf(year.to);
  const x = (iso: string) => LABEL + ((Math.min(Math.max(dayOf(iso), first), last) - first) / (last - first)) * PLOT;
  const height = HEAD + rows * ROW + 6;
  const out: string[] = [];

  // The months: a line at each first of the month, its name between it and the next; above them
  // the year, at the start and at each January.
  const start = new Date(first * 86_400_000);
  for (let m = 0; m <= 12; m++) {
    const d = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + m, 1));
    const iso = d.toISOString().slice(0, 10);
    const day = dayOf(iso);
    if (day > last) break;
    const next = Math.min(last, dayOf(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10)));
    if (day >= first) out.push(`<line x1="${x(iso).toFixed(1)}" y1="${HEAD - 4}" x2="${x(iso).toFixed(1)}" y2="${height - 4}" class="g"/>`);
    const from = Math.max(day, first);
    // A month's name only where its part of the year is wide enough to hold it.
    if ((next - from) / (last - first) > 0.05) {
      const mid = LABEL + (((from + next) / 2 - first) / (last - first)) * PLOT;
      out.push(`<text x="${mid.toFixed(1)}" y="${HEAD - 8}" class="m" text-anchor="middle">${MONTHS[d.getUTCMonth()]}</text>`);
    }
    if (m === 0 || d.getUTCMonth() === 0)
      out.push(`<text x="${x(new Date(from * 86_400_000).toISOString().slice(0, 10)).toFixed(1)}" y="10" class="y">${d.getUTCFullYear()}</text>`);
  }

  year.transits.forEach((t, i) => {
    const y = HEAD + i * ROW + ROW / 2;
    const colour = COLOUR[aspectFamily(t.type) ?? 'conjunction'];
    out.push(`<text x="${LABEL - 8}" y="${y + 3.5}" class="l" text-anchor="end">${transitLabel(t)}</text>`);
    // A bar for each stretch within orb (a retrograde loop can leave the orb between two hits).
    for (const stretch of t.stretches) {
      if (!stretch.from || !stretch.to) continue;
      const a = x(stretch.from);
      const b = x(stretch.to);
      out.push(`<rect x="${a.toFixed(1)}" y="${y - 4}" width="${Math.max(1.5, b - a).toFixed(1)}" height="8" rx="2" fill="${colour}" fill-opacity="0.3"/>`);
      // An open end: the pass began before the year, or goes on after it.
      if (stretch.from < year.from) out.push(`<path d="M${a + 5} ${y - 4}L${a} ${y}L${a + 5} ${y + 4}" class="o" stroke="${colour}"/>`);
      if (stretch.to > year.to) out.push(`<path d="M${b - 5} ${y - 4}L${b} ${y}L${b - 5} ${y + 4}" class="o" stroke="${colour}"/>`);
    }
    // An exact date outside the year (its stretch began inside it, or was open when it began) has no place on the axis: its
    // bar's open end shows it.
    for (const e of t.exact.filter((d) => d >= year.from && d <= year.to)) out.push(`<circle cx="${x(e).toFixed(1)}" cy="${y}" r="3.2" fill="${colour}"/>`);
    // A near miss: an open circle where the planet turns short of exact.
    if (t.closest) out.push(`<circle cx="${x(t.closest.date).toFixed(1)}" cy="${y}" r="3" class="o" stroke="${colour}"/>`);
  });
  year.progressions.forEach((p, i) => {
    const y = HEAD + (year.transits.length + i) * ROW + ROW / 2;
    const cx = x(p.date);
    out.push(`<text x="${LABEL - 8}" y="${y + 3.5}" class="l p" text-anchor="end">${progressionLabel(p)}</text>`);
    out.push(
      `<path d="M${cx.toFixed(1)} ${y - 4.5}L${(cx + 4.5).toFixed(1)} ${y}L${cx.toFixed(1)} ${y + 4.5}L${(cx - 4.5).toFixed(1)} ${y}Z" fill="${PROGRESSED}"/>`,
    );
  });

  return (
    // The report inlines every figure into one page: style rules are scoped by the root's class, or one figure's
    // bare `.o` styles another's (the aspect grid's orbs were drawn with the year ahead's `fill: none`).
    `<svg xmlns="http://www.w3.org/2000/svg" class="year-ahead-figure" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="The year ahead: transits and progressions by date">` +
    `<style>.year-ahead-figure .m{font:8pt 'Noto Serif',serif;fill:#55506b}.year-ahead-figure .y{font:bold 8pt 'Noto Serif',serif;fill:#2e2363}.year-ahead-figure .l{font:8pt 'Noto Serif',serif;fill:#1d1d24}.year-ahead-figure .p{fill:${PROGRESSED}}.year-ahead-figure .g{stroke:#dcd8ea;stroke-width:0.6}.year-ahead-figure .o{fill:none;stroke-width:1.4}</style>` +
    `${out.join('')}</svg>`
  );
}
