/**
 * The chart images: natal wheel, transit bi-wheel, solar return, secondary progressions,
 * composite and synastry. Runs in a compute worker (casting, drawing and rasterising).
 */
import type { ChartAspect } from '../../../renderer/index.ts';
import type { ChartMoment, PointPosition } from '../../astro/chart.ts';
import { nearMidpoint, compositeHouses } from '../../astro/composite.ts';
import { ayanamsaDegrees, trueObliquity } from '../../astro/ephemeris.ts';
import { secondaryProgression } from '../../astro/progressions.ts';
import { solarReturnJd } from '../../astro/solar-return.ts';
import { julianDayFromUtcMs, utcMsFromJulianDay } from '../../astro/civil-time.ts';
import { normalizeDegrees } from '../../astro/zodiac.ts';
import type { BinaryResponse } from '../../compute/binary-response.ts';
import { momentAtInstant } from '../shared/moment.ts';
import type { ResolvedPlace } from '../shared/place.ts';
import { transitMoment } from '../transits/service.ts';
import { aspectPoints, aspectsBetween, aspectsWithin, drawing, localTimeLine, placeLine, ringOf, settingsLine } from './drawing.ts';
import { imageResponse, mergeChartConfig, renderChoice } from './output.ts';
import { castMoment, castSubject, type ChartSubject } from './subject.ts';
import { STYLE_ALIAS_KEYS, type CompositeChartRequest, type NatalChartRequest, type OutputOptions, type ProgressionsChartRequest, type SolarReturnChartRequest, type SynastryChartRequest, type TransitChartRequest } from './schemas.ts';

function configOf(options: OutputOptions, loc: (string | number)[], extra: { loc: (string | number)[]; values: Record<string, unknown> | undefined }[] = []) {
  return mergeChartConfig([
    { loc: [...loc, 'custom_theme'], values: options.custom_theme?.background ? { chart_background: options.custom_theme.background } : undefined },
    { loc: [...loc, 'chart_config'], values: options.chart_config },
    ...extra,
  ]);
}

const isoMs = (utcMs: number) => new Date(Math.round(utcMs)).toISOString();

export function natalChart(p: { request: NatalChartRequest; place: ResolvedPlace }): BinaryResponse {
  const r = p.request;
  const subject = castSubject(r, p.place, ['body'], 'Natal');
  const render = renderChoice(r, configOf(r, ['body']));
  const d = drawing('natal', ringOf(subject.chart, subject.name, r.display_settings), undefined,
    aspectsWithin(aspectPoints(subject.chart, r.display_settings), 'inner', { includeMinor: r.include_minor ?? false, orbs: r.orb_settings }),
    { title: `${subject.name} - Natal Chart`, lines: [localTimeLine(subject), placeLine(subject), settingsLine(subject)] }, render);
  return imageResponse(d, r);
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
  const choice = { includeMinor: output.include_minor ?? false, orbs: output.orb_settings };
  // Transit lines join the moving planets to the fixed natal points, whichever ring holds them.
  const natalInside = r.natal_ring === 'inner';
  const lines = natalInside
    ? aspectsBetween(aspectPoints(transit.chart, display), aspectPoints(natal.chart, display, true), choice)
    : aspectsBetween(aspectPoints(natal.chart, display, true), aspectPoints(transit.chart, display), choice);
  const render = renderChoice(output, configOf(output, ['body']));
  const d = drawing('transits', natalInside ? natalRing : { ...transitRing, cusps: natalRing.cusps, angles: natalRing.angles }, natalInside ? transitRing : { ...natalRing, cusps: undefined, angles: undefined }, lines,
    { title: `${natal.name} - Transits`, lines: [`Natal: ${localTimeLine(natal)}`, `Transits: ${localTimeLine(transit)}`, placeLine(natal), settingsLine(natal)] }, render);
  return imageResponse(d, output, { 'X-Transit-Datetime-UTC': isoMs(moment.utcMs) });
}

