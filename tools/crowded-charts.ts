/**
 * The most crowded wheels we know, for the regression images (docs/examples, tools/
 * examples.ts) and the layout tests: the 4 February 1962 gathering (seven bodies in Aquarius) in
 * every chart kind the service draws, and hand-made crowds: eight bodies within 20°, two
 * stelliums facing each other, and a bi-wheel crowded on both rings at the same place.
 */
import type { ChartDrawing, ChartPoint, WheelRing } from '../renderer/chart-model.ts';
import { compositeChart, natalChart, progressionsChart, solarReturnChart, synastryChart, transitChart } from '../src/features/charts/charts-service.ts';
import {
  compositeChartRequest,
  natalChartRequest,
  progressionsChartRequest,
  solarReturnChartRequest,
  synastryChartRequest,
  transitChartRequest,
} from '../src/features/charts/charts-schemas.ts';
import { renderChartSvg } from '../renderer/index.ts';
import { findAspects, options } from './sample-charts.ts';

const delhi = { city: 'New Delhi', country: 'IN', lat: 28.6139, lng: 77.209, source: 'request' as const };
const london = { city: 'London', country: 'GB', lat: 51.5074, lng: -0.1278, source: 'request' as const };
/** Sun, Moon, Mercury, Venus, Mars, Jupiter and Saturn in Aquarius; the Midheaven among them at noon in Delhi. */
const gathering = { name: 'Aquarius 1962', year: 1962, month: 2, day: 4, hour: 12, minute: 0, lat: delhi.lat, lng: delhi.lng, tz_str: 'Asia/Kolkata' };
const partner = { name: 'Partner', year: 1962, month: 2, day: 5, hour: 8, minute: 30, lat: london.lat, lng: london.lng, tz_str: 'Europe/London' };

/** The gathering in each chart kind, as the service draws it (SVG). Needs the ephemeris. */
export function gatheringCharts(): Record<string, string> {
  const text = (r: { body: unknown }) => String(r.body);
  return {
    natal: text(natalChart({ request: natalChartRequest.parse(gathering), place: delhi })),
    'natal-ascendant': text(natalChart({ request: natalChartRequest.parse({ ...gathering, hour: 8, minute: 20 }), place: delhi })),
    transits: text(
      transitChart({
        request: transitChartRequest.parse({ natal: gathering, transit_date: '2024-03-01T12:00' }),
        natalPlace: delhi,
        transitPlace: delhi,
        nowMs: 0,
      }),
    ),
    synastry: text(synastryChart({ request: synastryChartRequest.parse({ person_a: partner, person_b: gathering }), placeA: london, placeB: delhi })),
    progressions: text(
      progressionsChart({ request: progressionsChartRequest.parse({ ...gathering, progression_date: '1964-06-01' }), place: delhi, progressionPlace: delhi }),
    ),
    solar_return: text(solarReturnChart({ request: solarReturnChartRequest.parse({ ...gathering, return_year: 1963 }), place: delhi, returnPlace: delhi })),
    composite: text(compositeChart({ request: compositeChartRequest.parse({ person_a: gathering, person_b: partner }), placeA: delhi, placeB: london })),
  };
}

const BODIES = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'true_node', 'chiron', 'lilith'];
const NAMES: Record<string, string> = { true_node: 'True Node' };

function ring(label: string, lons: number[], retro: readonly string[] = []): WheelRing {
  const points: ChartPoint[] = lons.map((lon, i) => {
    const id = BODIES[i]!;
    return { id, name: NAMES[id] ?? id[0]!.toUpperCase() + id.slice(1), lon: ((lon % 360) + 360) % 360, retrograde: retro.includes(id) };
  });
  return { label, points };
}

/** Quadrant-like cusps from an Ascendant and a Midheaven, with their angles. */
function houses(asc: number, mc: number): Pick<WheelRing, 'cusps' | 'angles'> {
  const n = (v: number) => ((v % 360) + 360) % 360;
  const ic = n(mc + 180);
  const dc = n(asc + 180);
  const q1 = n(ic - asc) / 3;
  const q2 = n(dc - ic) / 3;
  return {
    cusps: [asc, asc + q1, asc + 2 * q1, ic, ic + q2, ic + 2 * q2, dc, dc + q1, dc + 2 * q1, mc, mc + q2, mc + 2 * q2].map(n),
    angles: { asc, mc, ic, dc },
  };
}

function single(title: string, inner: WheelRing): ChartDrawing {
  return { kind: 'natal', inner, aspects: findAspects(inner, null), metadata: { title, lines: [] }, options: options('light') };
}

/** Hand-made crowds (drawings, no ephemeris needed). */
export function syntheticCrowds(): Record<string, ChartDrawing> {
  // Eight bodies within 20° of Capricorn, a cusp and the sign boundary among them.
  const eight = single('Eight within 20°', {
    ...ring('Natal', [281, 284.5, 286, 289.3, 291, 294.6, 297.2, 300.8, 80, 140, 200, 30, 170], ['mercury', 'saturn']),
    ...houses(200, 110),
  });
  // Two stelliums of six facing each other across the wheel, each astride a cusp.
  const twin = single('Twin stelliums', {
    ...ring('Natal', [95, 97.5, 100, 102, 104.5, 107, 275, 277.2, 279.9, 282.4, 285, 287.1, 20], ['jupiter', 'neptune']),
    ...houses(10, 282),
  });
  // Both rings of a bi-wheel crowded at the same place: seven bodies within 15° on each.
  const inner = { ...ring('Natal', [310, 312, 314.5, 316, 318.2, 321, 323.9, 40, 95, 150, 200, 250, 280], ['mercury']), ...houses(45, 320) };
  const outer = ring('Transits', [308, 311, 313, 315.5, 317.5, 320.5, 322.5, 60, 120, 180, 230, 265, 20], ['saturn', 'pluto']);
  const full: ChartDrawing = {
    kind: 'transits',
    inner,
    outer,
    aspects: findAspects(inner, outer),
    metadata: { title: 'A full bi-wheel', lines: [] },
    options: options('light'),
  };
  // Eight transiting bodies within 13° of Capricorn over a natal chart with none there: the outer ring's crowd.
  const natal = { ...ring('Natal', [40, 95, 150, 200, 250, 20, 330, 110, 170, 60, 230, 350, 10]), ...houses(133, 31) };
  const transiting = ring('Transits', [283, 285.5, 287, 289, 290.5, 292, 294.5, 296, 0, 302, 350, 24, 180], ['neptune']);
  const outerCrowd: ChartDrawing = {
    kind: 'transits',
    inner: natal,
    outer: transiting,
    aspects: findAspects(natal, transiting),
    metadata: { title: 'An outer stellium', lines: [] },
    options: options('light'),
  };
  return { 'eight-in-20': eight, 'twin-stelliums': twin, 'full-bi-wheel': full, 'outer-stellium': outerCrowd };
}

/** Every crowded case as SVG: the gathering's (needs the ephemeris) and the hand-made ones. */
export function crowdedCharts(): Record<string, string> {
  const synthetic = Object.fromEntries(Object.entries(syntheticCrowds()).map(([k, d]) => [k, renderChartSvg(d)]));
  return { ...gatheringCharts(), ...synthetic };
}
