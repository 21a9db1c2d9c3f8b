/**
 * The sidereal (rasi, D1) chart of Jyotish: the nine grahas and the lagna with their sign,
 * degree, nakshatra and pada, house, motion, combustion and dignity. The positions are the
 * engine's sidereal ones (computeChartMoment with the ayanamsa asked for), the same the sidereal
 * natal endpoint gives; everything else here is Jyotish's reading of them. The dasha, varga,
 * panchang and chart-image code read this model.
 */
import { bodyInfo } from '../bodies.ts';
import { computeChartMoment, type PointPosition } from '../chart.ts';
import { calcBody } from '../ephemeris.ts';
import type { AyanamsaName } from '../ayanamsas.ts';
import type { HouseSystemName } from '../house-systems.ts';
import { houseOf } from '../house-placement.ts';
import { degreeInSign, signIndexOf, normalizeDegrees } from '../zodiac.ts';
import { GRAHA_IDS, GRAHAS, SEVEN_GRAHAS, SIGN_LORDS, signDistance, type GrahaId, type SevenGraha } from './grahas.ts';
import { nakshatraOf, type NakshatraPosition } from './nakshatras.ts';
import { dignityOf, type Dignity } from './dignity.ts';
import { combustionOrb, isCombust } from './combustion.ts';

export type NodeType = 'mean' | 'true';

export interface VedicChartInput {
  jdUt: number;
  lat: number;
  lng: number;
  /** False: no lagna or houses; the houses are counted from the Moon's sign (chandra lagna). */
  timeKnown: boolean;
  ayanamsa: AyanamsaName;
  /** Rahu is the mean node (default in Jyotish) or the true (osculating) one; Ketu is always opposite it. */
  nodeType: NodeType;
  /** `whole_sign`: each sign one house from the lagna's sign; any other system places the grahas in its cusps (`sripati` is the bhava chalit chart). */
  houseSystem: HouseSystemName;
  /** Warnings the chart starts with (a local time a daylight-saving change skipped). */
  warnings?: readonly string[] | undefined;
  /** False when the caller reads no declination (each graha's is then NaN; see ChartMomentInput). Default true. */
  declinations?: boolean | undefined;
}

/** Where a sidereal longitude falls: sign, degree in it, nakshatra and pada, the sign's lord. */
export interface SiderealPlace {
  longitude: number;
  /** 0 (Aries) to 11 (Pisces). */
  signIndex: number;
  /** [0, 30). */
  degreeInSign: number;
  nakshatra: NakshatraPosition;
  signLord: SevenGraha;
}

export interface VedicGraha extends SiderealPlace {
  id: GrahaId;
  name: string;
  /** Ecliptic latitude, degrees. */
  latitude: number;
  /** Daily motion in sidereal longitude, degrees per day (negative when retrograde). */
  speed: number;
  /** Declination of the true (tropical of date) position, degrees. */
  declination: number;
  retrograde: boolean;
  /**
   * Within its combustion orb of the Sun; null for the Sun and the nodes, which are never combust.
   * `combustionOrb` is the orb applied (smaller for retrograde Mercury and Venus).
   */
  combust: boolean | null;
  combustionOrb: number | null;
  dignity: Dignity | null;
  /** House in the chart's house system, counted from the lagna (from the Moon's sign when the birth time is unknown). */
  house: number;
  /** Whole-sign house from the lagna's sign (from the Moon's sign when the birth time is unknown), whatever the house system. */
  signHouse: number;
}

export interface VedicHouse {
  /** 1 to 12. */
  house: number;
  /** The sign of the house: whole-sign, the sign from the lagna's; with cusps, the sign its cusp is in. */
  signIndex: number;
  lord: SevenGraha;
  /** Where the house begins: the sign's 0° for whole-sign houses, the cusp otherwise (the bhava's start, sandhi, for Sripati). */
  cusp: number;
}

