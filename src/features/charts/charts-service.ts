/**
 * The chart images: natal wheel, transit bi-wheel, solar return, secondary progressions,
 * composite and synastry. Runs in a compute worker (casting, drawing and rasterising).
 */
import type { ChartAspect } from '../../../renderer/index.ts';
import { houseWarning, type ChartMoment, type PointPosition } from '../../astro/chart.ts';
import { cuspOrder } from '../../astro/house-placement.ts';
import { nearMidpoint, compositeHouses } from '../../astro/composite.ts';
import { ayanamsaDegrees, calcHouses, calcHousesFromArmc, trueObliquity } from '../../astro/ephemeris.ts';
import { HOUSE_SYSTEMS, POLAR_FALLBACK_SYSTEM, type HouseSystemName } from '../../astro/house-systems.ts';
import { NAIBOD_DEG_PER_DAY, progressedAngles } from '../../astro/progressed-angles.ts';
import { secondaryProgression } from '../../astro/progressions.ts';
import { solarReturnJd } from '../../astro/solar-return.ts';
import { julianDayFromUtcMs, utcMsFromJulianDay } from '../../astro/civil-time.ts';
import { civilAtOffsetMs, readIsoDateTime } from '../../astro/iso-date-time.ts';
import { MAX_YEAR, MIN_YEAR } from '../../requests/birth-schema.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { normalizeDegrees } from '../../astro/zodiac.ts';
import type { BinaryResponse } from '../../compute/binary-response.ts';
import { momentAtInstant } from '../../requests/moment.ts';
import type { ResolvedPlace } from '../../requests/place.ts';
import { transitMoment } from '../western/transits/transits-service.ts';
import { aspectPoints, aspectsBetween, aspectsWithin, drawing, localTimeLine, placeLine, ringOf, settingsLine, siderealLine } from './drawing.ts';
import { PROGRESSION_ORBS, SYNASTRY_ORBS, TRANSIT_ORBS } from './chart-orbs.ts';
import { imageResponse, imageWarnings, mergeChartConfig, renderChoice } from './output.ts';
import { castMoment, castSubject, type ChartSubject } from './subject.ts';
import {
  STYLE_ALIAS_KEYS,
  topLevelOutputFields,
  type CompositeChartRequest,
  type ProgressedChartAngles,
  type NatalChartRequest,
  type OutputOptions,
  type ProgressionsChartRequest,
  type SolarReturnChartRequest,
  type SynastryChartRequest,
  type TransitChartRequest,
} from './charts-schemas.ts';

function configOf(options: OutputOptions, loc: (string | number)[], extra: { loc: (string | number)[]; values: Record<string, unknown> | undefined }[] = []) {
  return mergeChartConfig([
    { loc: [...loc, 'custom_theme'], values: options.custom_theme?.background ? { chart_background: options.custom_theme.background } : undefined },
    { loc: [...loc, 'chart_config'], values: options.chart_config },
    ...extra,
  ]);
}

const TOP_LEVEL_OUTPUT_KEYS = Object.keys(topLevelOutputFields);

/**
 * A two-person chart's output options: person A's, with those given at the top level (as the
 * transits chart takes them) in their place; `sizeField` and `loc` name where they came from.
 */
function twoPersonOutput(r: CompositeChartRequest | SynastryChartRequest): { output: OutputOptions; sizeField: string; loc: string[] } {
  const top = Object.fromEntries(TOP_LEVEL_OUTPUT_KEYS.flatMap((k) => (r[k as keyof typeof r] !== undefined ? [[k, r[k as keyof typeof r]]] : [])));
  return {
    output: { ...r.person_a, ...top },
    sizeField: r.size !== undefined ? 'size' : 'person_a.size',
    loc: r.png_quality_scale !== undefined ? ['body'] : ['body', 'person_a'],
  };
}

const present = (lines: (string | null)[]): string[] => lines.filter((l): l is string => l !== null);

const isoMs = (utcMs: number) => new Date(Math.round(utcMs)).toISOString();

