/**
 * The IANA time zone in force at a place, from the offline timezone-boundary-builder dataset.
 * The "all" product keeps zones that differ before 1970, which matters for historical births.
 */
import { find } from 'geo-tz/all';

export function timeZoneAt(lat: number, lng: number): string {
  const zones = find(lat, lng);
  // Over open ocean the dataset answers with nautical Etc/GMT±N zones, which is right there.
  return zones[0] ?? 'Etc/UTC';
}
