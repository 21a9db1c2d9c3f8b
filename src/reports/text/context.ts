/**
 * The state one report is composed with: the chart, its factors, the library, the seed of its
 * choices, and the entries already shown (each entry appears once in a report).
 */
import { signOf } from '../../astro/zodiac.ts';
import type { NatalChartInput } from '../../interpretations/chart-input.ts';
import type { ChartFactors } from '../../interpretations/chart-factors/index.ts';
import type { InterpretationLibrary } from '../../interpretations/library.ts';
import type { InterpretationEntry } from '../../interpretations/schema.ts';
import { chartSeed, pick, variantIndex } from '../../interpretations/variant.ts';
import { bullets } from './report-markdown.ts';
import { conflictOf, tensionPassage } from '../synthesis/faculty-tensions.ts';
import { forTheAspect } from './aspect-naming.ts';
import { aspectFamily } from '../../interpretations/keys.ts';
import type { ReportSky } from '../sky/report-sky.ts';
import type { MoonDayAspect } from '../sky/moon-day.ts';
import { figuresOverTheDay, type DayFigures } from './untimed-moon-figures.ts';
import { dominanceOverTheDay, type DayDominance } from './untimed-dominance.ts';

export type ReportStyle = 'standard' | 'improved';

export interface ShownEntry {
  key: string;
  /** What the entry is about in this chart ("Sun in Taurus", "Sun Square Moon"). */
  label: string;
  /** How much it weighs in the synthesis. */
  weight: number;
  entry: InterpretationEntry;
  /** The claims the printed text makes (none when a tension passage replaced the entry's text). */
  claims: string[];
  /** The faculty whose tension this entry's place in the report names instead of its own text. */
  tension?: string | undefined;
  /** Every faculty whose tension it names (a kept core text may name more than one). */
  tensions?: string[] | undefined;
}

export class ReportContext {
  readonly seed: number;
  readonly shown: ShownEntry[] = [];
  private readonly used = new Set<string>();
  /** The pole of each faculty the report has asserted so far, and the entry that asserted it. */
  private readonly claimed = new Map<string, { pole: string; label: string }>();
  /** Faculties whose tension the report has named. */
  /** How often the report has written about each faculty's tension (tensionPassage's `timesNamed`). */
  private readonly tensioned = new Map<string, number>();
  /** Passages of the report's own that must appear once (a conjunction read as one figure). */
  private readonly said = new Set<string>();

  constructor(
    readonly chart: NatalChartInput,
    readonly factors: ChartFactors,
    readonly library: InterpretationLibrary,
    readonly style: ReportStyle,
    readonly sky: ReportSky = {},
  ) {
    this.seed = chartSeed(chart.subject);
  }

  private dayFigures: DayFigures | undefined;

  /**
   * The chart's aspect figures: all of them for a timed chart; for an untimed one, those found wherever the Moon stood
   * on the birth day (`sure`) apart from those found for part of it (`possible`: named as possible, never read).
   */
  get figures(): DayFigures {
    const day = this.sky.moonDay;
    if (this.timed || !day) return { sure: this.factors.configurations, possible: [] };
    return (this.dayFigures ??= figuresOverTheDay(this.factors.points, day));
  }

  private dayDominance: DayDominance | undefined;

  /** The dominant planet: the chart's own when timed; for an untimed chart, the one that leads whatever the hour, if one does. */
  get dominance(): DayDominance {
    const day = this.sky.moonDay;
    if (this.timed || !day) return { allDay: this.factors.dominant.planet, leaders: [this.factors.dominant.planet] };
    return (this.dayDominance ??= dominanceOverTheDay(this.factors, day));
  }

  /** An untimed chart's Moon aspect as the birth day showed it; undefined for any other aspect. */
  moonDayAspect(a: { p1: string; p2: string; type: string }): MoonDayAspect | undefined {
    if (this.timed || (a.p1 !== 'moon' && a.p2 !== 'moon')) return undefined;
    const other = a.p1 === 'moon' ? a.p2 : a.p1;
    return this.sky.moonDay?.aspects.find((d) => d.other === other && d.type === a.type);
  }

  /**
   * The orb an aspect is ranked by: its own, or for an untimed chart's Moon aspect its widest of
   * the birth day, and undefined (not ranked) when it did not hold over the whole day.
   */
  rankingOrb(a: { p1: string; p2: string; type: string; orb: number }): number | undefined {
    const day = this.moonDayAspect(a);
    if (!day) return a.orb;
    return day.from === '00:00' && day.to === '24:00' ? day.widest : undefined;
  }

