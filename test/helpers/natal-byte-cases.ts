/**
 * Natal tasks for the byte-equality guard: random births from a seeded generator, with every
 * option of the natal request on and off, so that the answer's bytes can be pinned and any
 * change of them found. The same seed always gives the same tasks.
 */
import { natalRequest } from '../../src/features/western/natal/natal-schemas.ts';
import type { NatalTask } from '../../src/features/western/natal/natal-service.ts';
import { runTask } from '../../src/pool-tasks.ts';
import { createHash } from 'node:crypto';
import { ZoneOffsetTable } from '../../src/astro/zone-offset-table.ts';
import { seededRandom } from './seeded-random.ts';

/** Zones with summer time, half and quarter hours, historical local mean time and odd rules. */
const ZONES = [
  'Europe/London',
  'Europe/Lisbon',
  'Europe/Berlin',
  'Europe/Amsterdam',
  'Europe/Moscow',
  'America/New_York',
  'America/Sao_Paulo',
  'America/St_Johns',
  'America/Havana',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Tehran',
  'Australia/Lord_Howe',
  'Australia/Adelaide',
  'Pacific/Chatham',
  'Pacific/Apia',
  'Africa/Casablanca',
  'Asia/Jerusalem',
  'America/Santiago',
  'UTC',
];
const HOUSES = ['placidus', 'koch', 'whole_sign', 'equal', 'campanus', 'regiomontanus', 'porphyry', 'topocentric', 'alcabitius', 'meridian', 'sunshine', 'apc'];
const FEATURES = [
  'chiron',
  'lilith',
  'true_lilith',
  'true_node',
  'mean_node',
  'north_node',
  'south_node',
  'pholus',
  'ceres',
  'pallas',
  'juno',
  'vesta',
  'part_of_fortune',
  'asc',
  'mc',
  'ic',
  'dc',
  'vertex',
];
const AYANAMSAS = ['lahiri', 'fagan_bradley', 'raman', 'krishnamurti'];
const POLICIES = ['earlier', 'later', 'shift_forward', 'reject'];

export const NATAL_BYTE_CASE_COUNT = 2000;
/** Births beyond the polar circles, where the quadrant house systems fall back (and say so). */
export const NATAL_POLAR_CASE_COUNT = 300;

/** Latitudes of the cases: one draw each (the recorded sequence depends on it), within ±65°. */
const TEMPERATE = (random: () => number) => Math.round((random() * 130 - 65) * 1e4) / 1e4;
/** Within 65° and 90° of either hemisphere, the poles included. */
const POLAR = (random: () => number) => Math.min(90, Math.round((65 + random() * 25.2) * 1e4) / 1e4) * (random() < 0.5 ? -1 : 1);

/** Every case of the guard: the recorded random births, then the polar ones from a seed of their own. */
export function natalGuardCases(): NatalTask[] {
  return [...natalByteCases(), ...natalByteCases(NATAL_POLAR_CASE_COUNT, 65_2026, POLAR)];
}

/** `seed` other than the default gives other cases (the recorded digests are of the default's). */
export function natalByteCases(count = NATAL_BYTE_CASE_COUNT, seed = 22_2026, latitude = TEMPERATE): NatalTask[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const chance = (p: number) => random() < p;
  const tasks: NatalTask[] = [];
  for (let i = 0; i < count; i++) {
    const body: Record<string, unknown> = {
      year: chance(0.1) ? 1583 + Math.floor(random() * 1400) : 1850 + Math.floor(random() * 200),
      month: 1 + Math.floor(random() * 12),
      day: 1 + Math.floor(random() * 28),
      hour: Math.floor(random() * 24),
      minute: Math.floor(random() * 60),
      lat: latitude(random),
      lng: Math.round((random() * 360 - 180) * 1e4) / 1e4,
    };
    // One case in four within two hours (wall clock) of an offset change: gaps, folds and their edges.
    let zone = chance(0.75) ? pick(ZONES) : undefined; // otherwise the zone of the place
    if (chance(0.25)) {
      zone = pick(ZONES.filter((z) => z !== 'UTC'));
      const year = 1900 + Math.floor(random() * 140);
      const changes = new ZoneOffsetTable(zone).changesBetween(Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1));
      if (changes.length) {
        const change = pick(changes);
        const wall = new Date(change.atMs + change.before * 1000 + Math.round(random() * 240 - 120) * 60_000);
        Object.assign(body, {
          year: wall.getUTCFullYear(),
          month: wall.getUTCMonth() + 1,
          day: wall.getUTCDate(),
          hour: wall.getUTCHours(),
          minute: wall.getUTCMinutes(),
          time_known: true,
        });
      }
    }
    if (chance(0.2)) body.second = chance(0.5) ? Math.floor(random() * 60) : Math.round(random() * 59_999) / 1000;
    if (chance(0.2) && body.time_known === undefined) body.time_known = false;
    if (chance(0.3)) body.name = `Case ${i}`;
    if (zone) body[chance(0.5) ? 'tz_str' : 'timezone'] = zone;
    if (chance(0.4)) body.dst_policy = pick(POLICIES);
    body.house_system = pick(HOUSES);
    if (chance(0.4)) {
      body.zodiac_type = 'sidereal';
      if (chance(0.7)) body.sidereal_ayanamsa = pick(AYANAMSAS);
    }
    if (chance(0.5)) body.node_type = pick(['mean', 'true']);
    if (chance(0.4)) body.include_features = FEATURES.filter(() => chance(0.3));
    if (chance(0.4)) body.include_dignity = chance(0.8);
    if (chance(0.2)) body.orb_settings = { conjunction: 1 + Math.floor(random() * 10), trine: Math.round(random() * 80) / 10 };
    if (chance(0.05)) body.fixed_stars = pick([['royal_4'], ['Regulus', 'Spica'], ['behenian_15']]);
    if (chance(0.2)) body.precision = Math.floor(random() * 13);
    if (chance(0.1)) body.include_speed = true;
    const request = natalRequest.parse(body);
    tasks.push({
      request,
      place: chance(0.1)
        ? { city: 'Porto', country: 'PT', region: 'Porto', lat: body.lat as number, lng: body.lng as number, source: 'gazetteer' }
        : { city: null, country: null, lat: body.lat as number, lng: body.lng as number, source: 'request' },
      includeMinor: chance(0.4),
      includeStelliums: chance(0.4),
    });
  }
  return tasks;
}

/** SHA-256 (hex) of a task's answer bytes, or of its request error, as the service sends them. */
export function natalAnswerDigest(task: NatalTask): string {
  const out = runTask('natal', task);
  const bytes = out instanceof Uint8Array ? out : new TextEncoder().encode(`error ${JSON.stringify(out)}`);
  return createHash('sha256').update(bytes).digest('hex');
}
