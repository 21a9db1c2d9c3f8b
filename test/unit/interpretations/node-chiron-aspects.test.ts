/**
 * The readings of the North Node's and Chiron's aspects in the report's nodes and Chiron section:
 * which aspects are read (major, within the wide orb, to points with a function phrase, three at
 * most, tightest first, ties by name; a Chiron–Node aspect once, among Chiron's), and that two of
 * a kind read differently.
 */
import { describe, expect, it } from 'vitest';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { getLibrary } from '../../../src/interpretations/library.ts';
import type { NatalChartInput } from '../../../src/interpretations/chart-input.ts';
import { natalChartFor, SAMPLE_BIRTHS } from '../../helpers/natal-charts.ts';

const library = getLibrary();
const timed = natalChartFor(SAMPLE_BIRTHS.timed.birth, SAMPLE_BIRTHS.timed.place);

type ChartAspect = NatalChartInput['aspects'][number];
const aspect = (p1: string, p2: string, type: string, orb: number, is_applying = false): ChartAspect => ({ p1, p2, type, orb, is_applying });

/** The nodes and Chiron section of the report of the timed chart with these aspects. */
function sectionWith(aspects: ChartAspect[], chart: NatalChartInput = timed): string {
  const report = composeReport({ ...chart, aspects }, { library });
  return report.sections.find((s) => s.id === 'nodes_chiron')!.markdown;
}

