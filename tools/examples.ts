/**
 * Writes example charts of every kind, light and dark, to docs/examples (SVG + PNG), computed by
 * the service's own chart tasks from real births (so the images show what the API returns).
 * Run: npx tsx tools/examples.ts [dir]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { compositeChart, natalChart, progressionsChart, solarReturnChart, synastryChart, transitChart } from '../src/features/charts/charts-service.ts';
import {
  compositeChartRequest,
  natalChartRequest,
  progressionsChartRequest,
  solarReturnChartRequest,
  synastryChartRequest,
  transitChartRequest,
} from '../src/features/charts/charts-schemas.ts';
import { initEphemeris } from '../src/astro/ephemeris.ts';
import type { BinaryResponse } from '../src/compute/binary-response.ts';
import { svgToPng } from '../renderer/index.ts';
import { crowdedCharts } from './crowded-charts.ts';

initEphemeris();
const dir = process.argv[2] ?? 'docs/examples';
mkdirSync(dir, { recursive: true });

const paris = { city: 'Paris', country: 'FR', lat: 48.8566, lng: 2.3522, source: 'request' as const };
const lisbon = { city: 'Lisbon', country: 'PT', lat: 38.7223, lng: -9.1393, source: 'request' as const };
const camille = {
  name: 'Camille Durand',
  year: 1990,
  month: 5,
  day: 12,
  hour: 14,
  minute: 30,
  city: 'Paris',
  lat: paris.lat,
  lng: paris.lng,
  tz_str: 'Europe/Paris',
};
const joao = {
  name: 'João Silva',
  year: 1988,
  month: 2,
  day: 3,
  hour: 9,
  minute: 15,
  city: 'Lisbon',
  lat: lisbon.lat,
  lng: lisbon.lng,
  tz_str: 'Europe/Lisbon',
};

const kinds: Record<string, (theme: 'light' | 'dark' | 'mono') => BinaryResponse> = {
  natal: (theme) => natalChart({ request: natalChartRequest.parse({ ...camille, theme_type: theme }), place: paris }),
  transits: (theme) =>
    transitChart({
      request: transitChartRequest.parse({ natal: { ...camille, theme_type: theme }, transit_date: '2025-11-20T12:00' }),
      natalPlace: paris,
      transitPlace: paris,
      nowMs: Date.now(),
    }),
  solar_return: (theme) =>
    solarReturnChart({ request: solarReturnChartRequest.parse({ ...camille, theme_type: theme, return_year: 2026 }), place: paris, returnPlace: paris }),
  progressions: (theme) =>
    progressionsChart({
      request: progressionsChartRequest.parse({ ...camille, theme_type: theme, progression_date: '2026-01-01' }),
      place: paris,
      progressionPlace: paris,
    }),
  composite: (theme) =>
    compositeChart({ request: compositeChartRequest.parse({ person_a: { ...camille, theme_type: theme }, person_b: joao }), placeA: paris, placeB: lisbon }),
  synastry: (theme) =>
    synastryChart({ request: synastryChartRequest.parse({ person_a: { ...camille, theme_type: theme }, person_b: joao }), placeA: paris, placeB: lisbon }),
};

const write = (name: string, image: BinaryResponse) => {
  const svg = String(image.body);
  writeFileSync(`${dir}/${name}.svg`, svg);
  writeFileSync(`${dir}/${name}.png`, svgToPng(svg, 1));
};
for (const [kind, make] of Object.entries(kinds)) for (const theme of ['light', 'dark'] as const) write(`${kind}-${theme}`, make(theme));
write(
  'natal-untimed-mono',
  natalChart({ request: natalChartRequest.parse({ ...camille, hour: undefined, minute: undefined, time_known: false, theme_type: 'mono' }), place: paris }),
);
// 1962-02-04: seven planets gathered in Aquarius and Capricorn, to show the glyph spreading.
write(
  'natal-stellium-light',
  natalChart({ request: natalChartRequest.parse({ ...camille, name: 'Stellium', year: 1962, month: 2, day: 4, hour: 12, minute: 0 }), place: paris }),
);
// Seven planets astride the Ascendant, a polar birth (Porphyry fallback), a sidereal chart,
// a synastry with an untimed partner, and names in other scripts.
write(
  'natal-stellium-on-angle-light',
  natalChart({
    request: natalChartRequest.parse({ ...camille, name: 'Stellium on the Ascendant', year: 1962, month: 2, day: 4, hour: 8, minute: 20 }),
    place: paris,
  }),
);
const tromso = { city: 'Tromsø', country: 'NO', lat: 69.6492, lng: 18.9553, source: 'request' as const };
write(
  'natal-polar-light',
  natalChart({
    request: natalChartRequest.parse({
      ...camille,
      name: 'Polar Night',
      year: 1995,
      month: 12,
      day: 21,
      hour: 11,
      minute: 0,
      city: 'Tromsø',
      lat: tromso.lat,
      lng: tromso.lng,
      tz_str: 'Europe/Oslo',
    }),
    place: tromso,
  }),
);
write(
  'natal-sidereal-dark',
  natalChart({ request: natalChartRequest.parse({ ...camille, theme_type: 'dark', zodiac_type: 'sidereal', sidereal_ayanamsa: 'lahiri' }), place: paris }),
);
write(
  'synastry-untimed-partner-light',
  synastryChart({
    request: synastryChartRequest.parse({ person_a: camille, person_b: { ...joao, hour: undefined, minute: undefined, time_known: false } }),
    placeA: paris,
    placeB: lisbon,
  }),
);
write(
  'synastry-mono',
  synastryChart({ request: synastryChartRequest.parse({ person_a: { ...camille, theme_type: 'mono' }, person_b: joao }), placeA: paris, placeB: lisbon }),
);
write('natal-cyrillic-cjk-light', natalChart({ request: natalChartRequest.parse({ ...camille, name: 'Анна Петрова 山田花子' }), place: paris }));
// The optional aspect grid and positions table beside the wheel.
write(
  'natal-grid-table-light',
  natalChart({ request: natalChartRequest.parse({ ...camille, chart_config: { show_aspect_grid: true, show_positions_table: true } }), place: paris }),
);
// The crowded wheels the layout is held to (test/unit/charts/crowded-wheels.test.ts): the 1962
// gathering in the two-ring kinds and the composite, and the hand-made crowds.
const crowded = crowdedCharts();
for (const name of ['transits', 'synastry', 'progressions', 'solar_return', 'composite', 'eight-in-20', 'twin-stelliums', 'full-bi-wheel', 'outer-stellium']) {
  const svg = crowded[name]!;
  writeFileSync(`${dir}/crowded-${name}-light.svg`, svg);
  writeFileSync(`${dir}/crowded-${name}-light.png`, svgToPng(svg, 1));
}
console.log('examples written to', dir);
