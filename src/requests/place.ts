/** Where a birth or event happened: given coordinates, or a city looked up in the gazetteer. */
import { describePlace, matchPlace, type PlaceMatch } from '../geo/gazetteer.ts';
import { closestPlaceNames } from '../geo/place-search.ts';
import { timeZoneAt } from '../geo/time-zone-lookup.ts';
import { RequestFieldError } from './request-error.ts';

export interface PlaceInput {
  city?: string | undefined;
  country?: string | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
}

export interface ResolvedPlace {
  city: string | null;
  country: string | null;
  /** First-level region (state, province) of a place found in the gazetteer. */
  region?: string | null | undefined;
  lat: number;
  lng: number;
  /** `request`: coordinates as sent; `gazetteer`: looked up from the city name. */
  source: 'request' | 'gazetteer';
  /**
   * The IANA zone at the coordinates, when the request leaves its zone to `AUTO`. Looked up on
   * the event loop, so that one bounded cache of decoded boundaries serves every request and
   * the compute threads hold none (moment.ts looks it up itself when it is missing).
   */
  zone?: string | undefined;
  /**
   * Set when the city name also belongs to places in other countries and the request named no
   * country: which place was chosen, and the runners-up. Responses carry it as a warning.
   */
  ambiguity?: string | undefined;
}

/** The warnings a response carries about its places (each once: a transit place is often the natal one). */
export function placeWarnings(...places: (ResolvedPlace | null | undefined)[]): string[] {
  if (places.length === 1) {
    // One place (every natal answer): without the set and the two arrays (with the unzeroed answer
    // blocks of json-tape.ts, about a microsecond a natal chart in alternating batches).
    const warning = places[0]?.ambiguity;
    return warning === undefined ? [] : [warning];
  }
  return [...new Set(places.map((p) => p?.ambiguity).filter((w): w is string => w !== undefined))];
}

const count = (n: number) => n.toLocaleString('en-US');

function ambiguityOf(typed: string, match: PlaceMatch): string | undefined {
  if (match.namesakes.length === 0) return undefined;
  const others = match.namesakes.map((p) => `${describePlace(p)} (${count(p.population)})`).join(' and ');
  return `city '${typed}' names places in several countries: chose ${describePlace(match.place)} (population ${count(match.place.population)}), the most populous; also ${others}. Send country (or lat and lng) to choose another.`;
}

/** Whether a request's time-zone field asks for the zone of the place (absent or `AUTO`). */
export const isAutoZone = (tz: string | null | undefined) => !tz || tz.toUpperCase() === 'AUTO';

/** A request's two names for its time zone: `tz_str` and its alias `timezone`. */
export interface ZoneFields {
  tz_str?: string | null | undefined;
  timezone?: string | null | undefined;
}

/** The zone's canonical name (`Etc/UTC` and `UTC`, `US/Eastern` and `America/New_York` are one zone), or the name in lower case when it is none. */
function canonicalZone(name: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return name.toLowerCase();
  }
}

/**
 * The zone a request asks for and the field that named it. `tz_str` and its alias `timezone` may
 * both be sent: a zone named in one wins over `AUTO` in the other (AUTO is the default a client
 * library may fill in), one zone named twice is one zone (in any letter case, or by two of its
 * names), and two different zones are refused, since which one the client meant cannot be told.
 * `primary` is the field that wins when both say AUTO (the moon's endpoints document `timezone`
 * first).
 */
export function requestedZone(
  fields: ZoneFields,
  loc: (string | number)[],
  primary: keyof ZoneFields = 'tz_str',
): { tz: string | undefined; field: keyof ZoneFields } {
  const secondary: keyof ZoneFields = primary === 'tz_str' ? 'timezone' : 'tz_str';
  const first = fields[primary] || undefined;
  const second = fields[secondary] || undefined;
  if (second === undefined || (first !== undefined && isAutoZone(second))) return { tz: first, field: primary };
  if (first === undefined || isAutoZone(first)) return { tz: second, field: secondary };
  if (first.toLowerCase() !== second.toLowerCase() && canonicalZone(first) !== canonicalZone(second)) {
    throw new RequestFieldError(
      [...loc, 'timezone'],
      `tz_str '${fields.tz_str}' and timezone '${fields.timezone}' name different zones; send one of them`,
      'value_error.conflict',
    );
  }
  return { tz: first, field: primary };
}