export function solarReturnChart(p: { request: SolarReturnChartRequest; place: ResolvedPlace; returnPlace: ResolvedPlace }): BinaryResponse {
  const r = p.request;
  const natal = castSubject(r, p.place, ['body'], 'Natal');
  const natalSun = natal.chart.points.find((x) => x.id === 'sun')!;
  const jd = solarReturnJd(natal.moment.jdUt, natalSun.lon, r.return_year, natal.zodiac);
  const utcMs = utcMsFromJulianDay(jd);
  const moment = momentAtInstant(utcMs, p.returnPlace, r.return_tz_str ?? (p.returnPlace === p.place ? natal.moment.zone : undefined));
  const ret = castMoment(`Solar Return ${r.return_year}`, moment, p.returnPlace, natal);
  const display = r.display_settings;
  const choice = { includeMinor: r.include_minor ?? false, orbs: r.orb_settings };
  const render = renderChoice(r, configOf(r, ['body']));
  const title = `${natal.name} - Solar Return ${r.return_year}`;
  const lines = [`Return: ${localTimeLine(ret)}`, placeLine(ret), `Natal: ${localTimeLine(natal)}`, settingsLine(ret)];
  // The return chart is the frame (its houses matter most); the natal planets go outside.
  const d = r.wheel_type === 'single'
    ? drawing('solar_return', ringOf(ret.chart, 'Solar Return', display), undefined, aspectsWithin(aspectPoints(ret.chart, display), 'inner', choice), { title, lines }, render)
    : drawing('solar_return', ringOf(ret.chart, 'Solar Return', display), ringOf(natal.chart, 'Natal', display, { houses: false, angles: false }),
      aspectsBetween(aspectPoints(natal.chart, display, true), aspectPoints(ret.chart, display), choice), { title, lines }, render);
  return imageResponse(d, r, { 'X-Solar-Return-Datetime-UTC': isoMs(utcMs) });
}

/** `YYYY-MM-DD` is midnight UTC; a date-time without an offset is read as UTC too. */
export function progressionTargetMs(text: string): number {
  const withTime = /[T ]/.test(text) ? text.replace(' ', 'T') : `${text}T00:00:00`;
  return Date.parse(/(Z|[+-]\d{2}:\d{2})$/.test(withTime) ? withTime : `${withTime}Z`);
}

export function progressionsChart(p: { request: ProgressionsChartRequest; place: ResolvedPlace; progressionPlace: ResolvedPlace }): BinaryResponse {
  const r = p.request;
  const natal = castSubject(r, p.place, ['body'], 'Natal');
  const targetMs = progressionTargetMs(r.progression_date);
  const progression = secondaryProgression(natal.moment.jdUt, julianDayFromUtcMs(targetMs));
  const progressedMs = utcMsFromJulianDay(progression.progressedJdUt);
  const moment = momentAtInstant(progressedMs, p.progressionPlace, r.progression_tz_str ?? natal.moment.zone);
  const progressed = castMoment('Progressed', moment, p.progressionPlace, natal, natal.moment.timeKnown);
  const display = r.display_settings;
  const render = renderChoice(r, configOf(r, ['body']));
  const d = drawing('progressions', ringOf(natal.chart, 'Natal', display), ringOf(progressed.chart, `Progressed to ${new Date(targetMs).toISOString().slice(0, 10)}`, display),
    aspectsBetween(aspectPoints(progressed.chart, display), aspectPoints(natal.chart, display, true), { includeMinor: r.include_minor ?? false, orbs: r.orb_settings }),
    { title: `${natal.name} - Secondary Progressions`, lines: [`Natal: ${localTimeLine(natal)}`, `Progressed: ${localTimeLine(progressed)}`, `Age ${progression.ageYears.toFixed(2)} years`, settingsLine(natal)] }, render);
  return imageResponse(d, r, {
    'X-Progression-System': 'secondary',
    'X-Progression-Target-Date-UTC': isoMs(targetMs),
    'X-Progressed-Datetime-UTC': isoMs(progressedMs),
    'X-Progression-Age-Years': progression.ageYears.toFixed(6),
  });
}

/** The composite chart: midpoints of the two charts' points, houses from the composite ARMC. */
function compositeOf(a: ChartSubject, b: ChartSubject, houseSystem: string): ChartMoment {
  const points: PointPosition[] = a.chart.points.flatMap((pa) => {
    const pb = b.chart.points.find((x) => x.id === pa.id);
    if (!pb) return [];
    return [{ ...pa, lon: nearMidpoint(pa.lon, pb.lon), lat: (pa.lat + pb.lat) / 2, speed: (pa.speed + pb.speed) / 2, declination: (pa.declination + pb.declination) / 2, house: undefined }];
  });
  if (!a.chart.houses || !b.chart.houses) return { points, warnings: [], moshierUsed: false };
  const h = compositeHouses(
    { armc: a.chart.houses.armc, lat: a.place.lat, obliquity: trueObliquity(a.moment.jdUt) },
    { armc: b.chart.houses.armc, lat: b.place.lat, obliquity: trueObliquity(b.moment.jdUt) },
    houseSystem as never,
  );
  // Derived houses come out tropical; a sidereal composite takes the mean ayanamsa of the two.
  const shift = a.zodiac.type === 'sidereal' ? (ayanamsaDegrees(a.moment.jdUt, a.zodiac.ayanamsa) + ayanamsaDegrees(b.moment.jdUt, a.zodiac.ayanamsa)) / 2 : 0;
  const s = (x: number) => normalizeDegrees(x - shift);
  return {
    points, warnings: [], moshierUsed: false,
    houses: { requested: houseSystem as never, used: h.used, cusps: h.cusps.map(s), asc: s(h.asc), mc: s(h.mc), armc: h.armc, vertex: s(h.vertex), ascSpeed: 0, mcSpeed: 0, vertexSpeed: 0 },
  };
}

