/**
 * A family's text read for one aspect names that aspect, in the form the text used, and says
 * nothing that only the other aspect of its family does: over every family entry of the library,
 * read for each of its two aspects, no sentence names the other.
 */
import { describe, expect, it } from 'vitest';
import { forTheAspect, namingTheAspect, opensForAnotherAspect } from '../../../src/reports/text/aspect-naming.ts';
import { getLibrary } from '../../../src/interpretations/library.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';
import { natalChartFor } from '../../helpers/natal-charts.ts';

describe('namingTheAspect', () => {
  it('replaces the soft alternatives with the trine or the sextile, articles agreeing', () => {
    expect(namingTheAspect('With Pluto trine or sextile the Midheaven, a trine or sextile helps; an easy sextile or trine.', 'sextile')).toBe(
      'With Pluto sextile the Midheaven, a sextile helps; an easy sextile.',
    );
    expect(namingTheAspect('Uranus trines or sextiles your Venus, trining or sextiling it.', 'trine')).toBe('Uranus trines your Venus, trining it.');
  });

  it('replaces the hard alternatives with the square or the opposition', () => {
    expect(
      namingTheAspect(
        'Saturn squares or opposes your Sun: a square or opposition, a square or an opposition. Squaring or opposing it, Moon square or opposite Mercury.',
        'opposition',
      ),
    ).toBe('Saturn opposes your Sun: an opposition, an opposition. Opposing it, Moon opposite Mercury.');
    expect(namingTheAspect('Jupiter squared or opposed your Moon.', 'square')).toBe('Jupiter squared your Moon.');
  });

  it("leaves the other family's words, and a conjunction's text, alone", () => {
    expect(namingTheAspect('Saturn squares or opposes your Sun; trine or sextile stays.', 'square')).toBe('Saturn squares your Sun; trine or sextile stays.');
    expect(namingTheAspect('Saturn squares or opposes your Sun.', 'conjunction')).toBe('Saturn squares or opposes your Sun.');
  });
});

const NAMES: Record<string, RegExp> = { square: /\bsquar/i, opposition: /\boppos(ition|itions|e|es|ed|ing)\b/i, trine: /\btrin/i, sextile: /\bsextil/i };
const OTHER: Record<string, string> = { square: 'opposition', opposition: 'square', trine: 'sextile', sextile: 'trine' };

