/**
 * The world under an astrocartography map: Natural Earth's land and country borders (the
 * `world-atlas` TopoJSON, drawn with topojson-client and d3-geo), the graticule and the globe's
 * outline, in one of three projections a reader knows. The basemap does not depend on the chart,
 * so its path strings are made once per projection and size and kept (a few sizes are asked for).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { geoEqualEarth, geoEquirectangular, geoGraticule10, geoNaturalEarth1, geoPath, type GeoProjection } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export const MAP_PROJECTIONS = ['equal_earth', 'natural_earth', 'equirectangular'] as const;
export type MapProjection = (typeof MAP_PROJECTIONS)[number];

export const PROJECTION_NAMES: Readonly<Record<MapProjection, string>> = {
  equal_earth: 'Equal Earth',
  natural_earth: 'Natural Earth',
  equirectangular: 'equirectangular',
};

/** Natural Earth at 1:110 million for small maps, 1:50 million from this width up (its coasts are ten times the points). */
export const DETAILED_FROM_WIDTH = 1000;

const SPHERE = { type: 'Sphere' } as const;

function rawProjection(kind: MapProjection): GeoProjection {
  return kind === 'equal_earth' ? geoEqualEarth() : kind === 'natural_earth' ? geoNaturalEarth1() : geoEquirectangular();
}

/** The projection fitted to a frame `width` wide with its top left corner at (x, y): its height follows from the projection's shape. */
export function fittedProjection(kind: MapProjection, x: number, y: number, width: number): { projection: GeoProjection; height: number } {
  const p = rawProjection(kind).fitWidth(width, SPHERE);
  const [[x0, y0], [, y1]] = geoPath(p).bounds(SPHERE);
  const [tx, ty] = p.translate();
  p.translate([tx + x - x0, ty + y - y0]);
  return { projection: p, height: y1 - y0 };
}

const requireHere = createRequire(import.meta.url);
const topologies = new Map<string, Topology>();

function topology(detailed: boolean): Topology {
  const file = detailed ? 'world-atlas/countries-50m.json' : 'world-atlas/countries-110m.json';
  let t = topologies.get(file);
  if (!t) {
    t = JSON.parse(fs.readFileSync(requireHere.resolve(file), 'utf8')) as Topology;
    topologies.set(file, t);
  }
  return t;
}

export interface Basemap {
  sphere: string;
  graticule: string;
  land: string;
  borders: string;
  /** "Natural Earth 1:50m" or "1:110m". */
  source: string;
}

const basemaps = new Map<string, Basemap>();
const KEEP = 12;

/** The basemap's path strings for a projection fitted at (x, y), `width` wide. */
export function basemap(kind: MapProjection, x: number, y: number, width: number): Basemap {
  const key = `${kind} ${x} ${y} ${width}`;
  const kept = basemaps.get(key);
  if (kept) return kept;
  const detailed = width >= DETAILED_FROM_WIDTH;
  const world = topology(detailed);
  const countries = world.objects.countries as GeometryCollection;
  const land = world.objects.land as GeometryCollection;
  const path = geoPath(fittedProjection(kind, x, y, width).projection).digits(1);
  const made: Basemap = {
    sphere: path(SPHERE) ?? '',
    graticule: path(geoGraticule10()) ?? '',
    land: path(feature(world, land)) ?? '',
    // Borders between two countries only: the coasts are the land's outline.
    borders: path(mesh(world, countries, (a, b) => a !== b)) ?? '',
    source: detailed ? 'Natural Earth 1:50m' : 'Natural Earth 1:110m',
  };
  if (basemaps.size >= KEEP) basemaps.delete(basemaps.keys().next().value!);
  basemaps.set(key, made);
  return made;
}
