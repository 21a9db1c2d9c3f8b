import { describe, expect, it } from 'vitest';
import { composeReport, proseWordCount } from '../../../src/reports/text/compose-report.ts';
import { keyAspects, KEY_ASPECTS_MAX, KEY_ASPECTS_MIN } from '../../../src/reports/text/ranking.ts';
import { extractChartFactors } from '../../../src/interpretations/chart-factors/index.ts';
import { fixtureLibrary } from '../../helpers/interpretation-fixture.ts';
import { natalChartFor, SAMPLE_BIRTHS } from '../../helpers/natal-charts.ts';

/** The chapters in order; the four personal themes between the first and the central tension come in the order the chart ranks them. */
const SECTION_IDS = [
  'cover',
  'how_to_read',
  'meeting_world',
  '*',
  '*',
  '*',
  '*',
  'central_tension',
  'nodes_chiron',
  'year_ahead',
  'synthesis',
  'house_rulers',
  'appendix',
  'disclaimer',
];
const RANKED_THEMES = ['inner_needs', 'relationships', 'vocation', 'parental_images'];

function expectChapters(ids: string[], expected: string[]) {
  expect(ids.map((id) => (RANKED_THEMES.includes(id) ? '*' : id))).toEqual(expected);
  expect(ids.filter((id) => RANKED_THEMES.includes(id)).sort()).toEqual([...RANKED_THEMES].sort());
}

const library = fixtureLibrary({ variants: 2 });
/** The report's date: the year ahead is read from it. */
const AS_OF = '2026-01-01T00:00:00Z';
const charts = Object.fromEntries(Object.entries(SAMPLE_BIRTHS).map(([name, s]) => [name, natalChartFor(s.birth, s.place)]));
const reports = Object.fromEntries(Object.entries(charts).map(([name, chart]) => [name, composeReport(chart, { library, asOf: AS_OF })]));

/** How many times each entry's text (any of its variants) appears in the markdown. */
function appearances(markdown: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entry of library.entries.values()) {
    let n = 0;
    for (const body of entry.body) n += markdown.split(body).length - 1;
    if (n > 0) counts.set(entry.key, n);
  }
  return counts;
}