export function natalChart(p: { request: NatalChartRequest; place: ResolvedPlace }): BinaryResponse {
  const r = p.request;
  const subject = castSubject(r, p.place, ['body'], 'Natal');
  const render = renderChoice(r, configOf(r, ['body']));
  const d = drawing(
    'natal',
    ringOf(subject.chart, subject.name, r.display_settings),
    undefined,
    aspectsWithin(aspectPoints(subject.chart, r.display_settings), 'inner', { includeMinor: r.include_minor ?? false, orbs: r.orb_settings }),
    { title: `${subject.name} - Natal Chart`, lines: present([localTimeLine(subject), placeLine(subject), siderealLine(subject), settingsLine(subject)]) },
    render,
  );
  return imageResponse(d, r, render, imageWarnings([p.place], [subject.chart]));
}

export function transitChart(p: { request: TransitChartRequest; natalPlace: ResolvedPlace; transitPlace: ResolvedPlace; nowMs: number }): BinaryResponse {
  const r = p.request;
  const output: OutputOptions = { ...r.natal, ...Object.fromEntries(Object.entries(r).filter(([k, v]) => v !== undefined && k !== 'natal')) };
  const natal = castSubject(r.natal, p.natalPlace, ['body', 'natal'], 'Natal');
  const moment = transitMoment({ request: r, transitPlace: p.transitPlace, nowMs: p.nowMs });
  const transit = castMoment('Transits', moment, p.transitPlace, natal, false);
  const display = output.display_settings;
  const natalRing = ringOf(natal.chart, 'Natal', display);
  const transitRing = ringOf(transit.chart, `Transits ${localTimeLine(transit).replace(/ \(.*$/, '')}`, display);
  const choice = { includeMinor: output.include_minor ?? false, orbs: output.orb_settings, defaults: TRANSIT_ORBS };
  // Transit lines join the moving planets to the fixed natal points, whichever ring holds them.
  const natalInside = r.natal_ring === 'inner';
  const lines = natalInside
    ? aspectsBetween(aspectPoints(transit.chart, display), aspectPoints(natal.chart, display, true), choice)
    : aspectsBetween(aspectPoints(natal.chart, display, true), aspectPoints(transit.chart, display), choice);
  const render = renderChoice(output, configOf(output, ['body']), r.size !== undefined ? 'size' : 'natal.size');
  const d = drawing(
    'transits',
    natalInside ? natalRing : { ...transitRing, cusps: natalRing.cusps, angles: natalRing.angles },
    natalInside ? transitRing : { ...natalRing, cusps: undefined, angles: undefined },
    lines,
    // The houses drawn are the natal chart's: the settings line names them (the transits have none of their own).
    {
      title: `${natal.name} - Transits`,
      lines: present([
        `Natal: ${localTimeLine(natal)}`,
        placeLine(natal),
        `Transits: ${localTimeLine(transit)}`,
        placeLine(transit),
        siderealLine(transit),
        settingsLine({ ...transit, chart: { ...transit.chart, houses: natal.chart.houses } }),
      ]),
    },
    render,
    // Natal planets keep the natal colour on whichever ring they are (blue outside, transits red inside, as the public service draws that layout).
    { swap: !natalInside },
  );
  return imageResponse(d, output, render, {
    'X-Transit-Datetime-UTC': isoMs(moment.utcMs),
    ...imageWarnings([p.natalPlace, p.transitPlace], [natal.chart, transit.chart]),
  });
}

