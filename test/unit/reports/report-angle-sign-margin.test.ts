/**
 * An Ascendant or a Midheaven that another sign holds within 20 minutes of the birth time has its fact line say so, and
 * what it says is true: the chart cast again that many minutes earlier or later has the angle in the sign named, and at
 * every whole minute nearer the birth in both directions in its own sign. A reader found the rising sign, the chart ruler
 * and the Midheaven's rulers of a Murmansk chart (1996, a June night: Sagittarius rising, Gemini twenty minutes later)
 * read as settled.
 */
import { describe, expect, it } from 'vitest';
import { signOf } from '../../../src/astro/zodiac.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { castMinutesLater, natalChartFor } from '../../helpers/natal-charts.ts';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';
import { randomReportCharts } from '../../helpers/random-report-charts.ts';

const AS_OF = '2026-11-30T00:00:00Z';
const NOTE = {
  asc: /\*Ascendant [^*]*· a birth about (a minute|\d+ minutes) (earlier|later) would give an? (\w+) Ascendant\*/,
  mc: /\*Midheaven [^*]*· a birth about (a minute|\d+ minutes) (earlier|later) would put the Midheaven in (\w+)\*/,
};

/** The sign of the chart's angle when cast `minutes` later (earlier when negative). */
const angleSignAt = (chart: NatalChartInput, angle: 'asc' | 'mc', minutes: number) => signOf(castMinutesLater(chart, minutes).angles![angle]).name;

/** The note's minutes, signed, and its sign; undefined without a note. */
function noted(markdown: string, angle: 'asc' | 'mc'): { minutes: number; sign: string } | undefined {
  const m = NOTE[angle].exec(markdown);
  if (!m) return undefined;
  const n = m[1] === 'a minute' ? 1 : Number(m[1]!.split(' ')[0]);
  return { minutes: m[2] === 'later' ? n : -n, sign: m[3]! };
}

/** The cover's confidence cell. */
const coverConfidence = (markdown: string) => /^\| Confidence \| (.*) \|$/m.exec(markdown)![1]!;

describe("an angle's sign that rests on the birth time", () => {
  it('is flagged for the Murmansk 1996 Ascendant, Gemini twenty minutes after the Sagittarius of the birth', () => {
    const place = { city: 'Murmansk', country: 'RU', lat: 68.9585, lng: 33.0827, source: 'request' as const, zone: 'Europe/Moscow' };
    const chart = natalChartFor({ name: 'Irina Volkova', year: 1996, month: 6, day: 28, hour: 23, minute: 10 }, place);
    const markdown = composeReport(chart, { asOf: AS_OF }).markdown;
    expect(noted(markdown, 'asc')).toEqual({ minutes: 20, sign: 'Gemini' });
    expect(angleSignAt(chart, 'asc', 20)).toBe('Gemini');
    expect(angleSignAt(chart, 'asc', 19)).toBe('Sagittarius');
    expect(noted(markdown, 'mc')).toEqual({ minutes: 1, sign: 'Sagittarius' });
    // The cover names the angle a few minutes decide beside "angles high"; twenty minutes is left to the data line.
    expect(coverConfidence(markdown)).toBe(
      'overall high; houses medium; angles high, though a birth about a minute later would put the Midheaven in Sagittarius',
    );
  });

  it('says what the chart cast again shows, over random timed births', () => {
    let notes = 0;
    let without = 0;
    for (const chart of randomReportCharts(40, 5557).filter((c) => c.angles)) {
      const markdown = composeReport(chart, { asOf: AS_OF }).markdown;
      for (const angle of ['asc', 'mc'] as const) {
        const own = signOf(chart.angles![angle]).name;
        const note = noted(markdown, angle);
        const context = `${chart.subject.datetime} ${angle}`;
        const onCover = (angle === 'asc' ? /would give an? \w+ Ascendant/ : /would put the Midheaven/).test(coverConfidence(markdown));
        expect(onCover, context).toBe(note !== undefined && Math.abs(note.minutes) <= 5);
        if (!note) {
          // Without a note, the angle has its sign ten and twenty minutes either side (checked on every other chart).
          if (without++ % 2 === 0) for (const minutes of [-20, -10, 10, 20]) expect(angleSignAt(chart, angle, minutes), `${context} ${minutes}`).toBe(own);
          continue;
        }
        notes++;
        expect(angleSignAt(chart, angle, note.minutes), context).toBe(note.sign);
        for (let k = 1; k < Math.abs(note.minutes); k++)
          for (const minutes of [k, -k]) expect(angleSignAt(chart, angle, minutes), `${context} ${minutes}`).toBe(own);
      }
    }
    expect(notes).toBeGreaterThan(5);
  });
});
