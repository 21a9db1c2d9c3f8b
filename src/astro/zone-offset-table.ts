/**
 * UTC offsets of one IANA zone. From the index of every zone's transitions written at install
 * time (zone-transitions.ts) where it covers the instant; elsewhere from a table built a year at a
 * time from the Intl rules and then looked up without Intl. That table is worth it when many
 * instants of one zone are needed (an ephemeris export asks for one per row); a year asked for
 * only once or twice is answered by Intl directly (see `zoneOffsetSecondsOnceFrequent`).
 */
import { ianaZone, intlOffsetSeconds } from './zone-intl.ts';
import { indexedOffsetSeconds, indexedTransitions, scanZoneTransitions } from './zone-transitions.ts';

const HOUR = 3_600_000;

/**
 * Lookups of a zone's year that Intl answers before the year gets its table. A table costs about
 * as much as a few dozen Intl lookups (probes twice a month and bisections), a lookup in it well
 * under a microsecond against about 10 µs through Intl: random one-off years stay with Intl.
 */
const LOOKUPS_BEFORE_TABLE = 8;

interface YearTable {
  /** Instants at which the offset changes, ascending, and the offset (seconds) from each on. */
  changes: number[];
  offsets: number[];
}

export class ZoneOffsetTable {
  private readonly years = new Map<number, YearTable>();
  /** Lookups so far of the years that have no table yet. */
  private readonly lookups = new Map<number, number>();
  private readonly zone;

  constructor(zoneName: string) {
    const zone = ianaZone(zoneName);
    if (!zone) throw new Error(`unknown time zone ${zoneName}`);
    this.zone = zone;
  }

  private exact(utcMs: number): number {
    return indexedOffsetSeconds(this.zone.name, utcMs) ?? intlOffsetSeconds(this.zone, utcMs);
  }

  /** Every change within one calendar year (UTC): from the index, or a scan through Intl (scanZoneTransitions). */
  private table(year: number): YearTable {
    let t = this.years.get(year);
    if (t) return t;
    const [start, end] = [Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1)];
    t = indexedTransitions(this.zone.name, start, end) ?? scanZoneTransitions(this.zone.name, start, end);
    if (this.years.size > 1000) this.years.clear();
    this.years.set(year, t);
    return t;
  }

  /** The offset changes in (fromMs, toMs]: the instant and the offsets (seconds) before and after. */
  changesBetween(fromMs: number, toMs: number): { atMs: number; before: number; after: number }[] {
    const found: { atMs: number; before: number; after: number }[] = [];
    let previous = this.offsetSeconds(fromMs);
    for (let year = new Date(fromMs).getUTCFullYear(); year <= new Date(toMs).getUTCFullYear(); year++) {
      const t = this.table(year);
      t.changes.forEach((atMs, i) => {
        const offset = t.offsets[i]!;
        if (atMs <= fromMs || atMs > toMs || offset === previous) return;
        found.push({ atMs, before: previous, after: offset });
        previous = offset;
      });
    }
    return found;
  }

  /**
   * The forward jumps of at least `minSeconds` in [fromMs, toMs]. Probing every 60 days finds
   * them (no zone has jumped by that much twice within 60 days; summer time moves a probe pair
   * by an hour or two at most) at a fraction of the cost of building every year's table.
   */
  forwardJumpsBetween(fromMs: number, toMs: number, minSeconds: number): { atMs: number; before: number; after: number }[] {
    const jumps: { atMs: number; before: number; after: number }[] = [];
    let at = fromMs;
    let offset = this.exact(at);
    while (at < toMs) {
      const next = Math.min(at + 60 * 24 * HOUR, toMs);
      const nextOffset = this.exact(next);
      if (nextOffset - offset >= minSeconds - 2 * 3600) jumps.push(...this.changesBetween(at, next).filter((c) => c.after - c.before >= minSeconds));
      at = next;
      offset = nextOffset;
    }
    return jumps;
  }

  /** The offset (seconds) when the instant's year has a table or has been asked for often enough to get one; else undefined. */
  offsetSecondsOnceFrequent(utcMs: number): number | undefined {
    const year = new Date(utcMs).getUTCFullYear();
    if (!this.years.has(year)) {
      const count = (this.lookups.get(year) ?? 0) + 1;
      if (count < LOOKUPS_BEFORE_TABLE) {
        if (this.lookups.size > 1000) this.lookups.clear();
        this.lookups.set(year, count);
        return undefined;
      }
      this.lookups.delete(year);
    }
    return this.offsetSeconds(utcMs);
  }

  offsetSeconds(utcMs: number): number {
    const indexed = indexedOffsetSeconds(this.zone.name, utcMs);
    if (indexed !== undefined) return indexed;
    const year = new Date(utcMs).getUTCFullYear();
    const t = this.table(year);
    let i = t.changes.length - 1;
    while (i > 0 && t.changes[i]! > utcMs) i--;
    return t.offsets[i]!;
  }
}

const tables = new Map<string, ZoneOffsetTable>();

function tableOf(zone: string): ZoneOffsetTable {
  let table = tables.get(zone);
  if (!table) {
    if (tables.size > 200) tables.clear();
    table = new ZoneOffsetTable(zone);
    tables.set(zone, table);
  }
  return table;
}

/** Offset from UTC in seconds of a zone at an instant, through a cached table per zone. */
export function zoneOffsetSeconds(zone: string, utcMs: number): number {
  return tableOf(zone).offsetSeconds(utcMs);
}

/**
 * Offset from UTC in seconds of a zone at an instant when the zone's year is asked for often
 * enough to have a table; undefined otherwise (the caller then asks Intl once itself).
 */
export function zoneOffsetSecondsOnceFrequent(zone: string, utcMs: number): number | undefined {
  return tableOf(zone).offsetSecondsOnceFrequent(utcMs);
}

/** A zone's offset changes in (fromMs, toMs], through the same cached table. */
export function zoneOffsetChanges(zone: string, fromMs: number, toMs: number) {
  return tableOf(zone).changesBetween(fromMs, toMs);
}

/** A zone's forward jumps of at least `minSeconds` in [fromMs, toMs], through the same cached table. */
export function zoneForwardJumps(zone: string, fromMs: number, toMs: number, minSeconds: number) {
  return tableOf(zone).forwardJumpsBetween(fromMs, toMs, minSeconds);
}