  /**
   * Whether an entry reads the Moon of an untimed chart in a way that held for part of the birth day only: its sign on a
   * day it changed sign, or an aspect that was not in orb all day.
   */
  moonForSomeHours(key: string): boolean {
    const day = this.sky.moonDay;
    if (this.timed || !day) return false;
    if (key.startsWith('planet.moon.sign.')) return day.signs.length > 1;
    const m = /^aspect\.([a-z_]+)\.([a-z]+)\.([a-z_]+)$/.exec(key);
    if (!m || (m[1] !== 'moon' && m[3] !== 'moon')) return false;
    const other = m[1] === 'moon' ? m[3]! : m[1]!;
    const held = day.aspects.filter((a) => a.other === other && (a.type === m[2] || aspectFamily(a.type) === m[2]));
    return !held.some((a) => a.from === '00:00' && a.to === '24:00');
  }

  get timed(): boolean {
    return this.factors.timed;
  }

  /** Whether the library has the entry and the report has not shown it yet. */
  available(key: string): boolean {
    return this.library.entries.has(key) && !this.used.has(key);
  }

  /** True the first time a passage of the report's own is asked for, false after. */
  once(key: string): boolean {
    if (this.said.has(key)) return false;
    this.said.add(key);
    return true;
  }

  /** Marks a library entry as read without printing it: a passage of the report's own speaks for it (a central figure). */
  markRead(key: string): void {
    this.used.add(key);
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
    options: {
      heading?: string | undefined;
      fact?: string | undefined;
      entryKey?: string | undefined;
      plain?: boolean;
      /** The aspect the entry is read for, when its text may be its family's ("squares or opposes"): the text is made to name it. */
      aspectType?: string | undefined;
      /** A core placement (the rising sign, the lights): on a conflict its own text is printed, and the tension named after it. */
      keepText?: boolean | undefined;
    } = {},
  ): string | undefined {
    const entryKey = options.entryKey ?? key;
    if (this.used.has(key)) return undefined;
    const entry = this.library.entries.get(entryKey);
    if (!entry) return undefined;
    this.used.add(key);
    if (entryKey !== key) this.used.add(entryKey);
    // Untimed: a reading of the Moon that held for some hours only is stated with its hours, not asserted; it neither
    // sets a faculty's pole nor is set against one (a tension passage would name it without its hours).
    const conditional = this.moonForSomeHours(key);
    // An entry that would assert the opposite of what the report already said of a faculty is read as a tension instead.
    const conflict = conditional ? undefined : conflictOf(entry.claims, this.claimed);
    // A core placement keeps its own text on a conflict, so it still asserts its claims on the other faculties.
    // Every faculty on which a kept text disagrees with what was read before is named as a tension after it, not only the first.
    const keptConflicts = conflict && options.keepText ? (entry.claims ?? []).map((c) => conflictOf([c], this.claimed)).filter((c) => c !== undefined) : [];
    const asserted = conditional
      ? []
      : !conflict
        ? [...(entry.claims ?? [])]
        : options.keepText
          ? (entry.claims ?? []).filter((c) => !keptConflicts.some((k) => c.startsWith(`${k.faculty}:`)))
          : [];
    this.shown.push({
      key,
      label,
      weight,
      entry,
      claims: asserted,
      tension: conflict?.faculty,
      tensions: conflict ? (keptConflicts.length ? keptConflicts.map((k) => k.faculty) : [conflict.faculty]) : [],
    });
    for (const claim of asserted) {
      const [faculty, pole] = claim.split(':') as [string, string];
      if (!this.claimed.has(faculty)) this.claimed.set(faculty, { pole, label });
    }
    const parts: string[] = [];
    if (options.heading !== undefined) parts.push(`### ${options.heading}`);
    // The chart's data for the entry as a short line of its own, so the prose that follows is the library's alone.
    if (options.fact) parts.push(`*${options.fact}*`);
    if (conflict && options.keepText) {
      // The placement keeps its reading; its claims are not asserted on their own but as the other side of a named tension.
      parts.push(this.body(entry));
      for (const k of keptConflicts) {
        parts.push(tensionPassage(k, label, (options, which) => this.choose(options, which), this.tensioned.get(k.faculty) ?? 0));
        this.tensioned.set(k.faculty, (this.tensioned.get(k.faculty) ?? 0) + 1);
      }
    } else if (conflict) {
      // A faculty's tension is named once; a further entry on its other side says which side it adds to.
      parts.push(tensionPassage(conflict, label, (options, which) => this.choose(options, which), this.tensioned.get(conflict.faculty) ?? 0));
      this.tensioned.set(conflict.faculty, (this.tensioned.get(conflict.faculty) ?? 0) + 1);
    } else parts.push(options.aspectType ? forTheAspect(this.body(entry), options.aspectType) : this.body(entry));
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

  /**
   * The index `choose` would pick among n phrasings under this label: where a chapter says one
   * kind of thing several times, the first takes it and each further one the next phrasing.
   */
  chooseIndex(n: number, label: string): number {
    return variantIndex(`report#${label}`, this.seed, n);
  }

  signName(id: string): string {
    return signOf(this.factors.points.get(id)!.lon).name;
  }

  houseOf(id: string): number | undefined {
    return this.factors.points.get(id)?.house;
  }
}
