/**
 * Serving a return request (REST and MCP share these): the nested birth and the return place are
 * resolved on the event loop (the gazetteer and zone caches live there), the settings merged, the
 * search window read and bounded; then the compute pool casts the charts and writes the answer.
 */
import type { ComputeRunner } from '../../compute/runner.ts';
import { civilAtOffsetMs, readIsoDateTime } from '../../astro/iso-date-time.ts';
import { MAX_YEAR, MIN_YEAR } from '../requests/birth-schema.ts';
import { resolveNestedNatal, type NestedLocation, type NestedNatal } from '../requests/nested-natal-schema.ts';
import { requestedZone, resolveSubjectPlace, type ResolvedPlace } from '../requests/place.ts';
import { RequestFieldError } from '../requests/request-error.ts';
import { natalRequest } from '../natal/natal-schemas.ts';
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

/** The natal task of a nested birth under the request's settings: the natal endpoint's own request, so castNatal reads it as it reads a natal request. */
function natalTaskOf(natal: NestedNatal, settings: ReturnType<typeof mergedSettings>): NatalTask {
  const { birth, place } = resolveNestedNatal(natal, ['body', 'natal']);
  const request = natalRequest.parse({
    ...withoutUndefined(birth),
    ...withoutUndefined({ house_system: settings.house_system, zodiac_type: settings.zodiac_type, sidereal_ayanamsa: settings.sidereal_ayanamsa, node_type: settings.node_type }),
  });
  return { request, place, includeMinor: settings.aspectSet === 'all', includeStelliums: false };
}

function withoutUndefined<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined && v !== null) (out as Record<string, unknown>)[k] = v;
  return out;
}

/** Where the returns are cast: the location sent, or the natal place (and zone). */
function returnPlaceOf(location: NestedLocation | undefined, natal: NatalTask, loc: (string | number)[]): { place: ResolvedPlace; tz: string | undefined } {
  if (!location) return { place: natal.place, tz: undefined };
  const zone = requestedZone(location, loc);
  return { place: resolveSubjectPlace(location, loc), tz: zone.tz !== undefined && zone.tz.toUpperCase() !== 'AUTO' ? zone.tz : undefined };
}

export function solarReturnTask(body: SolarReturnRequest): SolarReturnTask {
  const settings = mergedSettings(body.settings, body.solar_return.settings);
  const natal = natalTaskOf(body.natal, settings);
  const where = returnPlaceOf(body.solar_return.location, natal, ['body', 'solar_return', 'location']);
  return { natal, aspectSet: settings.aspectSet, returnPlace: where.place, returnTz: where.tz, year: body.solar_return.year };
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

export function returnsTask(body: ReturnsRequest): ReturnsTask {
  const target = body.return_target;
  const settings = mergedSettings(body.settings, target.settings);
  const natal = natalTaskOf(body.natal, settings);
  const where = returnPlaceOf(target.location, natal, ['body', 'return_target', 'location']);
  const startMs = searchInstant(target.search_start, false);
  let endMs: number | undefined;
  if (target.search_end !== undefined) {
    endMs = searchInstant(target.search_end, true);
    if (endMs <= startMs) throw new RequestFieldError(['body', 'return_target', 'search_end'], 'search_end must be after search_start', 'value_error.range');
    if (endMs - startMs > MAX_WINDOW_YEARS * YEAR_MS) throw new RequestFieldError(['body', 'return_target', 'search_end'], `the search window is at most ${MAX_WINDOW_YEARS} years`, 'value_error.range');
  }
  return { natal, aspectSet: settings.aspectSet, returnPlace: where.place, returnTz: where.tz, body: target.body as ReturnBody, startMs, endMs };
}

export function calculateSolarReturn(compute: ComputeRunner, body: SolarReturnRequest): Promise<Buffer> {
  return compute.run('solar_return', solarReturnTask(body));
}

export function calculateReturns(compute: ComputeRunner, body: ReturnsRequest): Promise<Buffer> {
  return compute.run('planet_returns', returnsTask(body));
}