export function solarReturnChart(p: { request: SolarReturnChartRequest; place: ResolvedPlace; returnPlace: ResolvedPlace }): BinaryResponse {
  const r = p.request;
  // The return of the birth year is the birth itself; an earlier one would be an age below zero.
  if (r.return_year < r.year)
    throw new RequestFieldError(['body', 'return_year'], `return_year ${r.return_year} is before the birth year ${r.year}`, 'value_error.before_birth');
  const natal = castSubject(r, p.place, ['body'], 'Natal');
  const natalSun = natal.chart.points.find((x) => x.id === 'sun')!;
  const jd = solarReturnJd(natal.moment, natalSun.lon, r.return_year, natal.zodiac);
  const utcMs = utcMsFromJulianDay(jd);
  const moment = momentAtInstant(utcMs, p.returnPlace, r.return_tz_str ?? (p.returnPlace === p.place ? natal.moment.zone : undefined));
  const ret = castMoment(`Solar Return ${r.return_year}`, moment, p.returnPlace, natal);
  const display = r.display_settings;
  const choice = { includeMinor: r.include_minor ?? false, orbs: r.orb_settings };
  const render = renderChoice(r, configOf(r, ['body']));
  const title = `${natal.name} - Solar Return ${r.return_year}`;
  const lines = present([
    `Return: ${localTimeLine(ret)}`,
    placeLine(ret),
    siderealLine(ret),
    `Natal: ${localTimeLine(natal)}`,
    placeLine(natal),
    settingsLine(ret),
  ]);
  // The return chart is the frame (its houses matter most); the natal planets go outside.
  const d =
    r.wheel_type === 'single'
      ? drawing(
          'solar_return',
          ringOf(ret.chart, 'Solar Return', display),
          undefined,
          aspectsWithin(aspectPoints(ret.chart, display), 'inner', choice),
          { title, lines },
          render,
        )
      : drawing(
          'solar_return',
          ringOf(ret.chart, 'Solar Return', display),
          ringOf(natal.chart, 'Natal', display, { houses: false, angles: false }),
          aspectsBetween(aspectPoints(natal.chart, display, true), aspectPoints(ret.chart, display), { ...choice, defaults: TRANSIT_ORBS }),
          { title, lines },
          render,
        );
  return imageResponse(d, r, render, { 'X-Solar-Return-Datetime-UTC': isoMs(utcMs), ...imageWarnings([p.place, p.returnPlace], [ret.chart, natal.chart]) });
}

/**
 * `YYYY-MM-DD` is midnight UTC; a date-time without an offset is read as UTC too. A date that does
 * not exist, a year not served or a target before the birth is a 422 on `progression_date`.
 */
export function progressionTargetMs(text: string, natalUtcMs: number): number {
  const reading = readIsoDateTime(text, { min: MIN_YEAR, max: MAX_YEAR });
  if (!reading.ok) throw new RequestFieldError(['body', 'progression_date'], `${text} ${reading.reason}`, 'value_error.datetime');
  const targetMs = civilAtOffsetMs(reading.value.civil, reading.value.offsetSeconds ?? 0);
  if (targetMs < natalUtcMs) {
    throw new RequestFieldError(
      ['body', 'progression_date'],
      `${text} is before the birth (${isoMs(natalUtcMs)}): a progression runs forward from it`,
      'value_error.before_birth',
    );
  }
  return targetMs;
}

const ANGLES_METHOD_NAMES: Record<ProgressedChartAngles, string> = { solar_arc: 'solar arc', naibod: 'Naibod', progressed_instant: 'the progressed instant' };

/**
 * The progressed chart's houses by the request's method: the progressed instant's own, or the
 * natal angles (cast at the progression place) moved by the solar arc or Naibod's rate
 * (src/astro/progressed-angles.ts), with the cusps of that ARMC in the natal house system.
 */
function progressedHouses(natal: ChartSubject, progressed: ChartSubject, method: ProgressedChartAngles, progressedJd: number): ChartMoment {
  const chart = progressed.chart;
  const sun = natal.chart.points.find((x) => x.id === 'sun');
  const progressedSun = chart.points.find((x) => x.id === 'sun');
  if (method === 'progressed_instant' || !chart.houses || !natal.chart.houses || !sun || !progressedSun) return chart;
  const place = progressed.place;
  const system = natal.houseSystem as HouseSystemName;
  const letter = HOUSE_SYSTEMS[system];
  // The natal angles at the progression place (the natal place unless the request moves it).
  const natalHere = calcHouses(natal.moment.jdUt, place.lat, place.lng, letter, natal.zodiac);
  const ayanamsa = natal.chart.ayanamsa ?? 0;
  const obliquity = trueObliquity(natal.moment.jdUt);
  const a = progressedAngles(
    { mc: natalHere.mc, armc: natalHere.armc, sunLon: sun.lon, lat: place.lat, obliquity, ayanamsa },
    method,
    progressedSun.lon,
    progressedJd - natal.moment.jdUt,
  );
  const h = calcHousesFromArmc(a.armc, place.lat, obliquity, letter, progressedSun.declination);
  const cusps = h.cusps.map((c) => normalizeDegrees(c - ayanamsa));
  const { forward, inOrder } = cuspOrder(cusps);
  const used = h.fellBack ? POLAR_FALLBACK_SYSTEM : system;
  const warning = houseWarning(system, used, inOrder, place.lat);
  // The angles move as the Sun does (solar arc) or at Naibod's rate, per day of ephemeris.
  const speed = method === 'solar_arc' ? progressedSun.speed : NAIBOD_DEG_PER_DAY;
  return {
    ...chart,
    warnings: [...chart.warnings.filter((w) => !w.startsWith('house system ')), ...(warning === undefined ? [] : [warning])],
    houses: {
      ...chart.houses,
      used,
      cusps,
      asc: a.asc,
      mc: a.mc,
      armc: a.armc,
      vertex: normalizeDegrees(h.vertex - ayanamsa),
      ascSpeed: speed,
      mcSpeed: speed,
      vertexSpeed: speed,
      forward,
      inOrder,
    },
  };
}

