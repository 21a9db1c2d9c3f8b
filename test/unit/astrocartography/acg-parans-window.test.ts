/**
 * The paran search held to a window of latitudes finds exactly the whole search's parans inside
 * it (the same bits), and the city check's parans (the window widened until every paran its scores
 * read is inside) score a place exactly as every paran of the sky does.
 */
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { ACG_ANGLES } from '../../../src/astro/astrocartography.ts';
import { ParanSearch, parans, type Paran } from '../../../src/astro/parans.ts';
import { castAcgSky } from '../../../src/features/western/astrocartography/acg-sky.ts';
import { acgCityCheckRequest } from '../../../src/features/western/astrocartography/astrocartography-city-check-schemas.ts';
import { paranSummary, scoringFor, visualExplanation } from '../../../src/features/western/astrocartography/astrocartography-city-check-service.ts';
import { allFocusScores, measureCity } from '../../../src/features/western/astrocartography/city-scoring.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { randomBirthFrom } from '../../helpers/random-births.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';

initEphemeris();
const random = seededRandom(71071);
const between = (lo: number, hi: number) => lo + random() * (hi - lo);

const randomNatal = () => randomBirthFrom(random);

const key = (p: Paran) => `${p.a.id}:${p.eventA}:${p.b.id}:${p.eventB}:${p.lat}:${p.lstDeg}`;

describe('paran search in a window of latitudes', () => {
  it('finds the whole search’s parans inside the window, bit for bit, and none outside', () => {
    for (let n = 0; n < 40; n++) {
      const request = acgCityCheckRequest.parse({ natal: randomNatal(), lat: 0, lng: 0 });
      const sky = castAcgSky(request, resolveSubjectPlace(request.natal, ['body', 'natal']));
      const all = parans(sky.bodies, ACG_ANGLES, 0, 90);
      const search = new ParanSearch(sky.bodies, ACG_ANGLES, 0, 90);
      // Windows of every width, some past a pole, some touching a reach; consecutive windows share no paran.
      const lo = between(-100, 80);
      const hi = lo + between(0, 40);
      const inside = all.filter((p) => p.lat >= lo && p.lat < hi).map(key);
      expect(search.within({ lo, hi }).map(key)).toEqual(inside);
      const next = search.within({ lo: hi, hi: hi + 10 }).map(key);
      expect(next).toEqual(all.filter((p) => p.lat >= hi && p.lat < hi + 10).map(key));
      expect(next.filter((k) => inside.includes(k))).toEqual([]);
    }
  });

  it('scores a place with the parans its scores read exactly as with every paran of the sky', () => {
    for (let n = 0; n < 60; n++) {
      const lat = Math.round(between(-80, 80) * 100) / 100;
      const request = acgCityCheckRequest.parse({
        natal: randomNatal(),
        lat,
        lng: Math.round(between(-180, 180) * 100) / 100,
        // Narrow and wide bands, and no tail.
        paran_orb_deg: [0.5, 1, 3][n % 3],
        paran_tail_deg: [0, 2, 6][n % 3],
      });
      const place = resolveSubjectPlace(request.natal, ['body', 'natal']);
      const whole = measureCity(scoringFor(request, place), lat, request.lng!);
      const near = measureCity(scoringFor(request, place, lat), lat, request.lng!);
      expect(near.parans.length).toBeLessThanOrEqual(whole.parans.length);
      const scores = allFocusScores(near);
      expect(scores).toEqual(allFocusScores(whole));
      expect(paranSummary(near)).toEqual(paranSummary(whole));
      expect(visualExplanation(near, scores.focus_scores, [])).toEqual(visualExplanation(whole, scores.focus_scores, []));
    }
  });
});
