/**
 * A numerology profile request, as the REST route and the MCP tool serve it: the engine in
 * src/numerology with this process's gazetteer and time-zone lookup for `tz_str: "AUTO"`.
 * Nothing of the subject is kept.
 */
import { randomUUID } from 'node:crypto';
import { runProfileRequest, type EngineResponse } from '../../numerology/index.ts';
import { timeZoneAt } from '../../geo/time-zone-lookup.ts';
import { findPlace } from '../../geo/gazetteer.ts';

/** `tz_str: "AUTO"` in a numerology request: the zone of the given coordinates or city. */
function resolveTimeZone(query: { city?: string; lat?: number; lng?: number }): string | null {
  if (query.lat !== undefined && query.lng !== undefined) return timeZoneAt(query.lat, query.lng);
  if (query.city) {
    const place = findPlace(query.city);
    return place ? timeZoneAt(place.lat, place.lng) : null;
  }
  return null;
}

/**
 * `instance` is the request's URI in problem details; the trace id ties an answer to its logs. A
 * replay passes the instant and trace id of the first run, so that it answers the same.
 */
export function calculateProfile(body: unknown, instance: string, run: { now?: number; traceId?: string } = {}): EngineResponse & { traceId: string } {
  const traceId = run.traceId ?? randomUUID();
  return { ...runProfileRequest(body, { instance, traceId, now: new Date(run.now ?? Date.now()), resolveTimeZone }), traceId };
}
