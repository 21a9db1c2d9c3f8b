/**
 * Natal and transit insights: structured facts read from the natal chart, or from the transit
 * windows, stations and ingresses of a range (the timeline's own windows, forecast-timeline-service.ts),
 * each with its strength, evidence and a text from the insight library; ranked into `importance`.
 * Runs in a compute worker. The detectors and strength rules are documented in docs/api/forecast.md ("Natal and transit insights").
 */
import { houseOf } from '../../../astro/house-placement.ts';
import { TrackSpan, transitTrack } from '../../../astro/transit-hits.ts';
import { signOf, signIndexOf, SIGNS } from '../../../astro/zodiac.ts';
import { wrap180 } from '../../../astro/events/root-finding.ts';
import { chartSeed } from '../../../interpretations/variant.ts';
import { INSIGHT_LIBRARY_VERSION } from '../../../interpretations/insights/insight-library.ts';
import { placeWarnings, type ResolvedPlace } from '../../../requests/place.ts';
import { aspectRef, castForecastNatal, isoSecond, natalPointsOf, type NatalCastForForecast } from './forecast-plan.ts';
import { aspectWeight, categoryOf, pointWeight, rankedAnswer, type FactDraft } from './forecast-insight-facts.ts';
import type { InsightsAnswer, NatalInsightsRequest, TransitInsightsRequest } from './forecast-insights-schemas.ts';
import { findWindows, transitRangePlan, type FoundWindow, type TransitRangePlan } from './forecast-timeline-service.ts';

export interface NatalInsightsTask {
  request: NatalInsightsRequest;
  place: ResolvedPlace;
}
export interface TransitInsightsTask {
  request: TransitInsightsRequest;
  place: ResolvedPlace;
}

const TENSE = new Set(['square', 'opposition', 'semi_square', 'sesquiquadrate', 'quincunx']);
const BENEFIC_CONJUNCTIONS = new Set(['sun', 'moon', 'mercury', 'venus', 'jupiter', 'north_node', 'true_node', 'mean_node']);
const CATEGORY_WEIGHT = { fast: 0.55, medium: 0.8, slow: 0.95 } as const;
const ANGLES = new Set(['ascendant', 'midheaven', 'descendant', 'ic']);
const CLUSTER_DAYS = 3;
const CLUSTER_MIN = 4;
const dateOf = (iso: string | null) => (iso ?? '').slice(0, 10);

function seedOf(natal: NatalCastForForecast, place: ResolvedPlace): number {
  return chartSeed({ datetime_utc: natal.moment.utcIso, location: { lat: place.lat, lng: place.lng } });
}

function natalHouse(natal: NatalCastForForecast, lon: number): number | null {
  const h = natal.chart.houses;
  return h ? houseOf(lon, h.cusps, h.forward) : null;
}

// ---- Transit insights ----