export function progressionsChart(p: { request: ProgressionsChartRequest; place: ResolvedPlace; progressionPlace: ResolvedPlace }): BinaryResponse {
  const r = p.request;
  const natal = castSubject(r, p.place, ['body'], 'Natal');
  const targetMs = progressionTargetMs(r.progression_date, natal.moment.utcMs);
  const progression = secondaryProgression(natal.moment.jdUt, julianDayFromUtcMs(targetMs));
  const progressedMs = utcMsFromJulianDay(progression.progressedJdUt);
  const moment = momentAtInstant(progressedMs, p.progressionPlace, r.progression_tz_str ?? natal.moment.zone);
  const cast = castMoment('Progressed', moment, p.progressionPlace, natal, natal.moment.timeKnown);
  const method = r.angles_method;
  const progressed = { ...cast, chart: progressedHouses(natal, cast, method, progression.progressedJdUt) };
  const display = r.display_settings;
  const render = renderChoice(r, configOf(r, ['body']));
  const d = drawing(
    'progressions',
    ringOf(natal.chart, 'Natal', display),
    ringOf(progressed.chart, `Progressed to ${new Date(targetMs).toISOString().slice(0, 10)}`, display),
    aspectsBetween(aspectPoints(progressed.chart, display), aspectPoints(natal.chart, display, true), {
      includeMinor: r.include_minor ?? false,
      orbs: r.orb_settings,
      defaults: PROGRESSION_ORBS,
    }),
    {
      title: `${natal.name} - Secondary Progressions`,
      lines: [
        `Natal: ${localTimeLine(natal)}`,
        placeLine(natal),
        `Progressed: ${localTimeLine(progressed)}`,
        `Age ${progression.ageYears.toFixed(2)} years · angles by ${ANGLES_METHOD_NAMES[method]}`,
        settingsLine(natal),
      ],
    },
    render,
  );
  return imageResponse(d, r, render, {
    'X-Progression-System': 'secondary',
    'X-Progression-Target-Date-UTC': isoMs(targetMs),
    'X-Progressed-Datetime-UTC': isoMs(progressedMs),
    'X-Progression-Age-Years': progression.ageYears.toFixed(6),
    'X-Progressed-Angles': method,
    ...imageWarnings([p.place, p.progressionPlace], [natal.chart, progressed.chart]),
  });
}

/** A ring's Ascendant and Midheaven as points of its own track (when another ring draws the axes). */
function anglePoints(ring: { angles?: { asc: number; mc: number } | undefined }) {
  const a = ring.angles;
  return a
    ? [
        { id: 'asc', name: 'Ascendant', lon: a.asc, retrograde: false },
        { id: 'mc', name: 'Midheaven', lon: a.mc, retrograde: false },
      ]
    : [];
}

/** The Sun's declination in a subject's chart (every chart casts the Sun: a planet is never left out). */
function sunDeclination(subject: ChartSubject): number {
  return subject.chart.points.find((x) => x.id === 'sun')!.declination;
}

