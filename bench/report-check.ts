/**
 * The report checker: makes reports of random births (50 by default; `tsx bench/report-check.ts
 * N`), prints them with the real Chromium and reads them back, then prints one table:
 *
 * - mean page fill, pages less than half full (the cover and contents not counted) and pages
 *   under a third full that are not a chapter's last (the layout rule: none), and list items left
 *   alone at a page's foot or top (none),
 * - bookmarks per report, and chapters without one,
 * - cross-report repetition: the share of one report's reading sentences found in another's,
 *   over every pair of reports (the appendix and closing notice are reference text and not
 *   counted): the mean, the 90th percentile, the largest, and the share of pairs above 8 %,
 * - the same for births close together at one place (bench/report-near-births.ts), and the floor
 *   the library's number of readings sets for charts that show the same entries,
 * - grammar findings of the agreement rules (test/helpers/report-grammar.ts),
 * - text findings (test/helpers/report-text-checks.ts): aspect texts that do not name their
 *   aspect, passages printed twice, factors set against themselves, headings as sentence
 *   subjects, closeness to an angle the positions do not have,
 * - phase errors: the phase line's name and lit percentage against the ephemeris,
 * - untimed-caveat coverage: untimed reports that give the Moon's day range and no noon orb for
 *   a Moon aspect, and whose headings name no Ascendant or house,
 * - untimed Moon statements (test/helpers/untimed-moon-statements.ts): how many statements resting
 *   on the Moon's place were checked against the birth day, and how many went beyond it,
 * - contradictions: reports whose readings assert both poles of a faculty by the library's tags,
 *   and reports whose printed words do outside a named tension (test/helpers/report-faculty-text.ts),
 * - theme lengths: words of each theme chapter (least and median, timed and untimed apart) and
 *   the fewest chart factors a paid chapter (love, work, family) names (test/helpers/report-factors.ts),
 * - time per report (sky facts, text, one printing and the contents' numbers set into the PDF)
 *   against the way before, which printed the page twice (the first printing's bookmarks gave the
 *   contents' numbers), measured alike in the same run: p50 of each and their ratio.
 */
import { calcBody, initEphemeris } from '../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../src/astro/civil-time.ts';
import { moonPhaseOf } from '../src/astro/moon-phase.ts';
import { findChromium } from '../src/reports/pdf/chromium.ts';
import { readOutline } from '../src/reports/pdf/pdf-outline.ts';
import { PdfRenderer } from '../src/reports/pdf/pdf-renderer.ts';
import { footerTemplate, reportHtml } from '../src/reports/pdf/report-document.ts';
import { renderReportPdf } from '../src/reports/pdf/report-pdf.ts';
import { reportSky } from '../src/reports/sky/report-sky.ts';
import { composeReport, type ComposedReport } from '../src/reports/text/compose-report.ts';
import type { NatalChartInput } from '../src/interpretations/chart-input.ts';
import { natalChartFor } from '../test/helpers/natal-charts.ts';
import { nearBirthRows } from './report-near-births.ts';
import { sentenceAgreementFindings } from '../test/helpers/report-grammar.ts';
import { falseCloseness, genericAspectTexts, headingSubjects, repeatedPassages, selfRelations } from '../test/helpers/report-text-checks.ts';
import { loneListItems, pageFills, shortPages } from '../test/helpers/report-pages.ts';
import { readingSentences, repeatedShare } from '../test/helpers/report-sentences.ts';
import { seededRandom } from '../test/helpers/seeded-random.ts';
import { untimedMoonStatements } from '../test/helpers/untimed-moon-statements.ts';
import { oppositeClaimsInText } from '../test/helpers/report-faculty-text.ts';
import { namedFactors } from '../test/helpers/report-factors.ts';
import { proseWordCount } from '../src/reports/text/report-markdown.ts';
import { THEMES } from '../src/reports/text/themes/theme-ranking.ts';

const count = Number(process.argv[2] ?? 50);
const random = seededRandom(4052);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function births(n: number): NatalChartInput[] {
  return Array.from({ length: n }, (_, i) => {
    const timed = i % 5 !== 4; // one in five untimed
    const birth = {
      name: `Checked Person ${i}`,
      year: 1935 + Math.floor(random() * 85),
      month: 1 + Math.floor(random() * 12),
      day: 1 + Math.floor(random() * 28),
      ...(timed ? { hour: Math.floor(random() * 24), minute: Math.floor(random() * 60) } : { time_known: false }),
    };
    // Every fifth timed birth inside the polar circles, where house systems give way.
    const polar = i % 5 === 2;
    const lat = polar ? (random() < 0.5 ? 67 + random() * 3 : -67 - random() * 2) : -45 + random() * 105;
    return natalChartFor(birth, { city: null, country: null, lat, lng: -170 + random() * 340, source: 'request', zone: 'UTC' } as never);
  });
}

