/** Places to test a time-zone lookup at: random points of the globe, and towns near borders. */
import { searchPlaces } from '../../src/geo/place-search.ts';
import { seededRandom } from './seeded-random.ts';

export function zoneTestPoints(seed: number, randomCount: number): [lat: number, lng: number][] {
  const random = seededRandom(seed);
  const points: [number, number][] = [];
  for (let i = 0; i < randomCount; i++) points.push([random() * 180 - 90, random() * 360 - 180]);
  // Towns sit where the boundary tiles are: near borders, coasts and each other.
  for (const query of ['San', 'Saint', 'Nova', 'Port', 'Ban', 'Al', 'Ko', 'Mar', 'El', 'Ust', 'Villa', 'Bad']) {
    for (const { place } of searchPlaces(query, { limit: 200 })) points.push([place.lat, place.lng]);
  }
  return points;
}
