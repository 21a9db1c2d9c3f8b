/** Natal charts computed by the service's own natal task, for tests of what reads them. */
import { initEphemeris } from '../../src/astro/ephemeris.ts';
import { computeNatal } from './answer-oracles.ts';
import { natalRequest } from '../../src/features/western/natal/natal-schemas.ts';
import type { NatalChartInput } from '../../src/interpretations/chart-input.ts';

export const PLACES = {
  paris: { city: 'Paris', country: 'FR', lat: 48.8566, lng: 2.3522, source: 'request' as const, zone: 'Europe/Paris' },
  lisbon: { city: 'Lisbon', country: 'PT', lat: 38.7223, lng: -9.1393, source: 'request' as const, zone: 'Europe/Lisbon' },
  tromso: { city: 'Tromsø', country: 'NO', lat: 69.6492, lng: 18.9553, source: 'request' as const, zone: 'Europe/Oslo' },
};

export function natalChartFor(birth: Record<string, unknown>, place: (typeof PLACES)[keyof typeof PLACES]): NatalChartInput {
  initEphemeris();
  const request = natalRequest.parse({ ...birth, lat: place.lat, lng: place.lng, tz_str: place.zone });
  return computeNatal({ request, place, includeMinor: false, includeStelliums: false });
}

/** A timed chart (Paris 1990), the same birth untimed, and a polar birth where Placidus falls back to Porphyry. */
export const SAMPLE_BIRTHS = {
  timed: { birth: { name: 'Camille Durand', year: 1990, month: 5, day: 12, hour: 14, minute: 30 }, place: PLACES.paris },
  untimed: { birth: { name: 'Camille Durand', year: 1990, month: 5, day: 12, time_known: false }, place: PLACES.paris },
  polar: { birth: { name: 'Ingrid Berg', year: 1985, month: 12, day: 21, hour: 9, minute: 15 }, place: PLACES.tromso },
} as const;

/** The same chart cast `minutes` later (earlier when negative) on its local clock, at its place and in its zone. */
export function castMinutesLater(chart: NatalChartInput, minutes: number): NatalChartInput {
  const [date, time] = chart.subject.datetime.split('T') as [string, string];
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi + minutes));
  const { lat, lng, timezone } = chart.subject.location;
  return natalChartFor(
    { name: 'x', year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate(), hour: t.getUTCHours(), minute: t.getUTCMinutes() },
    { city: null, country: null, lat, lng, source: 'request', zone: timezone } as never,
  );
}
