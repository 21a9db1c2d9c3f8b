/**
 * The transit timeline: for every chosen transiting body, natal point and aspect, the windows in
 * which the body is within orb of the aspect that overlap the range, each with every exact instant
 * (src/astro/transit-hits.ts). Runs in a compute worker.
 */
import { houseOf } from '../../../astro/house-placement.ts';
import { closestApproach, orbWindows, TrackSpan, transitTrack, type OrbWindow } from '../../../astro/transit-hits.ts';
import { signOf } from '../../../astro/zodiac.ts';
import { placeWarnings, type ResolvedPlace } from '../../../requests/place.ts';
import {
  aspectsOf,
  castForecastNatal,
  categoriesOf,
  forecastNatalPoints,
  forecastRange,
  isoSecond,
  orbResolver,
  transitBodiesOf,
  type AspectRef,
  type Category,
  type ForecastRange,
  type NatalCastForForecast,
  type NatalPointRef,
  type TransitBody,
} from './forecast-plan.ts';
import { TIMELINE_MAX_DAYS, type TimelineAnswer, type TimelineMode, type TimelineRequest } from './forecast-timeline-schemas.ts';

export interface TimelineTask {
  request: TimelineRequest;
  place: ResolvedPlace;
}

/** The default transiting bodies of each mode: the eleven of a month calendar, the Moon too for a day or a week, medium and slow ones for a year. */
const DEFAULT_BODIES: Readonly<Record<TimelineMode, readonly string[]>> = {
  month: ['sun', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'north_node', 'chiron'],
  week: ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'north_node', 'chiron'],
  day: ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'north_node', 'chiron'],
  year_slow: ['jupiter', 'saturn', 'chiron', 'north_node', 'uranus', 'neptune', 'pluto'],
};

const DAY_MS = 86_400_000;
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const msOfJd = (jd: number) => (jd - 2_440_587.5) * DAY_MS;

/** What a transit range request resolves to: shared with the transit insights. */
export interface TransitRangePlan {
  range: ForecastRange;
  natal: NatalCastForForecast;
  bodies: TransitBody[];
  points: NatalPointRef[];
  aspects: AspectRef[];
  categories: Category[];
  orbOf: ReturnType<typeof orbResolver>;
  warnings: string[];
}

export function transitRangePlan(
  request: Omit<TimelineRequest, 'mode'>,
  place: ResolvedPlace,
  mode: TimelineMode,
  defaults: readonly string[] = DEFAULT_BODIES[mode],
): TransitRangePlan {
  const warnings: string[] = [...placeWarnings(place)];
  const range = forecastRange(request, TIMELINE_MAX_DAYS[mode], `mode ${mode}`);
  const asked = categoriesOf(request.transit_categories, ['body', 'transit_categories']);
  let categories: Category[] = asked ?? (mode === 'year_slow' ? ['medium', 'slow'] : ['fast', 'medium', 'slow']);
  if (mode === 'year_slow' && categories.includes('fast')) {
    warnings.push('mode year_slow lists medium and slow bodies only: the fast category is left out');
    categories = categories.filter((c) => c !== 'fast');
  }
  const named = transitBodiesOf(request.transit_planets?.length ? request.transit_planets : defaults, ['body', 'transit_planets'], request.natal.node_type);
  const bodies = named.filter((b) => categories.includes(b.category));
  const left = named.filter((b) => !bodies.includes(b));
  if (left.length && request.transit_planets?.length)
    warnings.push(`not in the categories kept (${categories.join(', ')}): ${left.map((b) => b.key).join(', ')}`);
  const natalTimed = request.natal.time_known !== false;
  const points = forecastNatalPoints(request.natal_points, natalTimed, warnings, ['body', 'natal_points']);
  const aspects = aspectsOf(request.aspect_types, ['body', 'aspect_types']);
  const orbOf = orbResolver(request.orb_settings, ['body', 'orb_settings']);
  const natal = castForecastNatal(request.natal, place, points, ['body', 'natal_points']);
  warnings.push(...natal.chart.warnings);
  return { range, natal, bodies, points, aspects, categories, orbOf, warnings };
}

/** One window of one (body, point, aspect), as found on the span. */
export interface FoundWindow {
  body: TransitBody;
  point: NatalPointRef;
  aspect: AspectRef;
  window: OrbWindow;
  span: TrackSpan;
  /** The window's ends, or the span's where it runs beyond the reach. */
  from: number;
  to: number;
  retrograde: boolean;
  closest: number;
}

/** Every window in orb that overlaps the plan's range, body by body (one span each), in the plan's order. */
export function findWindows(plan: TransitRangePlan): FoundWindow[] {
  const { a, b } = plan.range;
  const found: FoundWindow[] = [];
  for (const body of plan.bodies) {
    const span = new TrackSpan(transitTrack(body.track, plan.natal.zodiac));
    span.cover(a, b);
    for (const point of plan.points) {
      const natalLon = plan.natal.longitude(point);
      for (const aspect of plan.aspects) {
        const orb = plan.orbOf(body, aspect.type);
        if (orb <= 0) continue;
        for (const window of orbWindows(span, natalLon, aspect.angle, orb, a, b)) {
          const from = window.start ?? span.start;
          const to = window.end ?? span.end;
          const retrograde = window.hits.length ? window.hits.some((h) => h.direction < 0) : span.interpolated((from + to) / 2).speed < 0;
          const closest = closestApproach(span, window.degree, from, to, window.hits.length);
          found.push({ body, point, aspect, window, span, from, to, retrograde, closest });
        }
      }
    }
  }
  return found;
}