export interface VedicChart {
  jdUt: number;
  ayanamsa: { name: AyanamsaName; degrees: number };
  nodeType: NodeType;
  houseSystem: HouseSystemName;
  /** Which the houses are counted from: the lagna, or the Moon's sign (chandra lagna) for an untimed birth. */
  houseReference: 'lagna' | 'chandra_lagna';
  /** The sign index the houses start from (the lagna's or the Moon's). */
  referenceSign: number;
  /** The ascendant; undefined when the birth time is unknown. */
  lagna: (SiderealPlace & { house: 1 }) | undefined;
  /** The nine grahas, Sun to Saturn (weekday order), Rahu, Ketu. */
  grahas: VedicGraha[];
  houses: VedicHouse[];
  warnings: string[];
  /** The analytic Moshier theory was used (a date outside the data files). */
  moshierUsed: boolean;
}

/** Sign, degree, nakshatra, pada and sign lord of any sidereal longitude. */
export function siderealPlace(longitude: number): SiderealPlace {
  const lon = normalizeDegrees(longitude);
  const signIndex = signIndexOf(lon);
  return { longitude: lon, signIndex, degreeInSign: degreeInSign(lon), nakshatra: nakshatraOf(lon), signLord: SIGN_LORDS[signIndex]! };
}

/** The Sun and the Moon never go backwards (a tiny negative speed is the engine's noise); the mean node always does. */
const isRetrograde = (id: GrahaId, speed: number) => (id === 'sun' || id === 'moon' ? false : speed < 0);

/** The engine's points for the chart, in the order of GRAHA_IDS (Ketu is derived from Rahu). */
const ENGINE_POINTS = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'north_node', 'asc'] as const;

export function castVedicChart(input: VedicChartInput): VedicChart {
  const chart = computeChartMoment({
    jdUt: input.jdUt,
    lat: input.lat,
    lng: input.lng,
    timeKnown: input.timeKnown,
    zodiac: { type: 'sidereal', ayanamsa: input.ayanamsa },
    houseSystem: input.houseSystem,
    points: ENGINE_POINTS,
    nodeVariant: input.nodeType,
    warnings: input.warnings,
    declinations: input.declinations,
  });
  const byId = new Map<string, PointPosition>(chart.points.map((p) => [p.id, p]));
  const rahu = byId.get('north_node')!;
  const positions: Record<GrahaId, PointPosition> = {
    sun: byId.get('sun')!,
    moon: byId.get('moon')!,
    mars: byId.get('mars')!,
    mercury: byId.get('mercury')!,
    jupiter: byId.get('jupiter')!,
    venus: byId.get('venus')!,
    saturn: byId.get('saturn')!,
    rahu,
    ketu: { ...rahu, id: 'ketu', lon: normalizeDegrees(rahu.lon + 180), lat: -rahu.lat, declination: -rahu.declination },
  };
  const houses = chart.houses;
  // Ketu is not an engine point: its house is found here, not copied from Rahu's.
  if (houses) positions.ketu.house = houseOf(positions.ketu.lon, houses.cusps, houses.forward);
  const lagnaPlace = houses ? siderealPlace(houses.asc) : undefined;
  const lagna = lagnaPlace
    ? {
        longitude: lagnaPlace.longitude,
        signIndex: lagnaPlace.signIndex,
        degreeInSign: lagnaPlace.degreeInSign,
        nakshatra: lagnaPlace.nakshatra,
        signLord: lagnaPlace.signLord,
        house: 1 as const,
      }
    : undefined;
  const referenceSign = lagna ? lagna.signIndex : signIndexOf(positions.moon.lon);
  const signOf = (id: GrahaId) => signIndexOf(positions[id].lon);
  const sunLon = positions.sun.lon;

  const grahas: VedicGraha[] = GRAHA_IDS.map((id) => {
    const p = positions[id];
    const place = siderealPlace(p.lon);
    const retrograde = isRetrograde(id, p.speed);
    const orb = combustionOrb(id, retrograde);
    const signHouse = signDistance(referenceSign, place.signIndex);
    // Field by field rather than spread: copying `place` with a spread cost the chart about 0.1 ms (V8's slow object clone).
    return {
      longitude: place.longitude,
      signIndex: place.signIndex,
      degreeInSign: place.degreeInSign,
      nakshatra: place.nakshatra,
      signLord: place.signLord,
      id,
      name: GRAHAS[id].name,
      latitude: p.lat,
      speed: p.speed,
      declination: p.declination,
      retrograde,
      combust: orb === undefined ? null : isCombust(id, p.lon, retrograde, sunLon),
      combustionOrb: orb ?? null,
      dignity: dignityOf(id, place.signIndex, place.degreeInSign, signOf),
      house: houses && input.houseSystem !== 'whole_sign' ? p.house! : signHouse,
      signHouse,
    };
  });

  const houseList: VedicHouse[] = [];
  for (let i = 0; i < 12; i++) {
    const wholeSign = !houses || input.houseSystem === 'whole_sign';
    const cusp = wholeSign ? ((referenceSign + i) % 12) * 30 : houses.cusps[i]!;
    const signIndex = wholeSign ? (referenceSign + i) % 12 : signIndexOf(cusp);
    houseList.push({ house: i + 1, signIndex, lord: SIGN_LORDS[signIndex]!, cusp });
  }

  const warnings = chart.warnings;
  if (!houses)
    warnings.push(
      "Birth time unknown: no lagna or house cusps; the chart is cast for local noon and its houses are counted from the Moon's sign (chandra lagna). The Moon's nakshatra, and so the dasha, may be wrong.",
    );
  return {
    jdUt: input.jdUt,
    ayanamsa: { name: input.ayanamsa, degrees: chart.ayanamsa! },
    nodeType: input.nodeType,
    houseSystem: input.houseSystem,
    houseReference: houses ? 'lagna' : 'chandra_lagna',
    referenceSign,
    lagna,
    grahas,
    houses: houseList,
    warnings,
    moshierUsed: chart.moshierUsed,
  };
}