/** Whether the phase line names the phase and lit fraction the ephemeris gives. */
function phaseError(chart: NatalChartInput, report: ComposedReport): boolean {
  const jd = julianDayFromUtcMs(Date.parse(chart.subject.datetime_utc));
  const phase = moonPhaseOf(calcBody(jd, 0), calcBody(jd, 1));
  // The line gives the Moon's distance from the Sun three ways: ahead of it (to 180°), past the opposition (to 225°), behind it.
  // A timed birth near one of the four moments is placed by its hours from it ("about 10 hours before the Last Quarter")
  // instead of by the observed phase's name.
  const line =
    /Moon (\d+)° (ahead of the Sun|past its opposition to the Sun|behind the Sun)(?: at noon)?, (\d+) % lit(?:: an? ([a-z ]+?)(?: Moon)?|, [^;*]*? (?:before|after) the (New Moon|First Quarter|Full Moon|Last Quarter))(?:, the [A-Za-z ]+ exact [^;*]+)?(?:; in the lunation cycle, [^;*]+|; by the lunation cycle's [^;*]+)?(?:; the [A-Za-z -]+? phase holds [^*]+)?\*/.exec(
      report.markdown,
    );
  if (!line) return true;
  const [, degrees, side, lit, label, moment] = line;
  const elongation = side === 'ahead of the Sun' ? Number(degrees) : side === 'behind the Sun' ? 360 - Number(degrees) : 180 + Number(degrees);
  const off = Math.abs(((elongation - phase.angle + 540) % 360) - 180);
  const momentAngle = { 'New Moon': 0, 'First Quarter': 90, 'Full Moon': 180, 'Last Quarter': 270 }[moment ?? ''];
  const nearMoment = momentAngle !== undefined && Math.abs(((phase.angle - momentAngle + 540) % 360) - 180) < 22.5;
  const named = label !== undefined ? label === phase.label.toLowerCase() : nearMoment;
  return !named || Math.abs(Number(lit) - phase.illumination * 100) > 1 || off > 1;
}

function untimedCovered(report: ComposedReport): boolean {
  const md = report.markdown;
  const headings = md.split('\n').filter((l) => l.startsWith('#'));
  return /over the birth day/.test(md) && !/Moon [a-z]+ [A-Z][a-z]+ · orb/.test(md) && !headings.some((h) => /Ascendant|Rising|House|Chart Ruler/.test(h));
}

