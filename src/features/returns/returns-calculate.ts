/**
 * Serving a return request (REST and MCP share these): the places of the birth and of the return
 * are resolved on the event loop (the gazetteer and zone caches live there); the compute pool
 * then reads the rest (the nested birth's moment, the settings, the search window and its bounds:
 * a problem there is a RequestFieldError, a 422 naming the field), casts the charts and writes the
 * answer.
 */
import type { ComputeRunner } from '../../compute/runner.ts';
import { civilAtOffsetMs, readIsoDateTime } from '../../astro/iso-date-time.ts';
import { MAX_YEAR, MIN_YEAR, chartSettingsFields } from '../requests/birth-schema.ts';
import { nestedNatalPlace, resolveNestedNatal, type NestedLocation, type NestedNatal } from '../requests/nested-natal-schema.ts';
import { requestedZone, resolveSubjectPlace, type ResolvedPlace } from '../requests/place.ts';
import { RequestFieldError } from '../requests/request-error.ts';
import { z } from 'zod/v4';
import type { NatalRequest } from '../natal/natal-schemas.ts';
import type { NatalTask } from '../natal/natal-service.ts';
import type { ReturnBody } from '../../astro/returns.ts';
import { MAX_WINDOW_YEARS, type ReturnSettingsInput, type ReturnsRequest, type SolarReturnRequest } from './returns-schemas.ts';
import type { AspectSet, ReturnsTask, SolarReturnTask } from './returns-service.ts';

/** The settings of a request: the nested block's keys win over the root `settings`, and the natal endpoint's defaults fill the rest. */
function mergedSettings(root: ReturnSettingsInput | undefined, nested: ReturnSettingsInput | undefined) {
  const pick = <K extends keyof ReturnSettingsInput>(key: K) => nested?.[key] ?? root?.[key] ?? undefined;
  return {
    house_system: pick('house_system'), zodiac_type: pick('zodiac_type'), sidereal_ayanamsa: pick('sidereal_ayanamsa'),
    node_type: pick('node_type'), aspectSet: (pick('aspect_set') ?? 'major') as AspectSet,
  };
}

/** The natal endpoint's defaults of the chart settings, read once from its schema (placidus, tropical, mean node). */
const NATAL_SETTINGS_DEFAULTS = z.object(chartSettingsFields).parse({});

/**
 * The natal task of a nested birth under the request's settings: the natal endpoint's own request
 * (its fields, its defaults), so that castNatal reads it as it reads a natal request. Built from
 * fields both schemas have validated already, without a second parse (a fifth of the work of
 * reading the request).
 */
function natalTaskOf(natal: NestedNatal, settings: ReturnType<typeof mergedSettings>, natalPlace: ResolvedPlace): NatalTask {
  const { birth, place } = resolveNestedNatal(natal, ['body', 'natal'], natalPlace);
  const request: NatalRequest = {
    ...birth,
    house_system: settings.house_system ?? NATAL_SETTINGS_DEFAULTS.house_system,
    zodiac_type: settings.zodiac_type ?? NATAL_SETTINGS_DEFAULTS.zodiac_type,
    sidereal_ayanamsa: settings.sidereal_ayanamsa ?? NATAL_SETTINGS_DEFAULTS.sidereal_ayanamsa,
    node_type: settings.node_type ?? NATAL_SETTINGS_DEFAULTS.node_type,
  };
  return { request, place, includeMinor: settings.aspectSet === 'all', includeStelliums: false };
}

/** The places a return request names, resolved on the event loop: the birth's, and the return's when `location` is sent (else the birth's). */
export interface ReturnPlaces {
  natal: ResolvedPlace;
  /** Absent: the returns are cast at the birth place, in the birth's zone. */
  returnPlace?: ResolvedPlace | undefined;
  /** The zone named for the return place, or undefined for AUTO. */
  returnTz?: string | undefined;
}

function placesOf(natal: NestedNatal, location: NestedLocation | undefined, loc: (string | number)[]): ReturnPlaces {
  const places: ReturnPlaces = { natal: nestedNatalPlace(natal, ['body', 'natal']) };
  if (!location) return places;
  const zone = requestedZone(location, loc);
  places.returnPlace = resolveSubjectPlace(location, loc);
  places.returnTz = zone.tz !== undefined && zone.tz.toUpperCase() !== 'AUTO' ? zone.tz : undefined;
  return places;
}

export const solarReturnPlaces = (body: SolarReturnRequest) => placesOf(body.natal, body.solar_return.location, ['body', 'solar_return', 'location']);
export const returnsPlaces = (body: ReturnsRequest) => placesOf(body.natal, body.return_target.location, ['body', 'return_target', 'location']);

/** What the compute pool gets: the validated body and its resolved places. */
export interface SolarReturnJob { body: SolarReturnRequest; places: ReturnPlaces }
export interface ReturnsJob { body: ReturnsRequest; places: ReturnPlaces }

export function solarReturnTask(body: SolarReturnRequest, places = solarReturnPlaces(body)): SolarReturnTask {
  const settings = mergedSettings(body.settings, body.solar_return.settings);
  const natal = natalTaskOf(body.natal, settings, places.natal);
  return { natal, aspectSet: settings.aspectSet, returnPlace: places.returnPlace ?? natal.place, returnTz: places.returnTz, year: body.solar_return.year };
}

/** A search bound: a date is 00:00 UTC (or, for the end, 24:00 UTC: the whole day); a date-time is UTC unless it carries an offset. */
function searchInstant(text: string, end: boolean): number {
  const reading = readIsoDateTime(text, { min: MIN_YEAR, max: MAX_YEAR });
  if (!reading.ok) throw new Error(reading.reason); // the schema has read it already
  const { civil, hasTime, offsetSeconds } = reading.value;
  const ms = civilAtOffsetMs(civil, offsetSeconds ?? 0);
  return !hasTime && end ? ms + 86_400_000 : ms;
}

const YEAR_MS = 365.25 * 86_400_000;

export function returnsTask(body: ReturnsRequest, places = returnsPlaces(body)): ReturnsTask {
  const target = body.return_target;
  const settings = mergedSettings(body.settings, target.settings);
  const natal = natalTaskOf(body.natal, settings, places.natal);
  const startMs = searchInstant(target.search_start, false);
  let endMs: number | undefined;
  if (target.search_end !== undefined) {
    endMs = searchInstant(target.search_end, true);
    if (endMs <= startMs) throw new RequestFieldError(['body', 'return_target', 'search_end'], 'search_end must be after search_start', 'value_error.range');
    if (endMs - startMs > MAX_WINDOW_YEARS * YEAR_MS) throw new RequestFieldError(['body', 'return_target', 'search_end'], `the search window is at most ${MAX_WINDOW_YEARS} years`, 'value_error.range');
  }
  return { natal, aspectSet: settings.aspectSet, returnPlace: places.returnPlace ?? natal.place, returnTz: places.returnTz, body: target.body as ReturnBody, startMs, endMs };
}

export function calculateSolarReturn(compute: ComputeRunner, body: SolarReturnRequest): Promise<Buffer> {
  return compute.run('solar_return', { body, places: solarReturnPlaces(body) });
}

export function calculateReturns(compute: ComputeRunner, body: ReturnsRequest): Promise<Buffer> {
  return compute.run('planet_returns', { body, places: returnsPlaces(body) });
}