/** The aspects read, in the order they appear ("Sun conjunct Chiron"). */
const readAspects = (markdown: string) => [...markdown.matchAll(/^\*\*([^*]+)\*\* \((orb|within orb) /gmu)].map((m) => m[1]);

describe('the nodes and Chiron section', () => {
  it('reads the closest major aspects of the Node and then of Chiron, with orb and phase', () => {
    const markdown = sectionWith([
      aspect('sun', 'chiron', 'square', 2.5, true),
      aspect('moon', 'north_node', 'trine', 1.25),
      aspect('chiron', 'asc', 'conjunction', 0.5),
    ]);
    expect(readAspects(markdown)).toEqual(['Moon trine North Node', 'Ascendant conjunct Chiron', 'Sun square Chiron']);
    // A personal planet's contact to Chiron has a reading of its own, opening with the aspect.
    expect(markdown).toMatch(/\*\*Sun square Chiron\*\* \(orb 2°30′, applying\)\. Chiron squares your Sun: /);
    // So has a personal planet's contact to the North Node.
    expect(markdown).toMatch(/\*\*Moon trine North Node\*\* \(orb 1°15′, separating\)\. The North Node forms a trine to your Moon: /);
    expect(markdown).toContain('One point of your chart aspects the North Node closely:');
    expect(markdown).toContain('The points of your chart that aspect Chiron most closely:');
    // The Node's readings come after its placement and before Chiron's, Chiron's after Chiron's placement.
    const node = markdown.indexOf('Moon trine North Node');
    expect(node).toBeGreaterThan(markdown.indexOf('### North Node in'));
    expect(node).toBeLessThan(markdown.indexOf('### Chiron in'));
    expect(markdown.indexOf('Sun square Chiron')).toBeGreaterThan(markdown.indexOf('### Chiron in'));
  });

  it('leaves the phase out when the chart does not give it', () => {
    const markdown = sectionWith([{ p1: 'sun', p2: 'chiron', type: 'trine', orb: 1 }]);
    expect(markdown).toContain('**Sun trine Chiron** (orb 1°00′). ');
  });

  it('leaves out minor and wide aspects, points without a reading, and all past the third', () => {
    const markdown = sectionWith([
      aspect('sun', 'chiron', 'quincunx', 0.1),
      aspect('moon', 'chiron', 'square', 6.01),
      aspect('true_lilith', 'chiron', 'conjunction', 0.2),
      aspect('mercury', 'chiron', 'trine', 4),
      aspect('venus', 'chiron', 'trine', 3),
      aspect('mars', 'chiron', 'sextile', 2),
      aspect('jupiter', 'chiron', 'opposition', 1),
    ]);
    expect(readAspects(markdown)).toEqual(['Jupiter opposite Chiron', 'Mars sextile Chiron', 'Venus trine Chiron']);
  });

  it("reads an aspect of Lilith (the mean apogee, which has readings) like a planet's", () => {
    const markdown = sectionWith([aspect('lilith', 'chiron', 'conjunction', 0.2)]);
    expect(readAspects(markdown)).toEqual(['Lilith conjunct Chiron']);
    expect(markdown).toMatch(/\*\*Lilith conjunct Chiron\*\* \(orb 0°12′, separating\)\. [^\n]*your untamed side/);
  });

  it('reads an aspect of exactly 6°, and ties in the order of the names', () => {
    const markdown = sectionWith([aspect('venus', 'chiron', 'square', 6), aspect('mars', 'chiron', 'square', 6)]);
    expect(readAspects(markdown)).toEqual(['Mars square Chiron', 'Venus square Chiron']);
  });

  it("reads a Chiron–Node aspect once, among Chiron's, even when the Node has three tighter aspects", () => {
    const markdown = sectionWith([
      aspect('north_node', 'chiron', 'conjunction', 1),
      aspect('sun', 'north_node', 'trine', 0.1),
      aspect('moon', 'north_node', 'trine', 0.2),
      aspect('venus', 'north_node', 'sextile', 0.3),
      aspect('mars', 'chiron', 'square', 4),
    ]);
    expect(readAspects(markdown)).toEqual([
      'Sun trine North Node',
      'Moon trine North Node',
      'Venus sextile North Node',
      'North Node conjunct Chiron',
      'Mars square Chiron',
    ]);
    // Read with Chiron's readings, which name the Node's function (a Node reading would call it a path of growth).
    expect(markdown).toMatch(/\*\*North Node conjunct Chiron\*\* \(orb 1°00′, separating\)\. [^\n]*your direction of growth/);
    // The Node's own count leaves Chiron out and says so (a reader met "One point of your chart aspects the North Node"
    // above the Node's square to Chiron).
    expect(markdown).toContain('The points of your chart besides Chiron that aspect the North Node most closely:');
    expect(markdown).toContain("Its aspect to Chiron is read with Chiron's, below.");
    const alone = sectionWith([aspect('north_node', 'chiron', 'square', 3.3), aspect('mars', 'north_node', 'conjunction', 5.6)]);
    expect(alone).toContain('One point of your chart besides Chiron aspects the North Node:');
    expect(sectionWith([aspect('mars', 'north_node', 'conjunction', 5.6)])).toContain('One point of your chart aspects the North Node:');
  });

  it('gives the second aspect of a kind another reading, and starts from a reading chosen by the chart', () => {
    const readingOf = (p: string) => p.replace(/^\*\*[^*]+\*\* \([^)]*\)\. /, '').slice(0, 25);
    for (const [a, b] of [
      ['mars', 'pluto'],
      ['sun', 'moon'],
      ['venus', 'saturn'],
    ] as const) {
      const markdown = sectionWith([aspect(a, 'chiron', 'square', 1), aspect(b, 'chiron', 'square', 2)]);
      const [first, second] = markdown.split('\n\n').filter((p) => p.startsWith('**'));
      expect(readingOf(second!)).not.toBe(readingOf(first!));
    }
    // One aspect in eight charts that differ only in their place (so in their seed): not all read it alike.
    const firstReadings = new Set(
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) => {
        const chart = { ...timed, subject: { ...timed.subject, location: { ...timed.subject.location, lat: timed.subject.location.lat + i / 100 } } };
        return readingOf(
          sectionWith([aspect('uranus', 'chiron', 'opposition', 1)], chart)
            .split('\n\n')
            .find((x) => x.startsWith('**'))!,
        );
      }),
    );
    expect(firstReadings.size).toBeGreaterThan(1);
  });

  it('says nothing of aspects when the points have none', () => {
    const markdown = sectionWith([aspect('sun', 'moon', 'trine', 1)]);
    expect(readAspects(markdown)).toEqual([]);
    expect(markdown).not.toMatch(/aspects? (the North Node|Chiron)/);
  });

  it('reads aspects in each sample chart, with no value missing from a sentence', () => {
    for (const sample of Object.values(SAMPLE_BIRTHS)) {
      const chart = natalChartFor(sample.birth, sample.place);
      const markdown = composeReport(chart, { library }).sections.find((s) => s.id === 'nodes_chiron')!.markdown;
      expect(readAspects(markdown).length).toBeGreaterThan(0);
      expect(markdown).not.toMatch(/undefined|NaN|null|your your/);
    }
  });
});