/** The place with its zone looked up, when the request's time-zone field `tz` is absent or `AUTO`. */
export function withAutoZone(place: ResolvedPlace, tz: string | null | undefined): ResolvedPlace {
  return isAutoZone(tz) && place.zone === undefined ? { ...place, zone: timeZoneAt(place.lat, place.lng) } : place;
}

/** The place of a subject (a birth, a person), with its zone when its `tz_str` (or `timezone`) is absent or `AUTO`. */
export function resolveSubjectPlace(subject: PlaceInput & ZoneFields, loc: (string | number)[]): ResolvedPlace {
  return withAutoZone(resolvePlace(subject, loc), requestedZone(subject, loc).tz);
}

/**
 * A second place sent as `<prefix>_city`, `_country`, `_lat`, `_lng` (where transits, a return or
 * a progression are cast), or `fallback` when none of them is sent.
 */
export function prefixedPlaceOr(fallback: ResolvedPlace, body: Record<string, unknown>, prefix: string): ResolvedPlace {
  const city = body[`${prefix}_city`] as string | undefined;
  const lat = body[`${prefix}_lat`] as number | undefined;
  const lng = body[`${prefix}_lng`] as number | undefined;
  if (city === undefined && lat === undefined && lng === undefined) return fallback;
  return resolvePlace({ city, country: body[`${prefix}_country`] as string | undefined, lat, lng }, ['body'], {
    city: `${prefix}_city`,
    lat: `${prefix}_lat`,
    lng: `${prefix}_lng`,
  });
}

/**
 * Where transits are cast: `current_city` / `_lat` / `_lng` (and `_country`), or the natal place;
 * with its zone when the request's `tz_str` is absent or `AUTO`.
 */
export function resolveTransitPlace(body: Record<string, unknown> & { tz_str?: string | null | undefined }, natalPlace: ResolvedPlace): ResolvedPlace {
  return withAutoZone(prefixedPlaceOr(natalPlace, body, 'current'), body.tz_str);
}

export function resolvePlace(input: PlaceInput, loc: (string | number)[], names = { city: 'city', lat: 'lat', lng: 'lng' }): ResolvedPlace {
  const hasLat = input.lat !== undefined && input.lat !== null;
  const hasLng = input.lng !== undefined && input.lng !== null;
  if (hasLat !== hasLng) {
    throw new RequestFieldError([...loc, hasLat ? names.lng : names.lat], `${names.lat} and ${names.lng} must be given together`, 'missing');
  }
  if (hasLat && hasLng) {
    return place(input.city ?? null, input.country ?? null, undefined, input.lat!, input.lng!, 'request');
  }
  if (!input.city) {
    throw new RequestFieldError([...loc, names.city], `${names.city}, or ${names.lat} and ${names.lng}, are required`, 'missing');
  }
  const match = matchPlace(input.city, input.country);
  if (!match) {
    const where = input.country ? ` in ${input.country}` : '';
    // The nearest names the search finds for the same text (a misspelling, a name cut short), so the caller can correct it.
    const closest = closestPlaceNames(input.city, input.country);
    const suggestion = closest.length ? `; closest known: ${closest.map((name) => `'${name}'`).join(', ')}` : '';
    throw new RequestFieldError(
      [...loc, names.city],
      `unknown city '${input.city}'${where}${suggestion}; send ${names.lat} and ${names.lng} instead`,
      'value_error.unknown_city',
    );
  }
  const found = match.place;
  return place(found.name, found.country, found.region, found.lat, found.lng, 'gazetteer', ambiguityOf(input.city, match));
}

/**
 * Every place with the same keys in the same order (undefined where a key does not apply): the
 * code that reads places, on both sides of the thread boundary, then sees one shape instead of
 * one per combination, whose property loads fell back to the slow, megamorphic kind.
 */
function place(
  city: string | null,
  country: string | null,
  region: string | null | undefined,
  lat: number,
  lng: number,
  source: ResolvedPlace['source'],
  ambiguity?: string,
): ResolvedPlace {
  return { city, country, region, lat, lng, source, zone: undefined, ambiguity };
}