/** A graha's sidereal place and motion at an instant, without a chart's houses, declination or dignity. */
export interface MovingGraha extends SiderealPlace {
  id: GrahaId;
  name: string;
  /** Degrees per day in sidereal longitude. */
  speed: number;
  retrograde: boolean;
}

/**
 * The nine grahas at an instant as a transit reading needs them: the same sidereal positions a
 * chart cast then gives (the engine's, with the ayanamsa; Ketu opposite Rahu; the Sun and Moon
 * never retrograde), without the houses and the declinations (each a second position of the
 * body) that a chart works out.
 */
export function movingGrahas(jdUt: number, ayanamsa: AyanamsaName, nodeType: NodeType): MovingGraha[] {
  const zodiac = { type: 'sidereal', ayanamsa } as const;
  const nodeSe = nodeType === 'true' ? 11 : 10;
  const of = (id: GrahaId, lon: number, speed: number): MovingGraha => {
    const place = siderealPlace(lon);
    return {
      longitude: place.longitude,
      signIndex: place.signIndex,
      degreeInSign: place.degreeInSign,
      nakshatra: place.nakshatra,
      signLord: place.signLord,
      id,
      name: GRAHAS[id].name,
      speed,
      retrograde: isRetrograde(id, speed),
    };
  };
  const out = SEVEN_GRAHAS.map((id) => {
    const p = calcBody(jdUt, bodyInfo(id).se!, zodiac);
    return of(id, p.lon, p.speedLon);
  });
  const rahu = calcBody(jdUt, nodeSe, zodiac);
  out.push(of('rahu', rahu.lon, rahu.speedLon), of('ketu', normalizeDegrees(rahu.lon + 180), rahu.speedLon));
  return out;
}
