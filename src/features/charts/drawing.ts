/** From cast subjects to the renderer's plain drawing model: rings, aspect lines, metadata. */
import type { ChartAspect, ChartConfig, ChartDrawing, ChartKind, WheelRing } from '../../../renderer/index.ts';
import {
  ASPECT_TYPES,
  MAJOR_ASPECT_TYPES,
  findAspectsBetween,
  findAspectsWithin,
  resolveOrbs,
  type AspectPoint,
  type OrbSettings,
} from '../../astro/aspects.ts';
import { bodyInfo } from '../../astro/bodies.ts';
import type { ChartMoment } from '../../astro/chart.ts';
import { normalizeDegrees } from '../../astro/zodiac.ts';
import { formatOffset } from '../../astro/civil-time.ts';
import { ayanamsaDegrees, siderealTimeHours } from '../../astro/ephemeris.ts';
import type { ChartSubject } from './subject.ts';
import type { OrbTable } from './chart-orbs.ts';
import type { DisplayKey } from './charts-schemas.ts';
import type { ChartAdjustment } from './chart-config-request.ts';

/** Shown unless display_settings say otherwise: the 13 points of a natal chart and the angles. */
const SHOWN_BY_DEFAULT = new Set([
  'sun',
  'moon',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
  'north_node',
  'chiron',
  'lilith',
  'asc',
  'mc',
  'ic',
  'dsc',
]);

export type DisplaySettings = Partial<Record<DisplayKey, boolean | undefined>>;

export function isShown(id: string, display: DisplaySettings | undefined): boolean {
  return display?.[id as DisplayKey] ?? SHOWN_BY_DEFAULT.has(id);
}

/** The angles are drawn unless all four are hidden (the wheel's frame needs them together). */
function anglesShown(display: DisplaySettings | undefined): boolean {
  return ['asc', 'mc', 'ic', 'dsc'].some((k) => isShown(k, display));
}

export function ringOf(
  chart: ChartMoment,
  label: string,
  display: DisplaySettings | undefined,
  options: { houses?: boolean; angles?: boolean } = {},
): WheelRing {
  const ring: WheelRing = {
    label,
    points: chart.points.filter((p) => isShown(p.id, display)).map((p) => ({ id: p.id, name: bodyInfo(p.id).name, lon: p.lon, retrograde: p.speed < 0 })),
  };
  // A shown body the ephemeris cannot give for this date is named in the image, not silently left out.
  const omitted = chart.warnings.flatMap((w) => {
    const m = /^(\w+) omitted: (.*)$/.exec(w);
    return m && isShown(m[1]!, display) ? [`${bodyInfo(m[1]!).name} not drawn: ${m[2]}`] : [];
  });
  if (omitted.length) ring.omitted = omitted;
  const h = chart.houses;
  if (h && options.houses !== false) ring.cusps = h.cusps;
  if (h && options.angles !== false && anglesShown(display))
    ring.angles = { asc: h.asc, mc: h.mc, ic: normalizeDegrees(h.mc + 180), dc: normalizeDegrees(h.asc + 180) };
  return ring;
}

/** Points that aspect lines may join: the shown points, and the Ascendant and Midheaven when timed. */
export function aspectPoints(chart: ChartMoment, display: DisplaySettings | undefined, fixed = false): AspectPoint[] {
  const points = chart.points.filter((p) => isShown(p.id, display)).map((p) => ({ id: p.id, lon: p.lon, speed: fixed ? 0 : p.speed }));
  if (chart.houses && anglesShown(display))
    points.push(
      { id: 'asc', lon: chart.houses.asc, speed: fixed ? 0 : chart.houses.ascSpeed },
      { id: 'mc', lon: chart.houses.mc, speed: fixed ? 0 : chart.houses.mcSpeed },
    );
  return points;
}

export interface AspectChoice {
  includeMinor: boolean;
  /** The request's orb_settings: override `defaults` per aspect type. */
  orbs?: OrbSettings | undefined;
  /** The chart kind's default orbs (see chart-orbs.ts); natal orbs when absent. */
  defaults?: OrbTable | undefined;
}

function orbsOf(choice: AspectChoice): OrbTable {
  return { ...(choice.defaults ?? {}), ...resolveOrbs(choice.orbs) };
}

export function aspectsWithin(points: AspectPoint[], ring: 'inner' | 'outer', choice: AspectChoice): ChartAspect[] {
  return findAspectsWithin(points, { types: choice.includeMinor ? ASPECT_TYPES : MAJOR_ASPECT_TYPES, orbs: orbsOf(choice) }).map((a) => ({
    a: { ring, id: a.p1 },
    b: { ring, id: a.p2 },
    type: a.type,
    orb: a.orb,
  }));
}