function windowFacts(plan: TransitRangePlan, found: FoundWindow[], withHouses: boolean): FactDraft[] {
  const { a, b } = plan.range;
  const rangeDays = b - a;
  const drafts: FactDraft[] = [];
  for (const f of found) {
    const { body, point, aspect, window } = f;
    const inRange = window.hits.filter((h) => h.jd >= a && h.jd <= b);
    const peakJd = inRange[0]?.jd ?? window.hits[0]?.jd ?? (Math.max(f.from, a) + Math.min(f.to, b)) / 2;
    const start = window.start === undefined ? null : isoSecond({ jd: window.start });
    const end = window.end === undefined ? null : isoSecond({ jd: window.end });
    const peak = isoSecond({ jd: peakJd });
    const angular = point.angle;
    const background = body.category !== 'fast' && f.from < a && f.to > b && f.to - f.from > 3 * rangeDays;
    const tense = TENSE.has(aspect.type) || (aspect.type === 'conjunction' && !BENEFIC_CONJUNCTIONS.has(body.key));
    const kind = angular ? 'angular_activation' : background ? 'background_theme_window' : tense ? 'pressure_window' : 'support_window';
    const textKey = angular
      ? 'insight.kind.angular_activation'
      : background
        ? 'insight.kind.background_theme_window'
        : aspect.type === 'conjunction'
          ? 'insight.kind.conjunction_window'
          : tense
            ? 'insight.kind.pressure_window'
            : 'insight.kind.support_window';
    const house = withHouses ? natalHouse(plan.natal, window.degree) : null;
    const relationKey = `${body.key}__${aspect.type}__${point.key}`;
    const title = `${body.name} ${aspect.type.replace(/_/g, '-')} ${point.name}`;
    const strength =
      CATEGORY_WEIGHT[body.category] * aspectWeight(aspect.type) * pointWeight(point.key) * (1 - (0.3 * f.closest) / Math.max(window.orb, 0.1)) +
      (inRange.length ? 0.05 : 0);
    const base = {
      category: categoryOf(point.key),
      detector: 'transit_window',
      title,
      values: { transit: body.name, natal: point.name, aspect: aspect.type.replace(/_/g, '-') },
      body: body.key,
      point: point.key,
      subjects: [body.key, point.key],
      relationKey,
      tags: [categoryOf(point.key), kind, tense ? 'tense' : 'flowing', body.key, point.key, aspect.type],
      indexKeys: [`planet:${body.key}`, `point:${point.key}`, `aspect:${aspect.type}`, ...(house ? [`house:${house}`] : [])],
      flags: { exact_in_range: inRange.length > 0, retrograde: f.retrograde, angular, slow: body.category === 'slow' },
      start,
      end,
      peak,
      isPointEvent: false,
      windowDays: Math.round((f.to - f.from) * 100) / 100,
    };
    drafts.push({
      ...base,
      id: `${kind}__${relationKey}__${dateOf(start ?? peak)}`,
      kind,
      strength,
      textKey,
      evidence: {
        window_type: background ? 'background' : aspect.type === 'conjunction' ? 'conjunction' : tense ? 'pressure' : 'support',
        focus_point: point.key,
        houses: house ? [house] : [],
        house,
        aspect_types: [aspect.type],
        transit_planets: [body.key],
        natal_points: [point.key],
        sign_id: signOf(window.degree).id,
        angle_point: angular ? point.key : null,
        topic_title: title,
      },
    });
    // The passes of a retrograde loop (three hits whose motions alternate) that fall in the range.
    if (window.hits.length === 3 && window.hits[1]!.direction < 0) {
      const phases = ['first_pass', 'retrograde_pass', 'final_pass'] as const;
      window.hits.forEach((hit, i) => {
        if (hit.jd < a || hit.jd > b) return;
        const phase = phases[i]!;
        const at = isoSecond({ jd: hit.jd });
        drafts.push({
          ...base,
          id: `retrograde_loop_phase__${relationKey}__${dateOf(at)}`,
          kind: 'retrograde_loop_phase',
          strength: strength * (i === 2 ? 1 : 0.9),
          textKey: `insight.kind.loop.${phase}`,
          title: `${title}, ${phase.replace('_', ' ')}`,
          peak: at,
          start: at,
          end: at,
          isPointEvent: true,
          windowDays: null,
          flags: { ...base.flags, exact_in_range: true, retrograde: true },
          evidence: {
            window_type: 'loop',
            focus_point: point.key,
            houses: house ? [house] : [],
            house,
            aspect_types: [aspect.type],
            transit_planets: [body.key],
            natal_points: [point.key],
            loop_body: body.key,
            loop_phase: phase,
            topic_title: title,
          },
        });
      });
    }
  }
  return drafts;
}

/**
 * Exact hits crowding together: starting from each hit not yet taken, the hits within the next
 * three days (the Moon's left out); four or more make a cluster.
 */
