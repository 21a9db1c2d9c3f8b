/**
 * Writes the astrocartography world map examples to docs/examples (PNG), drawn by the map task
 * itself: the public service's Paris birth with Lisbon marked (light, Equal Earth), an Auckland
 * birth whose lines cross ±180° over the Pacific with Honolulu marked (dark), and a small map of
 * thirteen bodies for a birth north of the Arctic Circle (Natural Earth projection, 700 px).
 * Run: npx tsx tools/acg-map-examples.ts [dir]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { resolveTarget } from '../src/features/western/astrocartography/acg-place.ts';
import { acgMapImage } from '../src/features/western/astrocartography/astrocartography-map-service.ts';
import { acgMapRequest } from '../src/features/western/astrocartography/astrocartography-map-schemas.ts';
import { exampleAcgNatal } from '../src/features/western/astrocartography/astrocartography-schemas.ts';
import { resolveSubjectPlace } from '../src/requests/place.ts';

initEphemeris();
const dir = process.argv[2] ?? 'docs/examples';
mkdirSync(dir, { recursive: true });

const examples: Record<string, Record<string, unknown>> = {
  'acg-map-light': { natal: exampleAcgNatal, city: 'Lisbon', country: 'PT' },
  'acg-map-antimeridian-dark': {
    natal: { name: 'Auckland example', year: 1987, month: 3, day: 2, hour: 6, minute: 40, city: 'Auckland', tz_str: 'Pacific/Auckland' },
    city: 'Honolulu',
    country: 'US',
    theme_type: 'dark',
  },
  'acg-map-small-natural-earth': {
    natal: { name: 'Tromsø example', year: 1962, month: 12, day: 21, hour: 23, minute: 10, lat: 69.65, lng: 18.96, tz_str: 'Europe/Oslo' },
    bodies: ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'true_node', 'chiron', 'true_lilith'],
    city: 'Tokyo',
    projection: 'natural_earth',
    width: 700,
  },
};

for (const [name, body] of Object.entries(examples)) {
  const request = acgMapRequest.parse({ ...body, format: 'png' });
  const target = request.city !== undefined || request.lat !== undefined ? resolveTarget(request) : null;
  const image = acgMapImage({ request, place: resolveSubjectPlace(request.natal, ['body', 'natal']), target });
  writeFileSync(`${dir}/${name}.png`, image.body);
  console.log(`${dir}/${name}.png`, (image.summary ?? []).slice(1).join(' '));
}
