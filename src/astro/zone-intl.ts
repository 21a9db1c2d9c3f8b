/**
 * An IANA zone and its offsets as Intl gives them: the ground truth that the index of transitions
 * (zone-transitions.ts) and the tables of frequent zones (zone-offset-table.ts) are built from and
 * checked against, and the last resort of civil-time.ts.
 */
import { IANAZone } from 'luxon';

const zoneCache = new Map<string, IANAZone>();

/** The canonical zone for a name, or undefined when the name is not an IANA zone. */
export function ianaZone(name: string): IANAZone | undefined {
  let zone = zoneCache.get(name);
  if (zone) return zone;
  if (!IANAZone.isValidZone(name)) return undefined;
  zone = IANAZone.create(name);
  if (zoneCache.size > 1000) zoneCache.clear();
  zoneCache.set(name, zone);
  return zone;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
const WALL_CLOCK = /^(\d\d)\/(\d\d)\/(\d{4}), (\d\d):(\d\d):(\d\d)$/;

/**
 * Offset in seconds of a zone at an instant, straight from Intl: the zone's wall clock at the
 * instant (whole seconds) minus the instant. What luxon's `offset` gives (in minutes, rounded here
 * to seconds), at about a third of its cost: one `format` and a pattern instead of
 * `formatToParts` and its part objects. Anything else than a four-digit year asks luxon.
 */
export function intlOffsetSeconds(zone: IANAZone, utcMs: number): number {
  let format = wallClockFormats.get(zone.name);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone.name,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (wallClockFormats.size > 1000) wallClockFormats.clear();
    wallClockFormats.set(zone.name, format);
  }
  // As a Date holds it: whole milliseconds, then whole seconds.
  const ms = Math.trunc(utcMs);
  const wall = WALL_CLOCK.exec(format.format(ms));
  if (!wall) return Math.round(zone.offset(utcMs) * 60);
  const hour = Number(wall[4]);
  const wallMs = Date.UTC(Number(wall[3]), Number(wall[1]) - 1, Number(wall[2]), hour === 24 ? 0 : hour, Number(wall[5]), Number(wall[6]));
  const over = ms % 1000;
  return Math.round((wallMs - (ms - (over >= 0 ? over : 1000 + over))) / 1000);
}