function clusterFacts(plan: TransitRangePlan, found: FoundWindow[]): FactDraft[] {
  const { a, b } = plan.range;
  const hits = found
    .flatMap((f) => f.window.hits.filter((h) => h.jd >= a && h.jd <= b).map((h) => ({ jd: h.jd, f })))
    .filter((h) => h.f.body.key !== 'moon')
    .sort((x, y) => x.jd - y.jd);
  const groups: (typeof hits)[] = [];
  for (let i = 0; i < hits.length;) {
    let j = i;
    while (j + 1 < hits.length && hits[j + 1]!.jd - hits[i]!.jd <= CLUSTER_DAYS) j++;
    groups.push(hits.slice(i, j + 1));
    i = j + 1;
  }
  return groups
    .filter((g) => g.length >= CLUSTER_MIN)
    .map((g) => {
      const mid = g[Math.floor(g.length / 2)]!.jd;
      const peak = isoSecond({ jd: mid });
      const bodies = [...new Set(g.map((h) => h.f.body.key))];
      const points = [...new Set(g.map((h) => h.f.point.key))];
      const focus = points[0]!;
      const title = `${g.length} transits around ${dateOf(peak)}`;
      return {
        id: `activation_cluster__${dateOf(peak)}`,
        category: categoryOf(focus),
        kind: 'activation_cluster' as const,
        detector: 'four_exact_hits_within_3_days',
        strength: 0.45 + 0.07 * (g.length - CLUSTER_MIN) + 0.1 * Math.max(...g.map((h) => pointWeight(h.f.point.key))),
        title,
        textKey: 'insight.kind.activation_cluster',
        values: { count: g.length, peak: dateOf(peak) },
        subjects: [...new Set([...bodies, ...points])],
        relationKey: `activation_cluster__${dateOf(peak)}`,
        tags: ['activation_cluster', ...new Set([...bodies, ...points])],
        indexKeys: [...bodies.map((x) => `planet:${x}`), ...points.map((x) => `point:${x}`)],
        flags: {
          exact_in_range: true,
          retrograde: g.some((h) => h.f.retrograde),
          angular: g.some((h) => h.f.point.angle),
          slow: g.some((h) => h.f.body.category === 'slow'),
        },
        start: isoSecond({ jd: g[0]!.jd }),
        end: isoSecond({ jd: g[g.length - 1]!.jd }),
        peak,
        isPointEvent: false,
        windowDays: Math.round((g[g.length - 1]!.jd - g[0]!.jd) * 100) / 100,
        evidence: {
          window_type: 'cluster',
          focus_point: focus,
          aspect_types: [...new Set(g.map((h) => h.f.aspect.type))],
          transit_planets: bodies,
          natal_points: points,
          topic_title: title,
        },
      };
    });
}

/** The stations and sign ingresses of the plan's bodies in the range (not the Sun's or Moon's stations: they have none). */
function momentFacts(plan: TransitRangePlan): FactDraft[] {
  const { a, b } = plan.range;
  const drafts: FactDraft[] = [];
  const near = (lon: number) => plan.points.filter((p) => Math.abs(wrap180(plan.natal.longitude(p) - lon)) <= 3).map((p) => p.key);
  for (const body of plan.bodies) {
    const span = new TrackSpan(transitTrack(body.track, plan.natal.zodiac));
    const weight = CATEGORY_WEIGHT[body.category];
    for (const t of span.stations(a, b)) {
      const lon = span.lonAt(t);
      const type = span.track.at(t + 0.5).speed < 0 ? ('retrograde' as const) : ('direct' as const);
      const matched = near(lon);
      const at = isoSecond({ jd: t });
      const sign = signOf(lon);
      const house = natalHouse(plan.natal, lon);
      const title = `${body.name} stations ${type} in ${sign.name}`;
      drafts.push({
        id: `station__${body.key}__${dateOf(at)}`,
        category: categoryOf(body.key),
        kind: 'station',
        detector: 'speed_zero',
        strength: weight * 0.75 + (matched.length ? 0.2 : 0),
        title,
        textKey: `insight.kind.station.${type}`,
        values: { transit: body.name, sign: sign.name, peak: dateOf(at) },
        body: body.key,
        subjects: [body.key, ...matched],
        relationKey: `station__${body.key}`,
        tags: ['station', type, body.key, sign.id],
        indexKeys: [`planet:${body.key}`, `sign:${sign.id}`, ...matched.map((m) => `point:${m}`)],
        flags: { exact_in_range: true, retrograde: type === 'retrograde', angular: matched.some((m) => ANGLES.has(m)), slow: body.category === 'slow' },
        start: at,
        end: at,
        peak: at,
        isPointEvent: true,
        windowDays: null,
        evidence: {
          window_type: 'station',
          focus_point: body.key,
          houses: house ? [house] : [],
          house,
          transit_planets: [body.key],
          natal_points: matched,
          sign_id: sign.id,
          station_type: type,
          topic_title: title,
          matched_natal_points: matched,
          matched_houses: house ? [house] : [],
        },
      });
    }
    if (body.key === 'moon') continue;
    for (const c of span.crossings(
      SIGNS.map((_, i) => i * 30),
      a,
      b,
    )) {
      const entered = c.direction > 0 ? c.target : (c.target + 11) % 12;
      const sign = SIGNS[entered]!;
      const at = isoSecond({ jd: c.t });
      const house = natalHouse(plan.natal, c.target * 30 + (c.direction > 0 ? 1e-9 : -1e-9));
      const matched = near(c.target * 30);
      const title = `${body.name} enters ${sign.name}`;
      drafts.push({
        id: `ingress__${body.key}__${sign.id}__${dateOf(at)}`,
        category: categoryOf(body.key),
        kind: 'ingress',
        detector: 'sign_boundary',
        strength: weight * 0.7 + (matched.length ? 0.1 : 0),
        title,
        textKey: 'insight.kind.ingress',
        values: { transit: body.name, sign: sign.name, peak: dateOf(at), house: house ?? 'unknown' },
        body: body.key,
        subjects: [body.key],
        relationKey: `ingress__${body.key}`,
        tags: ['ingress', body.key, sign.id],
        indexKeys: [`planet:${body.key}`, `sign:${sign.id}`],
        flags: { exact_in_range: true, retrograde: c.direction < 0, angular: false, slow: body.category === 'slow' },
        start: at,
        end: at,
        peak: at,
        isPointEvent: true,
        windowDays: null,
        evidence: {
          window_type: 'ingress',
          focus_point: body.key,
          houses: house ? [house] : [],
          house,
          transit_planets: [body.key],
          sign_id: sign.id,
          ingress_type: 'sign',
          topic_title: title,
          matched_natal_points: matched,
          matched_houses: house ? [house] : [],
        },
      });
    }
  }
  return drafts;
}

