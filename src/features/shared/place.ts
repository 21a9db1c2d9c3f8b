/** Where a birth or event happened: given coordinates, or a city looked up in the gazetteer. */
import { findPlace } from '../../geo/gazetteer.ts';
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
  lat: number;
  lng: number;
  /** `request`: coordinates as sent; `gazetteer`: looked up from the city name. */
  source: 'request' | 'gazetteer';
}

export function resolvePlace(input: PlaceInput, loc: (string | number)[], names = { city: 'city', lat: 'lat', lng: 'lng' }): ResolvedPlace {
  const hasLat = input.lat !== undefined && input.lat !== null;
  const hasLng = input.lng !== undefined && input.lng !== null;
  if (hasLat !== hasLng) {
    throw new RequestFieldError([...loc, hasLat ? names.lng : names.lat], `${names.lat} and ${names.lng} must be given together`, 'missing');
  }
  if (hasLat && hasLng) {
    return { city: input.city ?? null, country: input.country ?? null, lat: input.lat!, lng: input.lng!, source: 'request' };
  }
  if (!input.city) {
    throw new RequestFieldError([...loc, names.city], `${names.city}, or ${names.lat} and ${names.lng}, are required`, 'missing');
  }
  const place = findPlace(input.city, input.country);
  if (!place) {
    const where = input.country ? ` in ${input.country}` : '';
    throw new RequestFieldError([...loc, names.city], `unknown city '${input.city}'${where}; send ${names.lat} and ${names.lng} instead`, 'value_error.unknown_city');
  }
  return { city: place.name, country: place.country, lat: place.lat, lng: place.lng, source: 'gazetteer' };
}