/** The natal house of a longitude. */
function houseOfLon(plan: TransitRangePlan, lon: number): number {
  const houses = plan.natal.chart.houses!;
  return houseOf(lon, houses.cusps, houses.forward);
}

export function computeTimeline(task: TimelineTask): TimelineAnswer {
  const { request, place } = task;
  const mode = request.mode;
  const plan = transitRangePlan(request, place, mode);
  const { range } = plan;
  const withHouses = request.include_houses === true && plan.natal.timed && plan.natal.chart.houses !== undefined;
  if (request.include_houses && !withHouses) plan.warnings.push('the birth time is unknown: no houses');
  const firstDayMs = Math.floor(range.startMs / DAY_MS) * DAY_MS;
  const dayOf = (ms: number) => Math.floor((ms - firstDayMs) / DAY_MS) + 1;

  const transits = findWindows(plan).map((f) => {
    const { body, point, aspect, window } = f;
    const rowKey = `${body.key}__${aspect.type}__${point.key}`;
    const exact = window.hits.map((h) => isoSecond({ jd: h.jd }));
    const inRange = window.hits.filter((h) => h.jd >= range.a && h.jd <= range.b);
    const visibleFrom = Math.max(msOfJd(f.from), range.startMs);
    const visibleTo = Math.min(msOfJd(f.to), range.endMs);
    const start = window.start === undefined ? null : isoSecond({ jd: window.start });
    return {
      id: `${rowKey}__${(start ?? isoSecond({ jd: f.from })).slice(0, 10)}`,
      series_key: rowKey,
      row_key: rowKey,
      pair_key: `${body.key}__${point.key}`,
      label: `${body.name} ${aspect.name} ${point.name}`,
      short_symbol_label: `${body.glyph} ${aspect.glyph} ${point.glyph}`,
      transit_planet: body.key,
      transit_planet_name: body.name,
      natal_point: point.key,
      natal_point_name: point.name,
      aspect_type: aspect.type,
      aspect_angle: aspect.angle,
      category: body.category,
      orb_deg: window.orb,
      pass_type: f.retrograde ? ('retrograde' as const) : ('direct' as const),
      start_datetime: start,
      end_datetime: window.end === undefined ? null : isoSecond({ jd: window.end }),
      exact_datetimes: exact,
      exact_hits_in_month: inRange.map((h) => isoSecond({ jd: h.jd })),
      closest_orb_deg: round(f.closest, 4),
      duration_days: round(f.to - f.from, 2),
      visible_start_day: dayOf(visibleFrom),
      visible_end_day: dayOf(visibleTo),
      continues_from_previous_month: f.from < range.a,
      continues_to_next_month: f.to > range.b,
      houses: withHouses
        ? {
            // At an exact hit the body stands on the aspect's degree itself.
            transit_house_at_exact: window.hits.length ? houseOfLon(plan, window.degree) : null,
            transit_house_in_month: houseOfLon(plan, f.span.interpolated((Math.max(f.from, range.a) + Math.min(f.to, range.b)) / 2).lon),
          }
        : undefined,
    };
  });
  transits.sort((x, y) => (x.start_datetime ?? '').localeCompare(y.start_datetime ?? '') || x.row_key.localeCompare(y.row_key));

  const month = new Date(range.startMs).toISOString().slice(0, 7);
  const zodiac = plan.natal.zodiac;
  return {
    input: {
      mode,
      range_start: isoSecond({ ms: range.startMs }),
      range_end: isoSecond({ ms: range.endMs }),
      include_houses: request.include_houses === true,
      transit_planets: plan.bodies.map((b) => b.key),
      natal_points: plan.points.map((p) => p.key),
      aspect_types: plan.aspects.map((a) => a.type),
      transit_categories: plan.categories,
    },
    meta: {
      mode,
      month,
      cache_month: month,
      range_days: dayOf(range.endMs),
      count: transits.length,
      zodiac_type: zodiac.type === 'sidereal' ? 'Sidereal' : 'Tropical',
      sidereal_ayanamsa: zodiac.type === 'sidereal' ? zodiac.ayanamsa : null,
      house_system: plan.natal.chart.houses?.used ?? null,
      time_known: plan.natal.timed,
      orb_precedence: 'planet > category > aspect',
      natal_points: plan.points.map((p) => {
        const lon = plan.natal.longitude(p);
        return { key: p.key, name: p.name, longitude: round(lon, 6), sign: signOf(lon).name };
      }),
    },
    transits,
    warnings: plan.warnings,
  };
}