initEphemeris();
const renderer = new PdfRenderer(findChromium(process.env.CHROMIUM_PATH)!);
const asOf = '2026-11-25T00:00:00Z';
const fills: number[] = [];
let under = 0;
let short = 0;
let loneItems = 0;
let bookmarks = 0;
let missingBookmarks = 0;
let grammar = 0;
const text = { genericAspects: 0, repeated: 0, selfRelations: 0, headingSubjects: 0, falseCloseness: 0 };
let phaseErrors = 0;
let untimed = 0;
let untimedOk = 0;
const moonStatements = { checked: 0, wrong: 0 };
const contradictions = { tags: 0, text: 0 };
/** Words per theme chapter, timed and untimed apart, and the fewest factors a paid chapter names. */
const themeWords = new Map<string, number[]>();
const PAID = ['relationships', 'vocation', 'parental_images'];
let fewestFactors = Infinity;
const newTimes: number[] = [];
const twoPrintTimes: number[] = [];
const reports: ComposedReport[] = [];
try {
  // Chromium started and warm before anything is timed.
  await renderer.render('<!doctype html><p>warm</p>', { footerHtml: '<span></span>', timeoutMs: 60_000 });
  for (const chart of births(count)) {
    const t0 = performance.now();
    const sky = reportSky({ chart, asOf });
    const report = composeReport(chart, { sky });
    const textMs = performance.now() - t0;
    const document = { report, wheelSvg: null, footerLabel: null, logo: null };
    const options = { footerHtml: footerTemplate(document), timeoutMs: 60_000 };
    const t1 = performance.now();
    const pdf = await renderReportPdf(renderer, document, options);
    newTimes.push(textMs + performance.now() - t1);
    // The way before: the page printed, its bookmarks read, and printed again with the numbers.
    const t2 = performance.now();
    await readOutline(await renderer.render(reportHtml(document), options));
    await renderer.render(reportHtml(document), options);
    twoPrintTimes.push(textMs + performance.now() - t2);
    reports.push(report);
    const everyPage = pageFills(pdf);
    const pageFill = everyPage.slice(2);
    fills.push(...pageFill);
    under += pageFill.filter((f) => f < 0.5).length;
    short += (await shortPages(pdf)).length;
    loneItems += loneListItems(pdf, everyPage.length).length;
    const outline = await readOutline(pdf);
    bookmarks += outline.length;
    const chapters = outline.filter((e) => e.level === 2).map((e) => e.title.replace(/\s+/g, ' '));
    missingBookmarks += report.sections.slice(1).filter((s) => !chapters.includes(s.title)).length;
    const agreement = await sentenceAgreementFindings(readingSentences(report));
    grammar += agreement.length;
    if (process.env.REPORT_CHECK_SHOW) for (const f of agreement) console.error('grammar:', JSON.stringify(f));
    text.genericAspects += genericAspectTexts(report).length;
    text.repeated += repeatedPassages(report).length;
    text.selfRelations += selfRelations(report).length;
    text.headingSubjects += headingSubjects(report).length;
    text.falseCloseness += falseCloseness(chart, report).length;
    if (phaseError(chart, report)) phaseErrors++;
    if (sky.moonDay) {
      const moon = untimedMoonStatements(report, sky.moonDay);
      moonStatements.checked += moon.checked;
      moonStatements.wrong += moon.wrong.length;
    }
    const poles = new Map<string, Set<string>>();
    for (const claim of report.readings?.flatMap((r) => r.claims) ?? []) {
      const [faculty, pole] = claim.split(':') as [string, string];
      poles.set(faculty, (poles.get(faculty) ?? new Set()).add(pole));
    }
    if ([...poles.values()].some((set) => set.size > 1)) contradictions.tags++;
    if (oppositeClaimsInText(report).length) contradictions.text++;
    const kind = sky.moonDay ? 'untimed' : 'timed';
    for (const s of report.sections.filter((x) => x.id in THEMES && x.id !== 'year_ahead')) {
      themeWords.set(`${kind} ${s.id}`, [...(themeWords.get(`${kind} ${s.id}`) ?? []), proseWordCount(s.markdown)]);
      if (PAID.includes(s.id)) fewestFactors = Math.min(fewestFactors, namedFactors(s.markdown, chart, sky.moonDay).factors.length);
    }
    if (!report.sections.some((s) => s.id === 'house_rulers')) {
      untimed++;
      if (untimedCovered(report)) untimedOk++;
    }
  }
} finally {
  await renderer.close();
}
// Every ordered pair of different reports: the share of the second's sentences found in the first.
const shares: number[] = [];
for (let i = 0; i < reports.length; i++) for (let j = 0; j < reports.length; j++) if (i !== j) shares.push(repeatedShare(reports[i]!, reports[j]!));
const sortedShares = [...shares].sort((a, b) => a - b);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const rows: [string, string][] = [
  ['reports', String(reports.length)],
  ['mean page fill', pct(fills.reduce((a, b) => a + b, 0) / fills.length)],
  ['pages under half full', `${under} of ${fills.length}`],
  ["pages under a third full, not a chapter's last", String(short)],
  ['list items alone at a page foot or top', String(loneItems)],
  ['bookmarks per report (mean)', (bookmarks / reports.length).toFixed(1)],
  ['chapters without a bookmark', String(missingBookmarks)],
  [
    'cross-report repetition over all pairs (mean, 90th percentile, max; pairs over 8 %)',
    `${pct(shares.reduce((a, b) => a + b, 0) / shares.length)}, ${pct(sortedShares[Math.floor(0.9 * (sortedShares.length - 1))]!)}, ${pct(sortedShares.at(-1)!)}; ${pct(shares.filter((x) => x > 0.08).length / shares.length)}`,
  ],
  ...nearBirthRows(20, asOf),
  ['grammar findings (agreement)', String(grammar)],
  ['aspect texts not naming their aspect', String(text.genericAspects)],
  ['passages printed twice in a report', String(text.repeated)],
  ['factors set against themselves', String(text.selfRelations)],
  ['headings as sentence subjects', String(text.headingSubjects)],
  ['closeness to an angle the positions do not have', String(text.falseCloseness)],
  ['phase errors', String(phaseErrors)],
  ['untimed-caveat coverage', `${untimedOk} of ${untimed}`],
  ['untimed Moon statements checked against the birth day (beyond it)', `${moonStatements.checked} (${moonStatements.wrong})`],
  ['reports asserting both poles of a faculty: by the tags / by the printed words', `${contradictions.tags} / ${contradictions.text}`],
  ...[...themeWords]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, ws]): [string, string] => [`words, ${k.replace('_', ' ')} (least, median)`, `${Math.min(...ws)}, ${median(ws)}`]),
  ['fewest chart factors named by a love, work or family chapter', String(fewestFactors)],
  ['p50 per report: sky + text + one printing + contents numbers', `${(median(newTimes) / 1000).toFixed(2)} s`],
  ['p50 of the same with two printings (the way before)', `${(median(twoPrintTimes) / 1000).toFixed(2)} s`],
  ['ratio', (median(newTimes) / median(twoPrintTimes)).toFixed(2)],
];
const width = Math.max(...rows.map(([k]) => k.length));
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
