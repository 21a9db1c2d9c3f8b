/**
 * One search result as every place search shows it (REST and the MCP tool alike): the public
 * service's field names (`state` for the first-level region), with `region` kept beside it for
 * the callers that read the MCP tool's earlier name.
 */
import { countryName } from '../../geo/gazetteer.ts';
import type { PlaceHit } from '../../geo/place-search.ts';
import type { GeoPlace } from './geo-schemas.ts';

export function placeResult(hit: PlaceHit, timezone = hit.place.timezone): GeoPlace {
  const p = hit.place;
  return {
    name: p.name,
    country: p.country,
    country_name: countryName(p.country),
    state: p.region,
    region: p.region,
    district: p.district,
    lat: p.lat,
    lng: p.lng,
    timezone,
    population: p.population,
    geonames_id: p.geonames_id,
    match: hit.match,
    matched_name: hit.matched_name,
  };
}