export function aspectsBetween(outer: AspectPoint[], inner: AspectPoint[], choice: AspectChoice): ChartAspect[] {
  return findAspectsBetween(outer, inner, { types: choice.includeMinor ? ASPECT_TYPES : MAJOR_ASPECT_TYPES, orbs: orbsOf(choice) }).map((a) => ({
    a: { ring: 'outer' as const, id: a.p1 },
    b: { ring: 'inner' as const, id: a.p2 },
    type: a.type,
    orb: a.orb,
  }));
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Sat 12 May 1990, 14:30 (UTC+02:00)": the local time as the subject lived it. */
export function localTimeLine(s: ChartSubject): string {
  const d = new Date(s.moment.utcMs + s.moment.offsetSeconds * 1000);
  const hm = `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  const time = s.moment.timeKnown ? `, ${hm} (UTC${formatOffset(s.moment.offsetSeconds)})` : ' (time unknown)';
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}${time}`;
}

function dms(value: number, positive: string, negative: string): string {
  const abs = Math.abs(value);
  const deg = Math.floor(abs);
  const min = Math.round((abs - deg) * 60);
  return `${min === 60 ? deg + 1 : deg}°${String(min === 60 ? 0 : min).padStart(2, '0')}′${value < 0 ? negative : positive}`;
}

export function placeLine(s: ChartSubject): string {
  const where = s.place.city ? `${s.place.city}${s.place.country ? `, ${s.place.country}` : ''} ` : '';
  return `${where}${dms(s.place.lat, 'N', 'S')} ${dms(s.place.lng, 'E', 'W')}`;
}

/** "3:07:42" from hours (sidereal or universal time). */
function hms(hours: number): string {
  const total = Math.floor((((hours % 24) + 24) % 24) * 3600 + 1e-6);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** "UT 12:30:00 · LST 3:07:42": universal time and local sidereal time, as astro.com prints them. */
export function siderealLine(s: ChartSubject): string | null {
  if (!s.moment.timeKnown) return null;
  const d = new Date(s.moment.utcMs);
  const ut = d.getUTCHours() + d.getUTCMinutes() / 60 + d.getUTCSeconds() / 3600;
  return `UT ${hms(ut)} · LST ${hms(siderealTimeHours(s.moment.jdUt) + s.place.lng / 15)}`;
}

/** Ayanamsa value as degrees, minutes and seconds. */
function ayanamsaText(s: ChartSubject): string {
  if (s.zodiac.type !== 'sidereal') return '';
  const v = ayanamsaDegrees(s.moment.jdUt, s.zodiac.ayanamsa);
  const total = Math.round(Math.abs(v) * 3600);
  return ` ${v < 0 ? '-' : ''}${Math.floor(total / 3600)}°${String(Math.floor((total % 3600) / 60)).padStart(2, '0')}′${String(total % 60).padStart(2, '0')}″`;
}

const systemName = (system: string) => system.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/** Houses, zodiac and node; a house system that replaced the one asked for (Porphyry near the poles) says so on the picture. */
export function settingsLine(s: ChartSubject): string {
  const h = s.chart.houses;
  const house = h ? (h.used !== h.requested ? `${systemName(h.used)} (${systemName(h.requested)} was asked for)` : systemName(h.used)) : 'No houses';
  const zodiac = s.zodiac.type === 'tropical' ? 'Tropical' : `Sidereal (${s.zodiac.ayanamsa.replace(/_/g, ' ')}${ayanamsaText(s)})`;
  const node = s.nodeVariant === 'true' ? 'True node' : 'Mean node';
  return `${house} · ${zodiac} · ${node}`;
}

export interface RenderChoice {
  size: number;
  theme: 'light' | 'dark' | 'mono';
  showMetadata: boolean;
  chartConfig: ChartConfig;
  /** Options fitted to the drawing (reported in X-Chart-Adjustments). */
  adjustments: ChartAdjustment[];
}

export function drawing(
  kind: ChartKind,
  inner: WheelRing,
  outer: WheelRing | undefined,
  aspects: ChartAspect[],
  metadata: ChartDrawing['metadata'],
  render: RenderChoice,
  colors: { inner?: string; outer?: string; swap?: boolean; innerZone?: string; outerZone?: string } = {},
): ChartDrawing {
  const notes = [...new Set([...(outer?.omitted ?? []), ...(inner.omitted ?? [])])];
  if (notes.length) metadata = { ...metadata, lines: [...metadata.lines, ...notes] };
  return {
    kind,
    inner,
    ...(outer ? { outer } : {}),
    aspects,
    metadata,
    options: {
      size: render.size,
      theme: render.theme,
      showMetadata: render.showMetadata,
      chartConfig: render.chartConfig,
      ...(colors.inner ? { innerColor: colors.inner } : {}),
      ...(colors.outer ? { outerColor: colors.outer } : {}),
      ...(colors.swap ? { swapRingColors: true } : {}),
      ...(colors.innerZone ? { innerZoneColor: colors.innerZone } : {}),
      ...(colors.outerZone ? { outerZoneColor: colors.outerZone } : {}),
    },
  };
}
