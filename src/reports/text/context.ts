/**
 * The state one report is composed with: the chart, its factors, the library, the seed of its
 * choices, and the entries already shown (each entry appears once in a report).
 */
import { signOf } from '../../astro/zodiac.ts';
import { ASPECT_DEFINITIONS } from '../../astro/aspects.ts';
import type { NatalChartInput } from '../../interpretations/chart-input.ts';
import type { ChartFactors } from '../../interpretations/chart-factors/index.ts';
import type { KeyedAspect } from '../../interpretations/chart-factors/aspects.ts';
import type { InterpretationLibrary } from '../../interpretations/library.ts';
import type { InterpretationEntry } from '../../interpretations/schema.ts';
import { chartSeed, pick, variantIndex } from '../../interpretations/variant.ts';
import { bullets } from './report-markdown.ts';
import { HOUSE_DOMAINS } from './phrases.ts';
import { conflictOf, pointSidesLine, tensionPassage, type ClaimConflict, type ClaimedSide } from '../synthesis/faculty-tensions.ts';
import { forTheAspect, opensForAnotherAspect, wholeForTheAspect } from './aspect-naming.ts';
import { aspectFamily, type SignId } from '../../interpretations/keys.ts';
import { ageOn, suitsAge } from './life-stage.ts';
import { imageWords } from './image-words.ts';
import type { ReportSky } from '../sky/report-sky.ts';
import type { DayAspect } from '../sky/moon-day.ts';
import { orbCell, wholeDay } from './aspect-facts.ts';
import { figuresOverTheDay, type DayFigures } from './untimed-moon-figures.ts';
import { phaseChangeOfTheDay, type PhaseChange } from './untimed-moon-phase.ts';
import { dominanceOfTheChart, dominanceOverTheDay, type DayDominance } from './untimed-dominance.ts';
import { balanceOverTheDay, type BalanceOverTheDay } from './untimed-balance.ts';
import { stelliumAllDay, stretchesOfTheDay, type DayStretch } from './day-stretches.ts';
import { STELLIUM_MIN_BODIES } from '../../astro/stelliums.ts';
import { countsToward } from './balance-members.ts';

export type ReportStyle = 'standard' | 'improved';

/** A sentence of the report's own that claims something of a faculty: what it asserted, and the tensions it named. */
export interface OwnReading {
  label: string;
  claims: string[];
  tensions: string[];
}

export interface ShownEntry {
  key: string;
  /** What the entry is about in this chart ("Sun in Taurus", "Sun Square Moon"). */
  label: string;
  /** How much it weighs in the synthesis. */
  weight: number;
  entry: InterpretationEntry;
  /** The claims the printed text makes on its own: those on a faculty read earlier the other way are the side of a tension. */
  claims: string[];
  /** The first faculty on which the entry's reading takes the side opposite to one read earlier. */
  tension?: string | undefined;
  /** Every faculty whose tension it names, after its reading or, for a voice of a tension already named, before it (a later voice, none). */
  tensions?: string[] | undefined;
  /** The title of the theme chapter that printed it; undefined outside the themes. */
  chapter?: string | undefined;
}

/** The family of a balance entry's key ("balance.modality."), whose readings can state one fact two ways; undefined for others. */
const balanceFamily = (key: string) => /^balance\.(element|modality)\./.exec(key)?.[0];