describe('composeReport', () => {
  it('has the sections in order, and the markdown is their concatenation', () => {
    for (const [name, report] of Object.entries(reports)) {
      // An untimed chart has no houses, so no chapter of house rulers.
      expectChapters(
        report.sections.map((s) => s.id),
        name === 'untimed' ? SECTION_IDS.filter((id) => id !== 'house_rulers') : SECTION_IDS,
      );
      expect(report.markdown).toBe(`${report.sections.map((s) => s.markdown).join('\n\n')}\n`);
      expect(report.markdown.startsWith('# Camille Durand: A Psychological Natal Report') || report.markdown.startsWith('# Ingrid Berg')).toBe(true);
      for (const s of report.sections.slice(1)) expect(s.markdown.startsWith(`## ${s.title}\n`)).toBe(true);
      expect(report.sections.at(-1)!.markdown).toMatch(/does not foretell events/);
      expect(report.markdown).not.toMatch(/undefined|NaN|\[object |null/);
    }
  });

  it('shows each entry at most once, and the heaviest ones at all', () => {
    const counts = appearances(reports.timed!.markdown);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    const f = extractChartFactors(charts.timed!);
    for (const key of [
      `planet.sun.sign.${f.points.get('sun')!.sign}`,
      `planet.moon.sign.${f.points.get('moon')!.sign}`,
      `angle.asc.sign.${f.points.get('asc')!.sign}`,
      `planet.${f.chartRuler}.sign.${f.points.get(f.chartRuler!)!.sign}`,
      `dominant.planet.${f.dominant.planet}`,
    ]) {
      expect(counts.get(key), key).toBe(1);
    }
    // Every planet's house entry is read somewhere in a timed chart (the nodes' and Chiron's houses are named in their fact lines only).
    for (const id of ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto']) {
      expect(counts.get(`planet.${id}.house.${f.points.get(id)!.house}`), id).toBe(1);
    }
  });

  // (13,000 since the central tension is read in its own chapter and a transit's passes are dated beyond the year.)
  it('a typical timed chart reads 8,000 to 13,000 words (with the chapters on relationships, vocation, family, house rulers, Lilith’s aspects and the year ahead)', () => {
    const words = proseWordCount(reports.timed!.markdown);
    expect(words).toBeGreaterThanOrEqual(8000);
    expect(words).toBeLessThanOrEqual(13000);
  });

  it('ranks ten to twelve key aspects and reads each once', () => {
    const ranked = keyAspects(extractChartFactors(charts.timed!));
    expect(ranked.length).toBeGreaterThanOrEqual(KEY_ASPECTS_MIN);
    expect(ranked.length).toBeLessThanOrEqual(KEY_ASPECTS_MAX);
    for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1]!.score).toBeGreaterThanOrEqual(ranked[i]!.score);
    const section = reports.timed!.sections.find((s) => s.id === 'central_tension')!.markdown;
    expect(section.split('\n').filter((l) => /^\| \d+ \|/.test(l))).toHaveLength(ranked.length);
  });

  it('is deterministic', () => {
    expect(composeReport(charts.timed!, { library, asOf: AS_OF })).toEqual(reports.timed);
  });

  it('untimed: no houses, angles or chart ruler, and it says so', () => {
    const md = reports.untimed!.markdown;
    expect(md).toMatch(/time unknown \(the chart is cast for local noon\)/);
    // The how-to-read notice, in whichever of its phrasings the chart's seed picks.
    expect(md).toMatch(/birth time is not known|no birth time|the hour is unknown|without a recorded hour|time of birth is not known/);
    expect(md).not.toMatch(/\d+(st|nd|rd|th) house/);
    expect(md).not.toMatch(/Ascendant \d|Chart Ruler:|### House Cusps/);
    expect(appearances(md).size).toBeGreaterThan(20);
    expect([...appearances(md).keys()].filter((k) => /\.house\.|^angle\.|\.asc$|\.mc$/.test(k))).toEqual([]);
  });

  it('polar birth: the house system used is named and the fallback explained', () => {
    const md = reports.polar!.markdown;
    expect(charts.polar!.subject.settings.house_system).toBe('porphyry');
    expect(md).toMatch(/\| Houses \| Porphyry \(Placidus was asked for\) \|/);
    expect(md).toMatch(/Placidus method cannot divide the sky into houses, so Porphyry houses are used/);
  });

  it("the improved style adds each entry's strengths and challenges", () => {
    const improved = composeReport(charts.timed!, { library, style: 'improved', asOf: AS_OF }).markdown;
    const sun = library.entries.get(`planet.sun.sign.${extractChartFactors(charts.timed!).points.get('sun')!.sign}`)!;
    expect(improved).toContain(`- Strengths: ${sun.strengths.join('; ')}.`);
    expect(reports.timed!.markdown).not.toContain('- Strengths: ');
  });

  it('a library without some entries still gives a whole report', () => {
    const partial = fixtureLibrary({ omit: (k) => k.startsWith('aspect.') || k.startsWith('planet.') });
    const report = composeReport(charts.timed!, { library: partial, asOf: AS_OF });
    expectChapters(
      report.sections.map((s) => s.id),
      SECTION_IDS,
    );
    expect(report.markdown).not.toMatch(/undefined|NaN|\[object /);
  });
});

describe("report snapshots with the repository's library", () => {
  // Regenerated (vitest -u) whenever the library's text changes.
  for (const name of ['timed', 'untimed', 'polar'] as const) {
    it(`${name} chart`, async () => {
      const first = composeReport(charts[name]!, { asOf: AS_OF }).markdown;
      expect(composeReport(charts[name]!, { asOf: AS_OF }).markdown).toBe(first);
      await expect(first).toMatchFileSnapshot(`./__snapshots__/report-${name}.md`);
    });
  }
});
