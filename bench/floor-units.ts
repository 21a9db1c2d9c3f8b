/**
 * One unit of work of each floor, as a function to call in a loop: the library's (the Swiss
 * Ephemeris alone, every call an answer needs, as the task makes them: ΔT, the true obliquity
 * (for the declinations), the 13 default bodies and the houses; for transits also ΔT, obliquity
 * and 13 transiting bodies at another instant, no houses) and the service task's (exactly what a compute worker runs per request, places already resolved as the
 * event loop hands them over).
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { loadNativeModule } from '../src/native-module.ts';
import { runTask } from '../src/pool-tasks.ts';
import { natalRequest } from '../src/features/western/natal/natal-schemas.ts';
import { transitRequest } from '../src/features/western/transits/transits-schemas.ts';
import { resolveSubjectPlace, resolveTransitPlace } from '../src/requests/place.ts';
import { interpretationOptions } from '../src/requests/interpretation-schema.ts';
import { randomBirth, randomTransitRequest } from './births.ts';

export type FloorKind = 'natal' | 'transits';

const NATAL_BODIES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15]; // mean node
const TRANSIT_BODIES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 15, 12]; // true node
const SWIEPH_SPEED = 2 | 256;
const SWIEPH = 2;
const ECL_NUT = -1; // obliquity and nutation

export function libraryUnit(kind: FloorKind, seed: number): () => void {
  const lean = loadNativeModule<{
    calc(tt: number, body: number, flags: number, sid: number): number;
    houses(jd: number, flags: number, lat: number, lng: number, hsys: string, sid: number): number;
    deltaT(jd: number, flags: number): number;
  }>('swe_calc');
  initEphemeris(); // gives both bindings the data path (and the lean one its output array)
  let s = seed;
  const rnd = () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
  return () => {
    const jd = 2415020.5 + rnd() * 54787; // 1900-2050
    const tt = jd + lean.deltaT(jd, SWIEPH);
    lean.calc(tt, ECL_NUT, SWIEPH, 0);
    for (const b of NATAL_BODIES) lean.calc(tt, b, SWIEPH_SPEED, 0);
    lean.houses(jd, 0, rnd() * 120 - 60, rnd() * 360 - 180, 'P', 0);
    if (kind === 'transits') {
      const jdTransit = 2415020.5 + rnd() * 73049; // 1900-2100
      const ttTransit = jdTransit + lean.deltaT(jdTransit, SWIEPH);
      lean.calc(ttTransit, ECL_NUT, SWIEPH, 0);
      for (const b of TRANSIT_BODIES) lean.calc(ttTransit, b, SWIEPH_SPEED, 0);
    }
  };
}

export function taskUnit(kind: FloorKind, count = 5000): () => void {
  initEphemeris();
  let k = 0;
  if (kind === 'transits') {
    const tasks = Array.from({ length: count }, () => {
      const request = transitRequest.parse(randomTransitRequest());
      const natalPlace = resolveSubjectPlace(request.natal, ['body', 'natal']);
      return {
        request,
        natalPlace,
        transitPlace: resolveTransitPlace(request, natalPlace),
        nowMs: Date.now(),
        includeMinor: false,
        interpretation: interpretationOptions(request.interpretation, true),
      };
    });
    return () => void runTask('transits', tasks[k++ % count]!);
  }
  const tasks = Array.from({ length: count }, () => {
    const request = natalRequest.parse(randomBirth());
    return { request, place: resolveSubjectPlace(request, ['body']), includeMinor: false, includeStelliums: false };
  });
  return () => void runTask('natal', tasks[k++ % count]!);
}