export class ReportContext {
  readonly seed: number;
  readonly shown: ShownEntry[] = [];
  /** The theme chapter being written, so that a later chapter can say where a reading was printed. */
  chapter: string | undefined;
  private readonly used = new Set<string>();
  /** The pole of each faculty the report has asserted so far, and the entry that asserted it. */
  private readonly claimed = new Map<string, ClaimedSide>();
  /** The side of each faculty the last reading to speak of it took, and which reading (pointSidesLine). */
  private readonly lastVoice = new Map<string, ClaimedSide>();
  /** The uncommon words of the readings printed so far (image-words.ts). */
  private readonly printedImages = new Set<string>();
  /** The point-against-itself lines already printed, by faculty and point. */
  private readonly pointSides = new Set<string>();
  /** How often the report has written about each faculty's tension (tensionPassage's `timesNamed`). */
  private readonly tensioned = new Map<string, number>();
  /** The reading after which each faculty's tension was named: a later voice of it points there. */
  private readonly tensionNamedWith = new Map<string, string>();
  /** The balance families (balanceFamily) that have spoken in each faculty's tension. */
  private readonly balanceVoices = new Map<string, Set<string>>();
  /** Passages of the report's own that must appear once (a conjunction read as one figure). */
  private readonly said = new Set<string>();
  /** The houses whose ruler's placement a chapter has read (the Descendant's in the love chapter), with that chapter. */
  private readonly rulersRead = new Map<number, (string | undefined)[]>();
  /** The report's own sentences that claimed something (ownClaims), as the readings of the entries are kept in `shown`. */
  readonly ownReadings: OwnReading[] = [];
  /** Each entry's reading for this report, once chosen (readingIndex). */
  private readonly readings = new Map<string, number>();
  /** Readings to pass over, by entry (avoidReadings). */
  private readonly unsuitable = new Map<string, (body: string) => boolean>();
  /** How often each kind of repeated sentence has been said (chooseInTurn). */
  private readonly turns = new Map<string, number>();

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
    if (this.timed || !day) return dominanceOfTheChart(this.factors);
    return (this.dayDominance ??= dominanceOverTheDay(this.factors, day));
  }

  private stretches: DayStretch[] | undefined | null = null;

  /** An untimed birth day's stretches between sign changes (day-stretches.ts); undefined for a timed chart or a day nothing changed sign. */
  get dayStretches(): DayStretch[] | undefined {
    const day = this.sky.moonDay;
    if (this.timed || !day) return undefined;
    if (this.stretches === null) this.stretches = stretchesOfTheDay(day);
    return this.stretches;
  }

  private dayBalance: BalanceOverTheDay | undefined;

  /** An untimed chart's balance over the stretches of its birth day, on a day the Moon or another body changed sign; undefined otherwise. */
  get balanceByHour(): BalanceOverTheDay | undefined {
    if (this.timed || !this.sky.moonDay) return undefined;
    return (this.dayBalance ??= balanceOverTheDay(this.factors.points, this.factors.balance, this.dayStretches));
  }

  /** An untimed chart's aspect as the birth day showed it; undefined for a timed chart's, and for an aspect of an angle. */
  dayAspect(a: { p1: string; p2: string; type: string }): DayAspect | undefined {
    const day = this.sky.moonDay;
    if (this.timed || !day) return undefined;
    if (a.p1 === 'moon' || a.p2 === 'moon') {
      const other = a.p1 === 'moon' ? a.p2 : a.p1;
      return day.aspects.find((d) => d.other === other && d.type === a.type);
    }
    return day.pairs.find((d) => d.type === a.type && ((d.p1 === a.p1 && d.p2 === a.p2) || (d.p1 === a.p2 && d.p2 === a.p1)));
  }

  /**
   * An aspect's orb as a sentence may state it: a timed chart's one orb ("1°21′"), an untimed chart's range over the birth
   * day ("0°00′–0°31′": the Sun moves a degree a day, so its noon orb is no truer than any other hour's).
   */
  statedOrb(a: { p1: string; p2: string; type: string; orb: number }): string {
    return orbCell({ ...a, day: this.dayAspect(a) });
  }

  /** The chart's aspects that hold whatever the hour: all of a timed chart's; untimed, those in orb the whole birth day. */
  get heldAspects(): KeyedAspect[] {
    return this.factors.aspects.filter((a) => this.rankingOrb(a) !== undefined);
  }

  /**
   * The orb an aspect is ranked by: its own, or for an untimed chart's its widest of the birth day,
   * and undefined (not ranked) when it did not hold over the whole day.
   */
  rankingOrb(a: { p1: string; p2: string; type: string; orb: number }): number | undefined {
    const day = this.dayAspect(a);
    if (!day) return a.orb;
    return wholeDay(day) ? day.widest : undefined;
  }

  /**
   * Whether an entry reads an untimed chart in a way that held for part of the birth day only: the Moon's sign on a day it
   * changed sign, its phase on a day it changed phase, an aspect that was not in orb all day, a balance verdict the Moon's
   * noon sign alone makes, or the sign of another body that changed sign that day.
   */
  heldForSomeHours(key: string): boolean {
    const day = this.sky.moonDay;
    if (this.timed || !day) return false;
    if (key.startsWith('planet.moon.sign.')) return day.signs.length > 1;
    if (key.startsWith('moon_phase.')) return this.phaseChange !== undefined;
    // Another body that changed sign that day (the Sun at an equinox): both its signs' readings hold for some hours only.
    const sign = /^planet\.([a-z_]+)\.sign\./.exec(key);
    if (sign && day.ingresses?.some((i) => i.body === sign[1])) return true;
    if (key.startsWith('balance.')) return this.balanceByHour?.holdsIn.has(key) ?? false;
    // A sign's stellium that a body changing sign that day makes for some hours only.
    const stellium = /^config\.stellium\.sign\.([a-z]+)$/.exec(key);
    if (stellium) return !stelliumAllDay(this.factors.points, this.dayStretches, stellium[1] as SignId, STELLIUM_MIN_BODIES);
    const m = /^aspect\.([a-z_]+)\.([a-z]+)\.([a-z_]+)$/.exec(key);
    if (!m) return false;
    const [p1, family, p2] = [m[1]!, m[2]!, m[3]!];
    const held = ASPECT_DEFINITIONS.map((d) => d.type)
      .filter((type) => type === family || aspectFamily(type) === family)
      .map((type) => this.dayAspect({ p1, p2, type }))
      .filter((a) => a !== undefined);
    return !held.some(wholeDay);
  }

  /** Untimed, on a day the Moon passed from one phase into the next: when, and the phase on the other side. */
  get phaseChange(): PhaseChange | undefined {
    return this.timed ? undefined : phaseChangeOfTheDay(this.sky.moonDay, this.factors.points.get('sun'));
  }

  get timed(): boolean {
    return this.factors.timed;
  }

  /** Whether the library has the entry and the report has not shown it yet. */
  available(key: string): boolean {
    return this.library.entries.has(key) && !this.used.has(key);
  }

  /** Whether a passage marked `once` has been printed. */
  hasSaid(key: string): boolean {
    return this.said.has(key);
  }

  /** True the first time a passage of the report's own is asked for, false after. */
  once(key: string): boolean {
    if (this.said.has(key)) return false;
    this.said.add(key);
    return true;
  }

  /** Records that the chapter being written has said where a house's ruler stands, so the house rulers need not say it again. */
  markRulerRead(house: number): void {
    const chapters = this.rulersRead.get(house) ?? [];
    if (!chapters.includes(this.chapter)) chapters.push(this.chapter);
    this.rulersRead.set(house, chapters);
  }

  /** The chapters that have said where a house's ruler stands (undefined for one outside the theme chapters); none when none has. */
  rulerReadIn(house: number): readonly (string | undefined)[] {
    return this.rulersRead.get(house) ?? [];
  }

  /** Marks a library entry as read without printing it: a passage of the report's own speaks for it (a central figure). */
  markRead(key: string): void {
    this.used.add(key);
  }

  isShown(key: string): boolean {
    return this.used.has(key);
  }

  /** The chapter an entry was read in, by its key; undefined when it was not read, or read outside the theme chapters. */
  chapterOf(key: string): string | undefined {
    return this.shown.find((s) => s.key === key)?.chapter;
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
      /**
       * Whose traits the entry's claims describe, when not the entry's own point: a North Node reading claims the familiar
       * ground of the South Node across from it (a reader took "the North Node in Aries speaks for the tactful side" as
       * backwards). Tension passages name this instead of the label.
       */
      claimsAbout?: string | undefined;
      /** (A function when it is worth computing only for an entry that is printed: a house's matters take a turn of houseDomain.) */
      fact?: string | (() => string) | undefined;
      entryKey?: string | undefined;
      plain?: boolean;
      /** The aspect the entry is read for, when its text may be its family's ("squares or opposes"): the text is made to name it. */
      aspectType?: string | undefined;
      /** A last change to the entry's text for this chart (a transit felt for weeks reads "these weeks", not "these months"). */
      adapt?: ((text: string) => string) | undefined;
    } = {},
  ): string | undefined {
    const entryKey = options.entryKey ?? key;
    if (this.used.has(key)) return undefined;
    const entry = this.library.entries.get(entryKey);
    if (!entry) return undefined;
    this.used.add(key);
    if (entryKey !== key) this.used.add(entryKey);
    // Untimed: a reading that held for some hours only (of the Moon, or of a body that changed sign) is stated with its
    // hours, not asserted; it neither sets a faculty's pole nor is set against one (a tension passage would name it
    // without its hours).
    const conditional = this.heldForSomeHours(key);
    // An entry that would assert the opposite of what the report already said of a faculty keeps its reading, and the
    // tension between the two is named after it: the first side stands as the report's, and the reading is the other side.
    const claims = this.claimsOf(entry, options.aspectType);
    const conflicts = conditional ? [] : claims.map((c) => conflictOf([c], this.claimed)).filter((c) => c !== undefined);
    // Once the report has named a faculty's tension, an entry on either side is one of its voices: a line before its
    // reading says which side it speaks for, the first time; later voices speak without it (a third line would read as a
    // form).
    const voice = conflicts.length > 0 && conflicts.every((k) => this.tensioned.has(k.faculty));
    // A balance reading adds no voice to a tension another reading of its family already spoke in: a scarcity of fixed
    // signs after mutable signs in the foreground is one fact told twice (a Nairobi reader met it as "one more voice").
    const family = balanceFamily(key);
    const introduced = conflicts.filter(
      (k) => (this.tensioned.get(k.faculty) ?? 0) < 2 && !this.namedBy(k.faculty, options.claimsAbout ?? label) && !(family && this.spokeIn(k.faculty, family)),
    );
    if (family) for (const k of conflicts) this.voiceOf(k.faculty, family);
    const asserted = conditional ? [] : claims.filter((c) => !conflicts.some((k) => c.startsWith(`${k.faculty}:`)));
    this.shown.push({
      key,
      label,
      weight,
      entry,
      claims: asserted,
      tension: conflicts[0]?.faculty,
      tensions: introduced.map((k) => k.faculty),
      chapter: this.chapter,
    });
    const claimant = options.claimsAbout ?? label;
    this.assert(asserted, claimant);
    const bridges = conditional ? [] : this.pointSidesLines(claims, claimant, introduced);
    const parts: string[] = [];
    if (options.heading !== undefined) parts.push(`### ${options.heading}`);
    // The chart's data for the entry as a short line of its own, so the prose that follows is the library's alone.
    const fact = typeof options.fact === 'function' ? options.fact() : options.fact;
    if (fact) parts.push(`*${fact}*`);
    const body = options.aspectType ? forTheAspect(this.body(entry, options.aspectType), options.aspectType) : this.body(entry);
    const text = options.adapt ? options.adapt(body) : body;
    for (const w of imageWords(text, this.library)) this.printedImages.add(w);
    // A second passage after the same reading continues from the first ("It also …") rather than naming the reading again.
    const introductions = introduced.map((k, i) => this.nameTension(k, claimant, i));
    parts.push(...(voice ? [...introductions, text] : [text, ...introductions]), ...bridges);
    if (this.style === 'improved' && !options.plain) {
      parts.push(bullets([`Strengths: ${entry.strengths.join('; ')}.`, `Challenges: ${entry.challenges.join('; ')}.`].map((s) => s.replace(/\.\.$/, '.'))));
    }
    return parts.join('\n\n');
  }

  /**
   * What a sentence of the report's own claims (the scarcity of an element, Saturn pressing on a
   * planet), as a library entry would: claims that agree with what the report has said are asserted
   * from here on; for each that contradicts it, the passage naming the tension, to print after the
   * sentence. `label` names the sentence's source as an entry label would ("Mars square Saturn").
   * `partOfDay`: the sentence holds for some hours of an untimed birth only, so it takes no side from
   * here on, and a tension it meets is named but not made the report's standing side.
   */
  ownClaims(claims: readonly string[], label: string, family?: string, partOfDay = false): string[] {
    const passages: string[] = [];
    const reading: OwnReading = { label, claims: [], tensions: [] };
    for (const claim of claims) {
      const conflict = conflictOf([claim], this.claimed);
      if (conflict && this.namedBy(conflict.faculty, label)) continue;
      // As for an entry: no second voice from a balance family that has spoken in the tension (`family`, balanceFamily).
      if (conflict && family && this.spokeIn(conflict.faculty, family)) continue;
      if (conflict && family) this.voiceOf(conflict.faculty, family);
      if (conflict) {
        // A second tension from the same sentence continues from the first ("The same reading also …"), as an entry's do.
        passages.push(this.nameTension(conflict, label, passages.length));
        reading.tensions.push(conflict.faculty);
      } else if (!partOfDay) {
        this.assert([claim], label);
        reading.claims.push(claim);
      }
    }
    this.ownReadings.push(reading);
    return passages;
  }

  /** Whether a claim takes the side opposite to one taken by an emphasis that `title`, a placement, counts toward, or by a placement counted in `title`, an emphasis. */
  private contradictsOwnBalance(claim: string, title: string): boolean {
    const [faculty, pole] = claim.split(':') as [string, string];
    const earlier = this.claimed.get(faculty);
    return earlier !== undefined && earlier.pole !== pole && countsToward(title, earlier.label);
  }

  /**
   * Readings of an entry to pass over where another of its readings will do: a Moon read at the turning point it was
   * about to reach is not given a reading that says the birth came after it (a reader born eight hours before the Last
   * Quarter met "the waning Moon's days after its half-lit quarter"). Set before the entry is read.
   */
  avoidReadings(key: string, unsuitable: (body: string) => boolean): void {
    // Each rule adds to those set before it.
    const before = this.unsuitable.get(key);
    this.unsuitable.set(key, before ? (body) => before(body) || unsuitable(body) : unsuitable);
  }

  /** Whether a balance family (balanceFamily) has spoken in a faculty's tension. */
  private spokeIn(faculty: string, family: string): boolean {
    return this.balanceVoices.get(faculty)?.has(family) ?? false;
  }

  private voiceOf(faculty: string, family: string): void {
    (this.balanceVoices.get(faculty) ?? this.balanceVoices.set(faculty, new Set()).get(faculty)!).add(family);
  }

  /** Whether the report has taken this side of a faculty ("learning:doing"). */
  hasAsserted(claim: string): boolean {
    const [faculty, pole] = claim.split(':') as [string, string];
    return this.claimed.get(faculty)?.pole === pole;
  }

  /** Whether `claims` contradict a side that `label` itself took earlier (Mercury in Virgo's reading against a sentence on Mercury in Virgo). */
  contradictsItself(claims: readonly string[], label: string): boolean {
    return conflictOf(claims, this.claimed)?.earlierLabel === label;
  }

  /** Whether a line claiming `claims` would contradict a side the report has taken, on a faculty whose tension it has not named. */
  contradicts(claims: readonly string[] | undefined): boolean {
    // Each claim on its own: a line whose first claim's tension is named may still contradict on its second (the report
    // checker found "Saying yes to avoid conflict", tactful and yielding, listed beside a firm side of disagreement that was
    // never named).
    return (claims ?? []).some((claim) => {
      const conflict = conflictOf([claim], this.claimed);
      return conflict !== undefined && !this.tensioned.has(conflict.faculty);
    });
  }

  /**
   * For each claim on the other side of a named tension from the last reading of the same point (Mars in the 1st house after
   * Mars in Scorpio), the line that says the point holds both sides, once per faculty and point; then the claims become the
   * faculties' last voices. Not for a faculty whose tension this reading introduces: its passage says it.
   */
  private pointSidesLines(claims: readonly string[], label: string, introduced: readonly ClaimConflict[]): string[] {
    const lines: string[] = [];
    for (const claim of claims) {
      const [faculty, pole] = claim.split(':') as [string, string];
      const last = this.lastVoice.get(faculty);
      this.lastVoice.set(faculty, { pole, label, chapter: this.chapter });
      if (!last || last.pole === pole || !this.tensioned.has(faculty) || introduced.some((k) => k.faculty === faculty)) continue;
      const line = pointSidesLine(faculty, last, label, pole);
      if (!line) continue;
      // Once per faculty and point ("Your Mars").
      const id = `${faculty}|${line.slice(0, line.indexOf(' holds'))}`;
      if (this.pointSides.has(id)) continue;
      this.pointSides.add(id);
      lines.push(line);
    }
    return lines;
  }

  /** The first pole the report asserts of a faculty stands; later ones are read as tensions with it. */
  private assert(claims: readonly string[], label: string): void {
    for (const claim of claims) {
      const [faculty, pole] = claim.split(':') as [string, string];
      if (!this.claimed.has(faculty)) this.claimed.set(faculty, { pole, label, chapter: this.chapter });
    }
  }

  /**
   * Whether `label` named the faculty's tension: met again (one aspect read in two chapters), it adds no side to it ("the
   * square between your Venus and Saturn speaks for the hesitant side …, named earlier with the square between your Venus
   * and Saturn" set a factor against itself).
   */
  private namedBy(faculty: string, label: string): boolean {
    return this.tensioned.has(faculty) && this.tensionNamedWith.get(faculty) === label;
  }

  /** The passage for a claim that contradicts one read earlier: the tension named the first time, its side said after (`order`: how many tensions the same reading has named before this one). */
  private nameTension(conflict: ClaimConflict, label: string, order = 0): string {
    const times = this.tensioned.get(conflict.faculty) ?? 0;
    this.tensioned.set(conflict.faculty, times + 1);
    if (times === 0) this.tensionNamedWith.set(conflict.faculty, label);
    const namedWith = this.tensionNamedWith.get(conflict.faculty);
    return tensionPassage(
      conflict,
      label,
      (options, which) => this.choose(options, which),
      (options, which) => this.chooseInTurn(options, which),
      times,
      order,
      namedWith,
      this.chapter,
    );
  }

  /** `aspectType`: the aspect the entry is read for, when its readings may be its family's (see take). */
  body(entry: InterpretationEntry, aspectType?: string): string {
    return entry.body[this.readingIndex(entry, aspectType)]!;
  }

  /** The reader's age in whole years at the report's date (the year ahead's first day), when the report has one. */
  get readerAge(): number | undefined {
    const on = this.sky.yearAhead?.from;
    return on ? ageOn(this.chart.subject.datetime, on) : undefined;
  }

  /**
   * Which of an entry's readings this report prints: the chart's own (variantIndex), unless another reading, the first
   * after it, suits the report better: one that loses no sentence when read for its aspect (wholeForTheAspect: a reading
   * written for both aspects of a family leans on the sentences that would be dropped), else at least one that does not
   * open with a sentence written for the sibling of the aspect it is read for (opensForAnotherAspect), and one that does not
   * repeat a side of a faculty the report has already taken (a reader met "you learn by doing" in four passages running:
   * a side is said again only where every reading of an entry says it), all among the readings that suit the reader's
   * age where there are any (life-stage.ts). Fixed for the report once chosen, so that the text and its claims agree.
   */
  private readingIndex(entry: InterpretationEntry, aspectType?: string): number {
    let index = this.readings.get(entry.key);
    if (index === undefined) {
      const n = entry.body.length;
      const own = variantIndex(entry.key, this.seed, n);
      const order = Array.from({ length: n }, (_, k) => (own + k) % n);
      const fits = (i: number) => !(aspectType && opensForAnotherAspect(entry.body[i]!, aspectType));
      const whole = (i: number) => !aspectType || wholeForTheAspect(entry.body[i]!, aspectType);
      const fresh = (i: number) => !(entry.variant_claims?.[String(i)] ?? []).some((claim) => this.hasAsserted(claim));
      // No picture the report has already drawn (image-words.ts: a wardrobe given away twice, three haircuts).
      const unrepeated = (i: number) => !imageWords(entry.body[i]!, this.library).some((w) => this.printedImages.has(w));
      // A reading of a stage of life the reader is not at is printed only where the entry has no other (life-stage.ts).
      const age = this.readerAge;
      const aged = order.filter((i) => suitsAge(entry.body[i]!, age));
      // Not set against an emphasis of the balance the placement counts toward, or the reverse (balance-members.ts).
      const consonant = (i: number) => !(entry.variant_claims?.[String(i)] ?? []).some((claim) => this.contradictsOwnBalance(claim, entry.title));
      const base = aged.length ? aged : order;
      const unsuitable = this.unsuitable.get(entry.key);
      const suitable = unsuitable && base.some((i) => !unsuitable(entry.body[i]!)) ? base.filter((i) => !unsuitable(entry.body[i]!)) : base;
      const pool = suitable.some(consonant) ? suitable.filter(consonant) : suitable;
      index =
        pool.find((i) => whole(i) && fresh(i) && unrepeated(i)) ??
        pool.find((i) => whole(i) && fresh(i)) ??
        pool.find(whole) ??
        pool.find((i) => fits(i) && fresh(i)) ??
        pool.find(fits) ??
        pool[0]!;
      this.readings.set(entry.key, index);
    }
    return index;
  }

  /** What the entry claims as this report prints it: the entry's own claims and those of the reading `body` picks. */
  claimsOf(entry: InterpretationEntry, aspectType?: string): string[] {
    const own = entry.claims ?? [];
    const variant = entry.variant_claims?.[String(this.readingIndex(entry, aspectType))];
    return variant ? [...own, ...variant.filter((c) => !own.includes(c))] : own;
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

  /**
   * One of several phrasings for a kind of sentence a report says again and again (a cusp, an
   * empty house, a planet met before): the first is fixed by the chart, each further one takes the
   * next, so that a chapter does not repeat a template word for word while others lie unused.
   */
  chooseInTurn<T>(options: readonly T[], kind: string): T {
    const said = this.turns.get(kind) ?? 0;
    this.turns.set(kind, said + 1);
    return options[(this.chooseIndex(options.length, kind) + said) % options.length]!;
  }

  /**
   * Phrasings of a sentence the report may say many times (a note at the head of several chapters): each is used once,
   * in order, and the last (the shortest) from then on, so that none comes back word for word as a form.
   */
  eachOnceThenLast<T>(options: readonly T[], kind: string): T {
    const index = options.findIndex((_, i) => this.once(`${kind}-${i}`));
    return options[index === -1 ? options.length - 1 : index]!;
  }

  /** What a house is about, in the next of its phrasings each time the report names it (HOUSE_DOMAINS). */
  houseDomain(house: number): string {
    return this.chooseInTurn(HOUSE_DOMAINS[house]!, `house-domain-${house}`);
  }

  /**
   * houseDomain for a mention that reads as well without it ("from your 4th house (…)", a fact line): undefined once the
   * report has named that house's matters twice, so that a crowded house is not spelled out at every planet and transit.
   */
  houseDomainUnlessSaid(house: number): string | undefined {
    return (this.turns.get(`house-domain-${house}`) ?? 0) >= 2 ? undefined : this.houseDomain(house);
  }

  signName(id: string): string {
    return signOf(this.factors.points.get(id)!.lon).name;
  }

  houseOf(id: string): number | undefined {
    return this.factors.points.get(id)?.house;
  }
}
