/**
 * The transit search: every exact hit of one transiting body to one natal point over a date or
 * age range, grouped into passes and cycles (src/astro/transit-hits.ts finds the hits and the orb
 * windows). Runs in a compute worker.
 *
 * A pass is the run of exact hits to one aspect degree that the body's stations link: a direct hit
 * alone, or the direct, retrograde and direct hits of a retrograde loop (consecutive hits whose
 * motions differ), from the orb entry before the first to the orb exit after the last; a station
 * within orb that never reaches the degree is a pass without a hit. A cycle is the body's circuit
 * relative to the natal point: it opens at the first exact conjunction of a conjunction pass.
 */
import { houseOf } from '../../../astro/house-placement.ts';
import { closestApproach, exactHits, orbWindows, TrackSpan, transitTrack, type ExactHit, type OrbWindow } from '../../../astro/transit-hits.ts';
import { julianDayFromUtcMs } from '../../../astro/civil-time.ts';
import { signOf } from '../../../astro/zodiac.ts';
import { placeWarnings, type ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import {
  aspectsOf,
  checkEphemerisYears,
  castForecastNatal,
  isoSecond,
  natalPointsOf,
  orbResolver,
  rangeInstantMs,
  transitBodiesOf,
  type AspectRef,
} from './forecast-plan.ts';
import { MAX_SEARCH_YEARS, type SearchAnswer, type SearchRequest } from './forecast-search-schemas.ts';

export interface SearchTask {
  request: SearchRequest;
  place: ResolvedPlace;
  /** Milliseconds since 1970: "now" for a request without reference_datetime. */
  nowMs: number;
}

const YEAR_DAYS = 365.2425;
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

interface Pass {
  aspect: AspectRef;
  orb: number;
  degree: number;
  start: number | undefined;
  end: number | undefined;
  hits: ExactHit[];
  closest: number;
  retrograde: boolean;
}

/** Windows of one aspect degree merged where a station links their hits (the last hit of one and the first of the next move opposite ways). */
function passesOf(span: TrackSpan, windows: OrbWindow[], aspect: AspectRef): Pass[] {
  const passes: Pass[] = [];
  for (const w of windows) {
    const last = [...passes].reverse().find((p) => p.degree === w.degree);
    const lastHit = last?.hits[last.hits.length - 1];
    if (last && lastHit && w.hits.length && w.hits[0]!.direction !== lastHit.direction) {
      last.end = w.end;
      last.hits.push(...w.hits);
      continue;
    }
    passes.push({ aspect, orb: w.orb, degree: w.degree, start: w.start, end: w.end, hits: [...w.hits], closest: 0, retrograde: false });
  }
  for (const p of passes) {
    const from = p.start ?? span.start;
    const to = p.end ?? span.end;
    p.closest = closestApproach(span, p.degree, from, to, p.hits.length);
    p.retrograde = p.hits.length ? p.hits.some((h) => h.direction < 0) : span.interpolated((from + to) / 2).speed < 0;
  }
  return passes;
}

/** The search range: by dates, or by ages; the whole of a life to 100 when neither is sent. */
function searchRange(request: SearchRequest, natalJd: number): { a: number; b: number } {
  const byDate = request.range_start !== undefined || request.range_end !== undefined;
  const byAge = request.age_start_years !== undefined || request.age_end_years !== undefined;
  if (byDate && byAge)
    throw new RequestFieldError(['body', 'age_start_years'], 'give the range by dates (range_start, range_end) or by ages, not both', 'value_error.range');
  let a: number, b: number, field: string;
  if (byDate) {
    if (request.range_start === undefined || request.range_end === undefined)
      throw new RequestFieldError(
        ['body', request.range_start === undefined ? 'range_start' : 'range_end'],
        'range_start and range_end go together',
        'value_error.missing',
      );
    a = julianDayFromUtcMs(rangeInstantMs(request.range_start, false, ['body', 'range_start']));
    b = julianDayFromUtcMs(rangeInstantMs(request.range_end, true, ['body', 'range_end']));
    field = 'range_end';
  } else {
    a = natalJd + (request.age_start_years ?? 0) * YEAR_DAYS;
    b = natalJd + (request.age_end_years ?? 100) * YEAR_DAYS;
    field = 'age_end_years';
  }
  if (b <= a) throw new RequestFieldError(['body', field], 'the end of the search must come after its start', 'value_error.range');
  if (b - a > MAX_SEARCH_YEARS * YEAR_DAYS)
    throw new RequestFieldError(['body', field], `a search spans at most ${MAX_SEARCH_YEARS} years`, 'value_error.range');
  checkEphemerisYears(a, b, ['body', byDate ? 'range_start' : 'age_start_years'], ['body', field]);
  return { a, b };
}

export function computeSearch(task: SearchTask): SearchAnswer {
  const { request, place } = task;
  const warnings = [...placeWarnings(place)];
  const [body] = transitBodiesOf([request.transit_planet], ['body', 'transit_planet'], request.natal.node_type, true);
  const [point] = natalPointsOf([request.natal_point], ['body', 'natal_point'], true);
  const timed = request.natal.time_known !== false;
  if (!timed && (point!.angle || point!.key === 'part_of_fortune'))
    throw new RequestFieldError(['body', 'natal_point'], `${point!.key} needs the birth time (natal.time_known is false)`, 'value_error.point');
  const aspects = aspectsOf(request.aspect_types, ['body', 'aspect_types']);
  const orbOf = orbResolver(request.orb_settings, ['body', 'orb_settings']);
  const natal = castForecastNatal(request.natal, place, [point!], ['body', 'natal_point']);
  warnings.push(...natal.chart.warnings);
  const natalLon = natal.longitude(point!);
  const { a, b } = searchRange(request, natal.moment.jdUt);
  const reference = request.reference_datetime
    ? julianDayFromUtcMs(rangeInstantMs(request.reference_datetime, false, ['body', 'reference_datetime']))
    : julianDayFromUtcMs(task.nowMs);

  const span = new TrackSpan(transitTrack(body!.track, natal.zodiac));
  span.cover(a, b);
  const passes: Pass[] = aspects
    .flatMap((aspect) => {
      const orb = orbOf(body!, aspect.type);
      return passesOf(span, orbWindows(span, natalLon, aspect.angle, orb, a, b), aspect);
    })
    // Only the hits within the range are the search's; a pass whose hits all fall outside it is left out.
    .flatMap((p) => {
      const inside = p.hits.filter((h) => h.jd >= a && h.jd <= b);
      return p.hits.length && !inside.length ? [] : [{ ...p, hits: inside }];
    })
    .sort((x, y) => (x.hits[0]?.jd ?? x.start ?? a) - (y.hits[0]?.jd ?? y.start ?? a));

  // Cycles open at the first exact conjunction of each conjunction pass (hits linked by stations form one pass).
  const openings: number[] = [];
  let previous: ExactHit | undefined;
  for (const h of exactHits(span, natalLon, [0], a, b)) {
    if (!previous || previous.direction === h.direction) openings.push(h.jd);
    previous = h;
  }
  const bounds = openings[0] !== undefined && openings[0] - a < 1 / 86_400 ? openings : [a, ...openings];
  // The last cycle opened at or before t (bisection: bounds ascend).
  const cycleOf = (t: number) => {
    let low = 0;
    let high = bounds.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (bounds[middle]! <= t) low = middle;
      else high = middle - 1;
    }
    return low;
  };

  const ageOf = (jd: number) => round((jd - natal.moment.jdUt) / YEAR_DAYS, 4);
  const houses = natal.chart.houses;
  const passRows = passes.map((p, index) => {
    const anchor = p.hits[0]?.jd ?? Math.max(p.start ?? a, a);
    const exact = p.hits.map((h) => isoSecond({ jd: h.jd }));
    const lastMoment = p.hits.length ? p.hits[p.hits.length - 1]!.jd : (p.end ?? b);
    return {
      index,
      cycle_index: cycleOf(anchor),
      label: `${body!.name} ${p.aspect.name} ${point!.name}, pass ${index + 1}`,
      aspect_type: p.aspect.type,
      aspect_angle: p.aspect.angle,
      orb_deg: p.orb,
      pass_type: p.retrograde ? ('retrograde' as const) : ('direct' as const),
      applying_or_separating: lastMoment > reference ? ('applying' as const) : ('separating' as const),
      start_datetime: p.start === undefined ? null : isoSecond({ jd: p.start }),
      end_datetime: p.end === undefined ? null : isoSecond({ jd: p.end }),
      exact_datetimes: exact,
      exact_age_years: p.hits.map((h) => ageOf(h.jd)),
      hit_count: p.hits.length,
      closest_orb_deg: round(p.closest, 4),
      hits: p.hits.map((h) => ({
        datetime: isoSecond({ jd: h.jd }),
        age_years: ageOf(h.jd),
        motion: h.direction < 0 ? ('retrograde' as const) : ('direct' as const),
        ...(request.include_context
          ? { transit_sign: signOf(h.degree).name, natal_house: houses ? houseOf(h.degree, houses.cusps, houses.forward) : null }
          : {}),
      })),
    };
  });

  // The passes of each cycle, gathered in one walk (a filter per cycle made a century of the Moon quadratic).
  const passesOfCycle = bounds.map((): typeof passRows => []);
  for (const p of passRows) passesOfCycle[p.cycle_index]!.push(p);
  const cycles = bounds.map((start, index) => {
    const end = bounds[index + 1] ?? b;
    const inside = passesOfCycle[index]!;
    return {
      index,
      label: `${body!.name}–${point!.name} cycle ${index + 1}`,
      cycle_start_datetime: isoSecond({ jd: start }),
      cycle_end_datetime: isoSecond({ jd: end }),
      is_partial: index === 0 ? start === a || bounds.length === 1 : index === bounds.length - 1,
      pass_count: inside.length,
      hit_count: inside.reduce((n, p) => n + p.hit_count, 0),
      closest_orb_deg: inside.length ? Math.min(...inside.map((p) => p.closest_orb_deg)) : null,
      passes: inside.map((p) => ({ index: p.index, aspect_type: p.aspect_type, pass_type: p.pass_type, exact_datetimes: p.exact_datetimes })),
    };
  });

  const allHits = passes.flatMap((p) => p.hits.map((h) => h.jd)).sort((x, y) => x - y);
  const page = pageOf(request, passRows.length);
  const next = allHits.find((t) => t > reference);
  const zodiac = natal.zodiac;
  return {
    input: {
      transit_planet: body!.key,
      natal_point: point!.key,
      aspect_types: aspects.map((x) => x.type),
      age_start_years: request.age_start_years ?? null,
      age_end_years: request.age_end_years ?? null,
      include_context: request.include_context === true,
    },
    meta: {
      range_start: isoSecond({ jd: a }),
      range_end: isoSecond({ jd: b }),
      reference_datetime: isoSecond({ jd: reference }),
      natal_point_longitude: round(natalLon, 6),
      natal_point_sign: signOf(natalLon).name,
      zodiac_type: zodiac.type === 'sidereal' ? 'Sidereal' : 'Tropical',
      sidereal_ayanamsa: zodiac.type === 'sidereal' ? zodiac.ayanamsa : null,
      time_known: timed,
      cycle_rule: 'a cycle opens at the first exact conjunction of each conjunction pass',
    },
    search_summary: {
      cycle_count: cycles.length,
      pass_count: passRows.length,
      hit_count: allHits.length,
      first_hit_datetime: allHits[0] === undefined ? null : isoSecond({ jd: allHits[0] }),
      next_hit_datetime: next === undefined ? null : isoSecond({ jd: next }),
    },
    ...(page
      ? {
          cycles: cyclesOnPage(cycles, page, passRows.length),
          passes: passRows.slice(page.start, page.end),
          warnings,
          pagination: page.block,
        }
      : { cycles, passes: passRows, warnings }),
  };
}

