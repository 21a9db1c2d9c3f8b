/**
 * Transits tasks for the byte-equality guard: the natal guard's random births as the natal side,
 * random transit dates (local times and instants with an offset), house systems, zodiacs, node
 * types, precision, orbs and minor aspects on and off. The interpretation is left out: its text
 * has tests of its own, and the guard pins the chart's bytes. The same seed always gives the same tasks.
 */
import { createHash } from 'node:crypto';
import { runTask } from '../../src/pool-tasks.ts';
import { transitRequest } from '../../src/features/western/transits/transits-schemas.ts';
import type { TransitTask } from '../../src/features/western/transits/transits-service.ts';
import { resolveSubjectPlace, resolveTransitPlace } from '../../src/requests/place.ts';
import { natalByteCases } from './natal-byte-cases.ts';
import { seededRandom } from './seeded-random.ts';

export const TRANSIT_BYTE_CASE_COUNT = 1000;

const pad = (n: number) => String(n).padStart(2, '0');

export function transitByteCases(count = TRANSIT_BYTE_CASE_COUNT): TransitTask[] {
  const random = seededRandom(22_2027);
  return natalByteCases(count, 5_2027).map((n) => {
    const r = n.request;
    const natal: Record<string, unknown> = {
      year: r.year,
      month: r.month,
      day: r.day,
      hour: r.hour,
      minute: r.minute,
      second: r.second,
      time_known: r.time_known,
      lat: n.place.lat,
      lng: n.place.lng,
      tz_str: r.tz_str,
      timezone: r.timezone,
      dst_policy: r.dst_policy,
      name: r.name,
    };
    const date = `${1850 + Math.floor(random() * 250)}-${pad(1 + Math.floor(random() * 12))}-${pad(1 + Math.floor(random() * 28))}T${pad(Math.floor(random() * 24))}:${pad(Math.floor(random() * 60))}`;
    const body: Record<string, unknown> = {
      natal,
      transit_date: random() < 0.3 ? `${date}${random() < 0.5 ? 'Z' : '+05:30'}` : date,
      house_system: r.house_system,
      zodiac_type: r.zodiac_type,
      sidereal_ayanamsa: r.sidereal_ayanamsa,
      node_type: r.node_type,
      interpretation: { enable: false },
    };
    if (random() < 0.2) body.precision = Math.floor(random() * 13);
    if (random() < 0.2) body.orb_settings = { trine: Math.round(random() * 90) / 10, Conjunction: 1 + Math.floor(random() * 9) };
    for (const o of [natal, body]) for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
    const request = transitRequest.parse(body);
    const natalPlace = resolveSubjectPlace(request.natal, ['body', 'natal']);
    return { request, natalPlace, transitPlace: resolveTransitPlace(request, natalPlace), nowMs: 0, includeMinor: random() < 0.4 };
  });
}

/** SHA-256 (hex) of a task's answer bytes, or of its request error, as the service sends them. */
export function transitAnswerDigest(task: TransitTask): string {
  const out = runTask('transits', task);
  const bytes = out instanceof Uint8Array ? out : new TextEncoder().encode(`error ${JSON.stringify(out)}`);
  return createHash('sha256').update(bytes).digest('hex');
}