describe('forTheAspect', () => {
  it('keeps the clause of the aspect read from a sentence that contrasts the two, and leaves out a sentence about the other', () => {
    const text =
      'Jupiter stirs your wants. A square often stirs restless wanting from within; an opposition may bring a person who promises the world. The opposition in particular brings a rival. It passes.';
    // Alone, the kept clause speaks of this aspect, not of squares in general (a Lagos reader met "A square usually stirs desire from within").
    expect(forTheAspect(text, 'square')).toBe('Jupiter stirs your wants. This square often stirs restless wanting from within. It passes.');
    expect(forTheAspect(text, 'opposition')).toBe(
      'Jupiter stirs your wants. This opposition may bring a person who promises the world. The opposition in particular brings a rival. It passes.',
    );
    // A second clause that points back at the first cannot stand alone: the sentence goes.
    expect(forTheAspect('Desire grows. A square stirs it from within; an opposition brings it through another person.', 'opposition')).toBe('Desire grows.');
    // A contrast cut to its own clause leaves no second way for an "either way" after it.
    expect(
      forTheAspect(
        'Tastes change. Under a square the itch starts inside you; under an opposition it arrives through someone else. Either way, your values update.',
        'square',
      ),
    ).toBe('Tastes change. Under this square the itch starts inside you. Your values update.');
    // Nor can a second clause that borrows the first one's verb.
    expect(
      forTheAspect('Talks grow tense. With an opposition, the challenge arrives through other people; with a square, through your own questioning.', 'square'),
    ).toBe('Talks grow tense.');
  });

  it('over every family entry of the library, read for each aspect of its family, names only that aspect', () => {
    let read = 0;
    for (const [key, entry] of getLibrary().entries) {
      const family = key.startsWith('transit.') ? key.split('.')[2] : key.startsWith('aspect.') ? key.split('.')[2] : undefined;
      const types = family === 'tense' || family === 'hard' ? ['square', 'opposition'] : family === 'flowing' || family === 'soft' ? ['trine', 'sextile'] : [];
      for (const type of types)
        for (const body of entry.body) {
          const text = forTheAspect(body, type);
          read++;
          expect(NAMES[OTHER[type]!]!.test(text), `${key} read as ${type}: ${text}`).toBe(false);
          // Never emptied: at least two sentences remain.
          expect(text.split(/(?<=[.!?])\s+(?=[A-Z])/).length, `${key} ${type}`).toBeGreaterThanOrEqual(2);
        }
    }
    expect(read).toBeGreaterThan(1000);
  });

  it('over 40 reports, the year ahead reads each transit without naming the other aspect of its family', () => {
    let transits = 0;
    for (const chart of randomReportCharts(40, 808)) {
      const report = composeReport(chart, { sky: reportSky({ chart, asOf: '2026-11-25T00:00:00Z' }) });
      const year = report.sections.find((s) => s.id === 'year_ahead')?.markdown ?? '';
      for (const block of year.split(/\n(?=### )/).slice(1)) {
        const type = /^### \w+ (Square|Opposite|Trine|Sextile) /.exec(block)?.[1]?.toLowerCase();
        if (!type) continue;
        const aspect = type === 'opposite' ? 'opposition' : type;
        const reading = block
          .split('\n')
          .slice(1)
          .join('\n')
          .replace(/^\*[^\n]*\*$/m, '')
          // A later transit to the same point names the earlier one ("Like Jupiter square your Moon above, …", "… comes back
          // to the ground of Jupiter square your Moon: …", "…, as Jupiter square your Moon did above; …", "It works on the
          // same ground as Jupiter square your Moon, …").
          .replace(/^Like [^,]+ above, /m, '')
          .replace(/ comes back to the ground of [^:]+:/, ':')
          .replace(/, as [^;]+ did above;/, ';')
          .replace(/ the same ground as [^,]+,/, ' the same ground,')
          // The tie to the chart's centre names the centre's own aspects ("the T-square in which Jupiter opposes Uranus"),
          // and a later one the first transit that reached it.
          .replace(/ It also reaches the centre of your chart, .+?, named in /, ' It also reaches the centre of your chart, named in ')
          .replace(/ Like [^,]+, it comes back to the centre of your chart/, ' It comes back to the centre of your chart')
          // A planet at both points of a natal aspect names its other contact and the natal aspect (year-both-ends.test.ts).
          .replace(/ With [^,]+, exact [^,]+, it reaches both [^.]+\./, '');
        transits++;
        expect(NAMES[OTHER[aspect]!]!.test(reading), `${chart.subject.datetime} ${block.slice(0, 300)}`).toBe(false);
      }
    }
    expect(transits).toBeGreaterThan(40);
  });

  it('every family entry with several readings has, for each aspect of its family, one whose opening is not written for the other', () => {
    // (An entry of one reading, a planet's cycle to itself, opens with the cycle's points together; the rest stands alone.)
    for (const [key, entry] of getLibrary().entries) {
      if (entry.body.length < 2) continue;
      const family = key.startsWith('transit.') || key.startsWith('aspect.') ? key.split('.')[2] : undefined;
      const types = family === 'tense' ? ['square', 'opposition'] : family === 'flowing' ? ['trine', 'sextile'] : [];
      for (const type of types)
        expect(
          entry.body.some((body) => !opensForAnotherAspect(body, type)),
          `${key} ${type}`,
        ).toBe(true);
    }
  });

  it('over 40 reports, a transit is never read from a reading whose opening was written for the other aspect (its rest leans on it)', () => {
    // (Uranus square Mars once began "The natural response is to meet force with force…", its opposition opening dropped.)
    const sentences = (text: string) => text.trim().split(/(?<=[.!?])\s+(?=[A-Z])/);
    let transits = 0;
    // The birth the reader met it in (untimed, Osaka), and random ones.
    const osaka = natalChartFor({ name: 'Osaka', year: 1992, month: 4, day: 3, time_known: false }, {
      city: 'Osaka',
      country: 'JP',
      lat: 34.6937,
      lng: 135.5023,
      source: 'request',
      zone: 'Asia/Tokyo',
    } as never);
    for (const chart of [osaka, ...randomReportCharts(40, 809)]) {
      const report = composeReport(chart, { sky: reportSky({ chart, asOf: '2026-11-28T00:00:00Z' }) });
      const year = report.sections.find((s) => s.id === 'year_ahead')?.markdown ?? '';
      for (const block of year.split(/\n(?=### )/).slice(1)) {
        const heading = /^### (\w+) (Square|Opposite|Trine|Sextile) Your (\w+)/.exec(block);
        if (!heading) continue;
        const aspect = heading[2] === 'Opposite' ? 'opposition' : heading[2]!.toLowerCase();
        const family = aspect === 'square' || aspect === 'opposition' ? 'tense' : 'flowing';
        const target = heading[3] === 'Ascendant' ? 'asc' : heading[3] === 'Midheaven' ? 'mc' : heading[3]!.toLowerCase();
        const entry = getLibrary().entries.get(`transit.${heading[1]!.toLowerCase()}.${family}.${target}`);
        if (!entry || entry.body.length < 2) continue;
        const paragraph = block.split('\n\n').find((p) => !p.startsWith('#') && !p.startsWith('*'))!;
        const opening = sentences(paragraph)[0]!;
        transits++;
        const openings = entry.body.map((body) => sentences(body)[0]!);
        // (A transit felt for weeks has its "months" made "weeks", one felt for days its "a few weeks" made "a week or two".)
        const span = (text: string) => text.replace(/\ba week or two\b/g, 'a few weeks').replace(/\b(weeks|months)\b/g, 'a span');
        expect(
          openings.some((o) => span(namingTheAspect(o, aspect)) === span(opening)),
          `${chart.subject.datetime} ${opening}`,
        ).toBe(true);
      }
    }
    expect(transits).toBeGreaterThan(40);
  });
});

describe('a reading cut to its aspect', () => {
  it('drops "either way" once the sentence about the other aspect has been left out, and only then', () => {
    const text =
      'When Neptune squares this point, your public role may blur. When it opposes it, your home may blur instead. Either way, an older idea of success can lose its hold.';
    expect(forTheAspect(text, 'square')).toBe('When Neptune squares this point, your public role may blur. An older idea of success can lose its hold.');
    expect(forTheAspect('Either way, this stays.', 'square')).toBe('Either way, this stays.');
  });
});
