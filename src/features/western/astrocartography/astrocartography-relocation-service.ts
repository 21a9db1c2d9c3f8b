/**
 * The relocated chart: the birth instant (resolved at the birth place, as the natal chart
 * resolves it) cast at another place by the natal chart's own cast (castNatal → castChart), with
 * the relocation summary the city check gives and what moving changes (angles, houses).
 */
import { normalizeDegrees, signedSeparation, signOf } from '../../../astro/zodiac.ts';
import { ACG_ANGLES } from '../../../astro/astrocartography.ts';
import { greatCircleKm } from '../../../geo/city-grid.ts';
import { birthMoment, momentAtInstant } from '../../../requests/moment.ts';
import { placeWarnings, type ResolvedPlace } from '../../../requests/place.ts';
import { castNatal, type NatalCast, type NatalTask } from '../natal/natal-service.ts';
import { writeNatalAnswer } from '../natal/natal-answer.ts';
import type { NatalRequest } from '../natal/natal-schemas.ts';
import { targetTitle, type AcgTarget } from './acg-place.ts';
import { castAcgSky, requireBirthTime } from './acg-sky.ts';
import { measureCity, scoringContext } from './city-scoring.ts';
import { cityJson } from './astrocartography-city-check-service.ts';
import { relocationSummary } from './relocation-summary.ts';
import { round2, round6 } from './astrocartography-service.ts';
import type { AcgRelocationAnswer, AcgRelocationRequest } from './astrocartography-relocation-schemas.ts';

export interface AcgRelocationTask {
  request: AcgRelocationRequest;
  /** The birth place. */
  place: ResolvedPlace;
  target: AcgTarget;
}

/** The new place as a chart's place: its zone is the one the relocated local time is read in. */
function targetPlace(t: AcgTarget): ResolvedPlace {
  return {
    city: t.name,
    country: t.country,
    region: t.state,
    lat: t.lat,
    lng: t.lng,
    source: t.population === null ? 'request' : 'gazetteer',
    zone: t.timezone,
  };
}

function housesOf(cast: NatalCast): Map<string, number> {
  return new Map(cast.chart.points.filter((p) => p.house !== undefined).map((p) => [p.id, p.house!]));
}

export function computeAcgRelocation(task: AcgRelocationTask): AcgRelocationAnswer {
  const { request, place, target } = task;
  requireBirthTime(request.natal);
  const natal = request.natal as NatalRequest;
  const moment = birthMoment(natal, place, ['body', 'natal']);
  const natalTask: NatalTask = {
    request: natal,
    place,
    includeMinor: natal.include_minor ?? natal.include_minor_aspects ?? false,
    includeStelliums: natal.include_stelliums ?? false,
  };
  const natalCast = castNatal(natalTask, moment);

  // The same instant, told in the new place's zone: the chart's subject reads as a chart of that place.
  const there = targetPlace(target);
  const relocatedMoment = momentAtInstant(moment.utcMs, there, target.timezone);
  const relocatedTask: NatalTask = { ...natalTask, place: there };
  const relocatedCast = castNatal(relocatedTask, relocatedMoment);
  const chart = JSON.parse(Buffer.from(writeNatalAnswer(relocatedTask, relocatedCast)).toString('utf8')) as AcgRelocationAnswer['chart'];

  // The summary's angular bodies: the family's sky (apparent positions of date) read at the place.
  const sky = castAcgSky({ natal: request.natal, bodies: request.bodies }, place);
  const m = measureCity(scoringContext(sky, ACG_ANGLES, [], 1, 0), target.lat, target.lng);
  const summary = relocationSummary(m, moment.jdUt, natal.house_system, target.timezone, targetTitle(target));

  const a = natalCast.chart.houses!;
  const b = relocatedCast.chart.houses!;
  const before = housesOf(natalCast);
  const after = housesOf(relocatedCast);
  const houses = [...after].flatMap(([id, house]) => {
    const natalHouse = before.get(id);
    return natalHouse === undefined || id === 'asc' || id === 'mc'
      ? []
      : [{ id, natal_house: natalHouse, relocated_house: house, changed: natalHouse !== house }];
  });

  return {
    meta: {
      datetime_utc: moment.utcIso,
      birth_datetime: moment.localIso,
      relocated_datetime: relocatedMoment.localIso,
      birth_timezone: moment.zone,
      relocated_timezone: relocatedMoment.zone,
      house_system: natal.house_system,
      zodiac_type: natal.zodiac_type,
    },
    warnings: [
      ...new Set([
        ...placeWarnings(place),
        ...(target.ambiguity ? [target.ambiguity] : []),
        ...natalCast.chart.warnings,
        ...relocatedCast.chart.warnings,
        ...summary.warnings,
      ]),
    ],
    city: cityJson(target),
    natal_place: { city: place.city, country: place.country, lat: place.lat, lng: place.lng, timezone: moment.zone },
    distance_from_natal_km: round2(greatCircleKm(place.lat, place.lng, target.lat, target.lng)),
    relocation_summary: summary,
    comparison: {
      natal_angles: { asc: round6(a.asc), mc: round6(a.mc) },
      relocated_angles: { asc: round6(b.asc), mc: round6(b.mc) },
      asc_shift_deg: round6(signedSeparation(a.asc, b.asc)),
      mc_shift_deg: round6(signedSeparation(a.mc, b.mc)),
      rising_sign: { natal: signOf(normalizeDegrees(a.asc)).name, relocated: signOf(normalizeDegrees(b.asc)).name },
      mc_sign: { natal: signOf(normalizeDegrees(a.mc)).name, relocated: signOf(normalizeDegrees(b.mc)).name },
      houses,
      planets_changing_house: houses.filter((h) => h.changed).length,
    },
    chart,
  };
}
