/**
 * Seeded random natal charts for the report's tests: births from 1930 to 2019, about one in seven
 * without a birth time, places at every longitude from 55° S to 68° N, every seventh timed one
 * inside a polar circle (where house systems give way), cast in UTC; and charts all without a
 * birth time (untimedBirths).
 */
import type { NatalChartInput } from '../../src/interpretations/chart-input.ts';
import { natalChartFor } from './natal-charts.ts';
import { seededRandom } from './seeded-random.ts';

export function randomReportCharts(count: number, seed: number): NatalChartInput[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const timed = random() < 0.85;
    const birth = {
      name: `Person ${i}`,
      year: 1930 + Math.floor(random() * 90),
      month: 1 + Math.floor(random() * 12),
      day: 1 + Math.floor(random() * 28),
      ...(timed ? { hour: Math.floor(random() * 24), minute: Math.floor(random() * 60) } : { time_known: false }),
    };
    const lat = timed && i % 7 === 3 ? 66.6 + random() * 3 : -55 + random() * 123;
    return natalChartFor(birth, { city: null, country: null, lat, lng: -170 + random() * 340, source: 'request', zone: 'UTC' } as never);
  });
}

/** Untimed charts: births from 1930 to 2019 without a birth time, at places from 55° S to 60° N, cast in UTC. */
export function untimedBirths(count: number, seed: number): NatalChartInput[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) =>
    natalChartFor(
      {
        name: `Untimed ${i}`,
        year: 1930 + Math.floor(random() * 90),
        month: 1 + Math.floor(random() * 12),
        day: 1 + Math.floor(random() * 28),
        time_known: false,
      },
      { city: null, country: null, lat: -55 + random() * 115, lng: -170 + random() * 340, source: 'request', zone: 'UTC' } as never,
    ),
  );
}
