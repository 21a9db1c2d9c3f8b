/**
 * The place a city check or a relocation is about: a city looked up in the gazetteer (with its
 * population and zone), or coordinates (named after the nearest city within 50 km for its
 * country). Resolved on the event loop, where the gazetteer and the zone lookup live.
 */
import { countryName, matchPlace, resolveCountry } from '../../../geo/gazetteer.ts';
import { cityGrid } from '../../../geo/city-grid.ts';
import { timeZoneAt } from '../../../geo/time-zone-lookup.ts';
import { resolvePlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { NEAREST_CITY_MIN_POPULATION } from './astrocartography-service.ts';

export interface AcgTarget {
  name: string;
  country: string | null;
  state: string | null;
  lat: number;
  lng: number;
  timezone: string;
  population: number | null;
  /** Set when the name also belongs to places elsewhere: which one was chosen. */
  ambiguity?: string | undefined;
}

/** How near a city must be for coordinates to take its country. */
const SAME_PLACE_KM = 50;

export function resolveTarget(input: {
  city?: string | undefined;
  country?: string | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
}): AcgTarget {
  if (input.country !== undefined && resolveCountry(input.country) === undefined) {
    throw new RequestFieldError(
      ['body', 'country'],
      `unknown country '${input.country}': send an ISO 3166-1 alpha-2 code such as PT, or an English country name`,
      'value_error.country',
    );
  }
  const resolved = resolvePlace(input, ['body']);
  if (resolved.source === 'gazetteer') {
    const place = matchPlace(input.city!, input.country)!.place;
    return {
      name: place.name,
      country: place.country,
      state: place.region,
      lat: place.lat,
      lng: place.lng,
      timezone: place.timezone || timeZoneAt(place.lat, place.lng),
      population: place.population,
      ambiguity: resolved.ambiguity,
    };
  }
  const near = cityGrid(NEAREST_CITY_MIN_POPULATION).nearest(resolved.lat, resolved.lng);
  const close = near && near.distanceKm <= SAME_PLACE_KM ? near.city : undefined;
  const country = input.country ? resolveCountry(input.country)! : (close?.country ?? null);
  return {
    name: input.city ?? (close ? `${close.name} area (${resolved.lat}, ${resolved.lng})` : `${resolved.lat}, ${resolved.lng}`),
    country,
    state: close?.region ?? null,
    lat: resolved.lat,
    lng: resolved.lng,
    timezone: timeZoneAt(resolved.lat, resolved.lng),
    population: null,
  };
}

export const targetTitle = (t: AcgTarget) => (t.country ? `${t.name}, ${countryName(t.country)}` : t.name);