/**
 * The cycles of a page: those with a pass on it. Passes ascend with their cycles, so a cycle holds
 * the passes from the count of those of earlier cycles on; a cycle without a pass (the range's
 * opening stretch before the first) stands on the page of the pass that follows it.
 */
function cyclesOnPage<C extends { pass_count: number }>(cycles: C[], page: { start: number; end: number }, passCount: number): C[] {
  let before = 0;
  return cycles.filter((c) => {
    const first = before;
    before += c.pass_count;
    if (c.pass_count) return first < page.end && before > page.start;
    const at = Math.min(first, Math.max(0, passCount - 1));
    return at >= page.start && (at < page.end || passCount === 0);
  });
}

/** The slice of passes a paged request asks for; undefined for the whole answer. */
function pageOf(request: SearchRequest, passCount: number) {
  if (request.page_size === undefined) {
    if (request.page !== undefined) throw new RequestFieldError(['body', 'page_size'], 'page needs page_size', 'value_error.missing');
    return undefined;
  }
  const size = request.page_size;
  const count = Math.max(1, Math.ceil(passCount / size));
  const page = request.page ?? 1;
  if (page > count)
    throw new RequestFieldError(['body', 'page'], `the answer has ${count} page${count === 1 ? '' : 's'} of ${size} passes`, 'value_error.range');
  const start = (page - 1) * size;
  return {
    start,
    end: Math.min(passCount, start + size),
    block: { page, page_size: size, page_count: count, next_page: page < count ? page + 1 : null, first_pass_index: start },
  };
}
