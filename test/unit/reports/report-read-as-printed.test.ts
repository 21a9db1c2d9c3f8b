/**
 * What three readers of the Lagos, Reykjavik and Buenos Aires reports found false or confusing on
 * the page, held over random charts: a Sun and Moon in signs that face each other are not called
 * simply friendly; untimed, on a day the Moon changed sign, no Sun-Moon bridge rests on its noon
 * sign, and the appendix gives the Moon's noon place as such; the modes are called even only when
 * they are; a year-ahead span gives both its ends in one form.
 */
import { describe, expect, it } from 'vitest';
import { MODALITIES, SIGN_IDS } from '../../../src/interpretations/keys.ts';
import { extractChartFactors } from '../../../src/interpretations/chart-factors/index.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { signKinship } from '../../../src/reports/text/sign-kinship.ts';
import { labelInSentence } from '../../../src/reports/synthesis/faculty-tensions.ts';
import { getLibrary } from '../../../src/interpretations/library.ts';

const AS_OF = '2026-11-27T00:00:00Z';

describe('the report as its readers read it', () => {
  const charts = randomReportCharts(120, 2711);
  const reports = charts.map((chart) => ({
    chart,
    factors: extractChartFactors(chart),
    report: composeReport(chart, { sky: reportSky({ chart, asOf: AS_OF }) }),
  }));

  it('Sun and Moon in signs facing each other are read as such, never as simply complementing each other', () => {
    let opposite = 0;
    for (const { factors, report } of reports) {
      const [sun, moon] = [factors.points.get('sun')!, factors.points.get('moon')!];
      if (Math.abs(SIGN_IDS.indexOf(sun.sign) - SIGN_IDS.indexOf(moon.sign)) !== 6) continue;
      opposite++;
      expect(report.markdown).not.toMatch(/elements that feed each other, so your purpose and your needs|complement each other: the part of you that aims/);
    }
    expect(opposite).toBeGreaterThan(3);
  });

  it('untimed, on a day the Moon changed sign, no bridge rests on its noon sign, and the appendix gives its noon place as such', () => {
    let changed = 0;
    for (const { chart, factors, report } of reports) {
      if (factors.timed) continue;
      const day = reportSky({ chart, asOf: AS_OF }).moonDay!;
      expect(report.markdown).toMatch(/^\| Moon \| [^|]* at noon \([^|]* to [^|]* over the day\) \|/m);
      if (day.signs.length < 2) continue;
      changed++;
      expect(report.markdown).not.toMatch(
        /Your Sun's \w+ and your Moon's|The Sun's \w+ and the Moon's|Sun and Moon share the sign|and Moon in \w+ belong to the same element|your conscious aims and your emotional needs speak|and Moon in \w+ stand in signs that face|face each other across the zodiac\. Their elements|differ in style, yet/,
      );
    }
    expect(changed).toBeGreaterThan(3);
  });

  it('the modes are called even only when no two shares are more than 12 points apart', () => {
    for (const { factors, report } of reports) {
      const shares = MODALITIES.map((m) => factors.balance.modalities[m]);
      const total = shares.reduce((a, b) => a + b, 0);
      const spread = (100 * (Math.max(...shares) - Math.min(...shares))) / total;
      if (/That evenness|modes in near balance|evenly matched in your chart|three in near balance/.test(report.markdown))
        expect(spread).toBeLessThanOrEqual(12);
    }
  });

  it('a year-ahead span gives both ends with their years, or neither', () => {
    for (const { report } of reports)
      expect(report.markdown).not.toMatch(/\b\d{4} to \d{1,2} [A-Z][a-z]{2}\b(?! \d)|\b\d{1,2} [A-Z][a-z]{2} to \d{1,2} [A-Z][a-z]+ \d{4}\b/);
  });

  it('no outer planet is made personal by a contact "which brings it close"', () => {
    for (const { report } of reports) expect(report.markdown).not.toMatch(/which brings it close/);
  });

  it('signs are kin by element, and those facing each other across the zodiac are facing, not simply friendly', () => {
    const signs = SIGN_IDS;
    for (let i = 0; i < 12; i++)
      for (let j = 0; j < 12; j++) {
        const apart = Math.min((i - j + 12) % 12, (j - i + 12) % 12);
        const expected = apart % 4 === 0 ? 'same' : apart === 6 ? 'facing' : apart % 2 === 0 ? 'friendly' : 'contrast';
        expect(signKinship(signs[i]!, signs[j]!), `${signs[i]} ${signs[j]}`).toBe(expected);
      }
  });

  it('the glossary explains, in alphabetical order, only terms the reading uses', () => {
    for (const { report } of reports) {
      const appendix = report.sections.find((s) => s.id === 'appendix')!.markdown;
      const terms = [...appendix.slice(appendix.indexOf('### Glossary')).matchAll(/^\*\*([^*]+)\.\*\*/gm)].map((m) => m[1]!);
      expect(terms).toEqual([...terms].sort((a, b) => a.localeCompare(b)));
      const reading = report.sections
        .filter((s) => !['appendix', 'disclaimer'].includes(s.id))
        .map((s) => s.markdown)
        .join('\n');
      if (terms.includes('Stellium')) expect(reading).toMatch(/stellium/i);
      if (terms.includes('Cusp')) expect(reading).toMatch(/\bcusps?\b/i);
      if (!/\bstellium\b/i.test(reading)) expect(terms).not.toContain('Stellium');
    }
  });

  it('a house said to hold no planet names Chiron, the node or Lilith when the positions put one there', () => {
    let named = 0;
    for (const { factors, report } of reports) {
      if (!factors.timed) continue;
      for (const m of report.markdown.matchAll(
        /(?:No planet occupies the (\d+)\w\w house, so|The (\d+)\w\w house holds no planet; its cusp sign|With the (\d+)\w\w house empty of planets|An empty (\d+)\w\w house is no empty life|No planet stands in your (\d+)\w\w house, so its tone)[^\n]*\n\n([^\n]*)/g,
      )) {
        const house = Number(m.slice(1, 6).find(Boolean));
        const there = (['chiron', 'north_node', 'lilith'] as const).filter((id) => factors.points.get(id)?.house === house);
        if (!there.length) continue;
        named++;
        expect(m[6], `house ${house}`).toMatch(/stands? in the \d+\w\w house, read in the chapter/);
      }
    }
    expect(named).toBeGreaterThan(0);
  });

  it('a tension passage names every pattern entry it may cite as a sentence does, never by its heading in quotation marks', () => {
    // The patterns' entries are cited by their titles (the others by their placements): "the fire in the background of your chart".
    const titles = [...getLibrary().entries.values()]
      .filter((e) => /^(balance|dominant|hemisphere|moon_phase|config|shape|retrograde)\./.test(e.key))
      .map((e) => e.title);
    expect(titles.length).toBeGreaterThan(60);
    for (const title of titles) expect(labelInSentence(title), title).not.toMatch(/^what “/);
  });
});