/** The composite chart: midpoints of the two charts' points, houses from the composite ARMC. */
function compositeOf(a: ChartSubject, b: ChartSubject, houseSystem: string): ChartMoment {
  const points: PointPosition[] = a.chart.points.flatMap((pa) => {
    const pb = b.chart.points.find((x) => x.id === pa.id);
    if (!pb) return [];
    return [
      {
        ...pa,
        lon: nearMidpoint(pa.lon, pb.lon),
        lat: (pa.lat + pb.lat) / 2,
        speed: (pa.speed + pb.speed) / 2,
        declination: (pa.declination + pb.declination) / 2,
        house: undefined,
      },
    ];
  });
  if (!a.chart.houses || !b.chart.houses) return { points, warnings: [], moshierUsed: false };
  const h = compositeHouses(
    { armc: a.chart.houses.armc, lat: a.place.lat, obliquity: trueObliquity(a.moment.jdUt), sunDeclination: sunDeclination(a) },
    { armc: b.chart.houses.armc, lat: b.place.lat, obliquity: trueObliquity(b.moment.jdUt), sunDeclination: sunDeclination(b) },
    houseSystem as never,
  );
  // Derived houses come out tropical; a sidereal composite takes the mean ayanamsa of the two.
  const shift = a.zodiac.type === 'sidereal' ? (ayanamsaDegrees(a.moment.jdUt, a.zodiac.ayanamsa) + ayanamsaDegrees(b.moment.jdUt, a.zodiac.ayanamsa)) / 2 : 0;
  const s = (x: number) => normalizeDegrees(x - shift);
  const cusps = h.cusps.map(s);
  const { forward, inOrder } = cuspOrder(cusps);
  const warning = houseWarning(houseSystem, h.used, inOrder, (a.place.lat + b.place.lat) / 2);
  return {
    points,
    warnings: warning === undefined ? [] : [warning],
    moshierUsed: false,
    houses: {
      requested: houseSystem as never,
      used: h.used,
      cusps,
      asc: s(h.asc),
      mc: s(h.mc),
      armc: h.armc,
      vertex: s(h.vertex),
      ascSpeed: 0,
      mcSpeed: 0,
      vertexSpeed: 0,
      forward,
      inOrder,
    },
  };
}

export function compositeChart(p: { request: CompositeChartRequest; placeA: ResolvedPlace; placeB: ResolvedPlace }): BinaryResponse {
  const r = p.request;
  const a = castSubject(r.person_a, p.placeA, ['body', 'person_a'], 'Person A');
  // Both charts in the same zodiac and house system as person A, so that midpoints mean something.
  const b = castSubject(
    { ...r.person_b, zodiac_type: r.person_a.zodiac_type, sidereal_ayanamsa: r.person_a.sidereal_ayanamsa, house_system: r.person_a.house_system },
    p.placeB,
    ['body', 'person_b'],
    'Person B',
  );
  const composite = compositeOf(a, b, r.person_a.house_system);
  const { output, sizeField, loc } = twoPersonOutput(r);
  const aliases = Object.fromEntries(STYLE_ALIAS_KEYS.map((k) => [k, r[k]]));
  const render = renderChoice(
    output,
    configOf(
      output,
      ['body', 'person_a'],
      [
        { loc: ['body', 'chart_config'], values: r.chart_config },
        { loc: ['body'], values: aliases },
      ],
    ),
    sizeField,
  );
  const display = output.display_settings;
  const lines = r.show_aspects
    ? aspectsWithin(aspectPoints(composite, display), 'inner', { includeMinor: output.include_minor ?? false, orbs: output.orb_settings })
    : [];
  const d = drawing(
    'composite',
    ringOf(composite, 'Composite', display),
    undefined,
    lines,
    {
      title: `${a.name} & ${b.name} - Composite`,
      lines: [
        `${a.name}: ${localTimeLine(a)}`,
        placeLine(a),
        `${b.name}: ${localTimeLine(b)}`,
        placeLine(b),
        composite.houses ? `${settingsLine({ ...a, chart: composite })} · derived houses` : 'Untimed: no houses',
      ],
    },
    render,
  );
  return imageResponse(d, output, render, imageWarnings([p.placeA, p.placeB], [a.chart, b.chart, composite]), loc);
}