export function compositeChart(p: { request: CompositeChartRequest; placeA: ResolvedPlace; placeB: ResolvedPlace }): BinaryResponse {
  const r = p.request;
  const a = castSubject(r.person_a, p.placeA, ['body', 'person_a'], 'Person A');
  // Both charts in the same zodiac and house system as person A, so that midpoints mean something.
  const b = castSubject({ ...r.person_b, zodiac_type: r.person_a.zodiac_type, sidereal_ayanamsa: r.person_a.sidereal_ayanamsa, house_system: r.person_a.house_system }, p.placeB, ['body', 'person_b'], 'Person B');
  const composite = compositeOf(a, b, r.person_a.house_system);
  const output = r.person_a;
  const aliases = Object.fromEntries(STYLE_ALIAS_KEYS.map((k) => [k, r[k]]));
  const render = renderChoice(output, configOf(output, ['body', 'person_a'], [{ loc: ['body', 'chart_config'], values: r.chart_config }, { loc: ['body'], values: aliases }]));
  const display = output.display_settings;
  const lines = r.show_aspects ? aspectsWithin(aspectPoints(composite, display), 'inner', { includeMinor: output.include_minor ?? false, orbs: output.orb_settings }) : [];
  const d = drawing('composite', ringOf(composite, 'Composite', display), undefined, lines,
    { title: `${a.name} & ${b.name} - Composite`, lines: [`${a.name}: ${localTimeLine(a)}`, `${b.name}: ${localTimeLine(b)}`, composite.houses ? `${settingsLine({ ...a, chart: composite })} · derived houses` : 'Untimed: no houses'] }, render);
  return imageResponse(d, output);
}

export function synastryChart(p: { request: SynastryChartRequest; placeA: ResolvedPlace; placeB: ResolvedPlace }): BinaryResponse {
  const r = p.request;
  const a = castSubject(r.person_a, p.placeA, ['body', 'person_a'], 'Person A');
  const b = castSubject({ ...r.person_b, zodiac_type: r.person_a.zodiac_type, sidereal_ayanamsa: r.person_a.sidereal_ayanamsa, house_system: r.person_a.house_system }, p.placeB, ['body', 'person_b'], 'Person B');
  const output = r.person_a;
  const display = output.display_settings;
  const choice = { includeMinor: output.include_minor ?? false, orbs: output.orb_settings };
  const lines: ChartAspect[] = [];
  if (r.show_inter_aspects) lines.push(...aspectsBetween(aspectPoints(a.chart, display, true), aspectPoints(b.chart, display, true), choice));
  if (r.show_a_aspects) lines.push(...aspectsWithin(aspectPoints(a.chart, display), 'outer', choice));
  if (r.show_b_aspects) lines.push(...aspectsWithin(aspectPoints(b.chart, display), 'inner', choice));
  const render = renderChoice(output, configOf(output, ['body', 'person_a'], [{ loc: ['body', 'chart_config'], values: r.chart_config }]));
  // Person B inside (with B's house ring when asked and known), person A outside.
  const inner = ringOf(b.chart, b.name, display, { houses: r.show_person_b_houses, angles: r.show_person_b_angles });
  const outer = ringOf(a.chart, a.name, display, { houses: false });
  const d = drawing('synastry', inner, outer, lines,
    { title: `${a.name} & ${b.name} - Synastry`, lines: [`${a.name}: ${localTimeLine(a)}`, `${b.name}: ${localTimeLine(b)}`, settingsLine(a)] }, render,
    { outer: r.person_a_planet_color, inner: r.person_b_planet_color });
  return imageResponse(d, output);
}

