/**
 * The state one report is composed with: the chart, its factors, the library, the seed of its
 * choices, and the entries already shown (each entry appears once in a report).
 */
import { signOf } from '../../astro/zodiac.ts';
import type { NatalChartInput } from '../../interpretations/chart-input.ts';
import type { ChartFactors } from '../../interpretations/chart-factors/index.ts';
import type { InterpretationLibrary } from '../../interpretations/library.ts';
import type { InterpretationEntry } from '../../interpretations/schema.ts';
import { chartSeed, pick } from '../../interpretations/variant.ts';
import { bullets } from './report-markdown.ts';

export type ReportStyle = 'standard' | 'improved';

export interface ShownEntry {
  key: string;
  /** What the entry is about in this chart ("Sun in Taurus", "Sun Square Moon"). */
  label: string;
  /** How much it weighs in the synthesis. */
  weight: number;
  entry: InterpretationEntry;
}

export class ReportContext {
  readonly seed: number;
  readonly shown: ShownEntry[] = [];
  private readonly used = new Set<string>();

  constructor(
    readonly chart: NatalChartInput,
    readonly factors: ChartFactors,
    readonly library: InterpretationLibrary,
    readonly style: ReportStyle,
  ) {
    this.seed = chartSeed(chart.subject);
  }

  get timed(): boolean {
    return this.factors.timed;
  }

  /** Whether the library has the entry and the report has not shown it yet. */
  available(key: string): boolean {
    return this.library.entries.has(key) && !this.used.has(key);
  }

  isShown(key: string): boolean {
    return this.used.has(key);
  }

  /**
   * The markdown of an entry, marked as shown: its heading, a line of facts, its body variant for this chart and, in the
   * improved style, its strengths and challenges. Undefined when missing or already shown.
   */
  take(
    key: string,
    label: string,
    weight: number,
    options: { heading?: string | undefined; fact?: string | undefined; entryKey?: string | undefined; plain?: boolean } = {},
  ): string | undefined {
    const entryKey = options.entryKey ?? key;
    if (this.used.has(key)) return undefined;
    const entry = this.library.entries.get(entryKey);
    if (!entry) return undefined;
    this.used.add(key);
    if (entryKey !== key) this.used.add(entryKey);
    this.shown.push({ key, label, weight, entry });
    const parts: string[] = [];
    if (options.heading !== undefined) parts.push(`### ${options.heading}`);
    // The chart's data for the entry as a short line of its own, so the prose that follows is the library's alone.
    if (options.fact) parts.push(`*${options.fact}*`);
    parts.push(this.body(entry));
    if (this.style === 'improved' && !options.plain) {
      parts.push(bullets([`Strengths: ${entry.strengths.join('; ')}.`, `Challenges: ${entry.challenges.join('; ')}.`].map((s) => s.replace(/\.\.$/, '.'))));
    }
    return parts.join('\n\n');
  }

  body(entry: InterpretationEntry): string {
    return pick(entry.body, this.seed, entry.key);
  }

  /** One of several phrasings, fixed for this chart and label. */
  choose<T>(options: readonly T[], label: string): T {
    return pick(options, this.seed, `report#${label}`);
  }

  signName(id: string): string {
    return signOf(this.factors.points.get(id)!.lon).name;
  }

  houseOf(id: string): number | undefined {
    return this.factors.points.get(id)?.house;
  }
}