export function synastryChart(p: { request: SynastryChartRequest; placeA: ResolvedPlace; placeB: ResolvedPlace }): BinaryResponse {
  const r = p.request;
  const a = castSubject(r.person_a, p.placeA, ['body', 'person_a'], 'Person A');
  const b = castSubject(
    { ...r.person_b, zodiac_type: r.person_a.zodiac_type, sidereal_ayanamsa: r.person_a.sidereal_ayanamsa, house_system: r.person_a.house_system },
    p.placeB,
    ['body', 'person_b'],
    'Person B',
  );
  const { output, sizeField, loc } = twoPersonOutput(r);
  const display = output.display_settings;
  const choice = { includeMinor: output.include_minor ?? false, orbs: output.orb_settings };
  const lines: ChartAspect[] = [];
  if (r.show_inter_aspects)
    lines.push(...aspectsBetween(aspectPoints(a.chart, display, true), aspectPoints(b.chart, display, true), { ...choice, defaults: SYNASTRY_ORBS }));
  if (r.show_a_aspects) lines.push(...aspectsWithin(aspectPoints(a.chart, display), 'outer', choice));
  if (r.show_b_aspects) lines.push(...aspectsWithin(aspectPoints(b.chart, display), 'inner', choice));
  const render = renderChoice(output, configOf(output, ['body', 'person_a'], [{ loc: ['body', 'chart_config'], values: r.chart_config }]), sizeField);
  // Person A outside, person B inside. A's houses frame the chart when A's time is known (B's
  // own houses then go in the thin band, when asked and known); else B's houses, when known.
  const aRing = ringOf(a.chart, a.name, display);
  const bRing = ringOf(b.chart, b.name, display, { angles: r.show_person_b_angles });
  const aFrames = aRing.cusps !== undefined;
  // B's angles sit among B's planets when A's frame the chart, in B's angle colour when one is given.
  const bAngles = anglePoints(bRing).map((point) => (r.person_b_angle_color ? { ...point, color: r.person_b_angle_color } : point));
  const inner = aFrames
    ? { ...bRing, cusps: aRing.cusps, angles: aRing.angles, points: [...bRing.points, ...bAngles], axisAngles: undefined }
    : r.show_person_b_houses
      ? bRing
      : { ...bRing, cusps: undefined };
  // The axes are A's when A's houses frame the chart, else B's; chart_config's own line colours win.
  const axesColor = aFrames ? r.person_a_angle_color : r.person_b_angle_color;
  if (axesColor) {
    const config = { ...render.chartConfig };
    for (const key of ['asc_line_color', 'dsc_line_color', 'mc_line_color', 'ic_line_color'] as const) config[key] ??= axesColor;
    render.chartConfig = config;
  }
  const outer = { ...aRing, cusps: undefined, angles: undefined, ...(aRing.angles ? { axisAngles: aRing.angles } : {}) };
  const secondHouses = aFrames && r.show_person_b_houses && bRing.cusps ? { cusps: bRing.cusps, ring: 'inner' as const } : undefined;
  const d = drawing(
    'synastry',
    inner,
    outer,
    lines,
    {
      title: `${a.name} & ${b.name} - Synastry`,
      lines: [
        `${a.name}: ${localTimeLine(a)}`,
        placeLine(a),
        `${b.name}: ${localTimeLine(b)}`,
        placeLine(b),
        aFrames ? `Houses: ${a.name}${secondHouses ? ` (${b.name}: dashed)` : ''}` : bRing.cusps && r.show_person_b_houses ? `Houses: ${b.name}` : 'No houses',
        settingsLine(a),
      ],
    },
    render,
    {
      ...(r.person_a_planet_color ? { outer: r.person_a_planet_color } : {}),
      ...(r.person_b_planet_color ? { inner: r.person_b_planet_color } : {}),
      ...(r.person_a_zone_bg_color ? { outerZone: r.person_a_zone_bg_color } : {}),
      ...(r.person_b_zone_bg_color ? { innerZone: r.person_b_zone_bg_color } : {}),
    },
  );
  if (secondHouses) d.secondHouses = secondHouses;
  return imageResponse(d, output, render, imageWarnings([p.placeA, p.placeB], [a.chart, b.chart]), loc);
}