export function computeTransitInsights(task: TransitInsightsTask): InsightsAnswer {
  const { request, place } = task;
  const plan = transitRangePlan(request, place, request.mode);
  const withHouses = request.include_houses !== false && plan.natal.chart.houses !== undefined;
  const found = findWindows(plan);
  const drafts = [...windowFacts(plan, found, withHouses), ...clusterFacts(plan, found), ...momentFacts(plan)];
  const zodiac = plan.natal.zodiac;
  const answer = rankedAnswer(
    drafts,
    seedOf(plan.natal, place),
    {
      mode: request.mode,
      range_start: isoSecond({ ms: plan.range.startMs }),
      range_end: isoSecond({ ms: plan.range.endMs }),
      time_known: plan.natal.timed,
      zodiac_type: zodiac.type === 'sidereal' ? 'Sidereal' : 'Tropical',
      library_version: INSIGHT_LIBRARY_VERSION,
    },
    plan.warnings,
  );
  return { facts: answer.facts, importance: answer.importance, summary: answer.summary, meta: answer.meta, warnings: answer.warnings };
}

// ---- Natal insights ----

const NATAL_PLANETS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];
const TIGHT_ORB = 2;
const ANGULAR_ORB = 8;

export function computeNatalInsights(task: NatalInsightsTask): InsightsAnswer {
  const { request, place } = task;
  const timed = request.time_known !== false;
  const refs = natalPointsOf([...NATAL_PLANETS, 'north_node', ...(timed ? ['ascendant', 'midheaven', 'descendant', 'ic'] : [])], ['body']);
  const natal = castForecastNatal(request, place, refs, ['body']);
  const warnings = [...placeWarnings(place), ...natal.chart.warnings];
  const planets = refs.filter((r) => NATAL_PLANETS.includes(r.key));
  const lon = (key: string) => natal.longitude(refs.find((r) => r.key === key)!);
  const drafts: FactDraft[] = [];
  const empty = { exact_in_range: false, retrograde: false, angular: false, slow: false };
  const undated = { start: null, end: null, peak: null, isPointEvent: false, windowDays: null };

  // Stelliums: three or more of the ten planets in one sign, or (timed) in one house.
  const groups: { by: 'sign' | 'house'; id: number; members: string[] }[] = [];
  for (let s = 0; s < 12; s++) groups.push({ by: 'sign', id: s, members: planets.filter((p) => signIndexOf(lon(p.key)) === s).map((p) => p.key) });
  if (timed)
    for (let h = 1; h <= 12; h++) groups.push({ by: 'house', id: h, members: planets.filter((p) => natalHouse(natal, lon(p.key)) === h).map((p) => p.key) });
  for (const g of groups.filter((x) => x.members.length >= 3)) {
    const sign = g.by === 'sign' ? SIGNS[g.id]! : undefined;
    const title = sign ? `Stellium in ${sign.name}` : `Stellium in house ${g.id}`;
    drafts.push({
      ...undated,
      id: `stellium__${g.by}__${sign?.id ?? g.id}`,
      category: 'chart_pattern',
      kind: 'stellium',
      detector: `three_or_more_planets_by_${g.by}`,
      strength: 0.6 + 0.1 * (g.members.length - 3) + (g.members.some((m) => m === 'sun' || m === 'moon') ? 0.1 : 0),
      title,
      textKey: sign ? 'insight.natal.stellium' : 'insight.natal.stellium_house',
      values: { count: g.members.length, sign: sign?.name ?? '', house: g.id },
      subjects: g.members,
      relationKey: `stellium__${sign?.id ?? `house_${g.id}`}`,
      tags: ['chart_pattern', 'stellium', ...g.members],
      indexKeys: [sign ? `sign:${sign.id}` : `house:${g.id}`, ...g.members.map((m) => `planet:${m}`)],
      flags: empty,
      evidence: {
        window_type: 'natal',
        focus_point: g.members[0]!,
        houses: sign ? [...new Set(g.members.map((m) => natalHouse(natal, lon(m))).filter((h): h is number => h !== null))] : [g.id],
        house: sign ? null : g.id,
        natal_points: g.members,
        sign_id: sign?.id ?? null,
        topic_title: title,
      },
    });
  }

  // Planets on an angle (within 8°), with a birth time.
  if (timed)
    for (const angle of refs.filter((r) => r.angle))
      for (const p of planets) {
        const orb = Math.abs(wrap180(lon(p.key) - lon(angle.key)));
        if (orb > ANGULAR_ORB) continue;
        const title = `${p.name} on the ${angle.name}`;
        drafts.push({
          ...undated,
          id: `angular_activation__${p.key}__${angle.key}`,
          category: categoryOf(p.key),
          kind: 'angular_activation',
          detector: 'planet_within_8_degrees_of_angle',
          strength: (0.7 + 0.3 * (1 - orb / ANGULAR_ORB)) * pointWeight(p.key),
          title,
          textKey: 'insight.natal.angular',
          values: { transit: p.name, natal: angle.name },
          point: p.key,
          subjects: [p.key, angle.key],
          relationKey: `${p.key}__conjunction__${angle.key}`,
          tags: [categoryOf(p.key), 'angular', p.key, angle.key],
          indexKeys: [`planet:${p.key}`, `point:${angle.key}`],
          flags: { ...empty, angular: true },
          evidence: {
            window_type: 'natal',
            focus_point: p.key,
            natal_points: [p.key, angle.key],
            angle_point: angle.key,
            sign_id: signOf(lon(p.key)).id,
            topic_title: title,
          },
        });
      }

  // Tight major aspects (within 2°) between the planets, the node and (timed) the Ascendant and Midheaven.
  const aspectable = refs.filter((r) => r.key !== 'descendant' && r.key !== 'ic');
  for (let i = 0; i < aspectable.length; i++)
    for (let j = i + 1; j < aspectable.length; j++) {
      const p = aspectable[i]!,
        q = aspectable[j]!;
      if (p.angle && q.angle) continue;
      const distance = Math.abs(wrap180(lon(p.key) - lon(q.key)));
      for (const type of ['conjunction', 'opposition', 'square', 'trine', 'sextile'] as const) {
        const aspect = aspectRef(type);
        const orb = Math.abs(distance - aspect.angle);
        if (orb > TIGHT_ORB) continue;
        const tone = type === 'conjunction' ? 'conjunction' : TENSE.has(type) ? 'tense' : 'flowing';
        const title = `${p.name} ${type} ${q.name}`;
        drafts.push({
          ...undated,
          id: `tight_aspect__${p.key}__${type}__${q.key}`,
          category: categoryOf(p.key),
          kind: 'tight_aspect',
          detector: 'major_aspect_within_2_degrees',
          strength: aspectWeight(type) * Math.max(pointWeight(p.key), pointWeight(q.key)) * (1 - orb / (2 * TIGHT_ORB)) + 0.1,
          title,
          textKey: `insight.natal.aspect.${tone}`,
          values: { transit: p.name, natal: q.name, aspect: type, orb: Math.round(orb * 10) / 10 },
          point: q.key,
          subjects: [p.key, q.key],
          relationKey: `${p.key}__${type}__${q.key}`,
          tags: [categoryOf(p.key), tone, type, p.key, q.key],
          indexKeys: [`planet:${p.key}`, `point:${q.key}`, `aspect:${type}`],
          flags: { ...empty, angular: p.angle || q.angle },
          evidence: { window_type: 'natal', focus_point: p.key, aspect_types: [type], natal_points: [p.key, q.key], topic_title: title },
        });
      }
    }

  const answer = rankedAnswer(
    drafts,
    seedOf(natal, place),
    {
      mode: 'natal',
      range_start: null,
      range_end: null,
      time_known: timed,
      zodiac_type: natal.zodiac.type === 'sidereal' ? 'Sidereal' : 'Tropical',
      library_version: INSIGHT_LIBRARY_VERSION,
    },
    warnings,
  );
  return { facts: answer.facts, importance: answer.importance, summary: answer.summary, meta: answer.meta, warnings: answer.warnings };
}
