/**
 * The strength of a Vedic chart: the chart cast as the other Vedic endpoints cast it
 * (vedic-service.ts), its shadbala, bhava bala and ashtakavarga (src/astro/vedic/strength), and
 * their presentation in the v1 and v2 shapes. Runs in a compute worker (or inline).
 */
import { formatLocalIso, utcMsFromJulianDay } from '../../../astro/civil-time.ts';
import { zoneOffsetSeconds } from '../../../astro/zone-offset-table.ts';
import { SIGNS } from '../../../astro/zodiac.ts';
import { GRAHAS, SEVEN_GRAHAS, type SevenGraha } from '../../../astro/vedic/grahas.ts';
import { shadbalaOfChart, type GrahaShadbala, type Shadbala } from '../../../astro/vedic/strength/shadbala/shadbala.ts';
import { bhavaBalaOf, type BhavaBala } from '../../../astro/vedic/strength/bhava-bala.ts';
import { ashtakavargaOfChart, type Ashtakavarga } from '../../../astro/vedic/strength/ashtakavarga.ts';
import { ASHTAKAVARGA_CONTRIBUTORS } from '../../../astro/vedic/strength/ashtakavarga-tables.ts';
import type { PlanetaryWar } from '../../../astro/vedic/strength/shadbala/yuddha-bala.ts';
import { castVedic, vedicMetadata, vedicSubject, type VedicCast, type VedicTask } from '../vedic-service.ts';
import type { GrahaShadbalaJson, VedicStrengthRequest, VedicStrengthV1Answer, VedicStrengthV2Answer } from './vedic-strength-schemas.ts';

export type VedicStrengthTask = VedicTask<VedicStrengthRequest>;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const nameOf = (g: SevenGraha) => GRAHAS[g].name;
const signName = (i: number) => SIGNS[i]!.name;
/** Virupas to the hundredth: the parts then add up to the totals within a virupa. */
const r2 = (v: number) => Math.round(v * 100) / 100;
const r4 = (v: number) => Math.round(v * 10000) / 10000;

interface Strength {
  cast: VedicCast;
  shadbala: Shadbala;
  bhavas: BhavaBala[];
  ashtakavarga: Ashtakavarga;
  warnings: string[];
}

/** Shadbala of a chart already cast, at the birth place in the birth's zone (its sunrise and hours). */
export const shadbalaOfCast = (task: VedicTask, cast: VedicCast): Shadbala =>
  shadbalaOfChart(cast.chart, { lat: task.place.lat, lng: task.place.lng, zone: cast.moment.zone });

/** What the ashtakavarga answer must say of itself: an untimed chart's lagna bindus counted from the Moon's sign. */
export const ashtakavargaWarnings = (a: Ashtakavarga): string[] =>
  a.lagnaIsChandraLagna ? ["Ashtakavarga: no lagna (untimed birth); the Moon's sign gave the lagna's bindus."] : [];

function strengthOf(task: VedicStrengthTask): Strength {
  const cast = castVedic(task);
  const shadbala = shadbalaOfCast(task, cast);
  const ashtakavarga = ashtakavargaOfChart(cast.chart, { reductions: task.request.ashtakavarga_reductions });
  const warnings = [...cast.warnings, ...shadbala.warnings, ...ashtakavargaWarnings(ashtakavarga)];
  return { cast, shadbala, bhavas: bhavaBalaOf(shadbala), ashtakavarga, warnings };
}

/** The Sun's and the Moon's have no `chesta_kendra` (their schema omits it), hence the cast. */
function grahaJson(s: Shadbala, g: GrahaShadbala): GrahaShadbalaJson {
  const st = g.sthana,
    k = g.kala;
  return {
    name: nameOf(g.graha),
    components: {
      sthana_bala: r2(st.total),
      dig_bala: r2(g.dig),
      kala_bala: r2(k.total),
      chesta_bala: r2(g.chesta.virupas),
      naisargika_bala: r2(g.naisargika),
      drik_bala: r2(g.drik.virupas),
    },
    sthana_bala_parts: {
      uchcha_bala: r2(st.uchcha),
      saptavargaja_bala: r2(st.saptavargaja),
      ojhayugmarasyamsa_bala: r2(st.ojhayugma),
      kendradi_bala: r2(st.kendradi),
      drekkana_bala: r2(st.drekkana),
    },
    saptavargaja: st.vargas.map((v) => ({ division: `D${v.division}`, sign: signName(v.sign), standing: v.standing, virupas: v.virupas })),
    kala_bala_parts: {
      nathonnatha_bala: r2(k.nathonnatha),
      paksha_bala: r2(k.paksha),
      tribhaga_bala: r2(k.tribhaga),
      abda_bala: r2(k.abda),
      masa_bala: r2(k.masa),
      vara_bala: r2(k.vara),
      hora_bala: r2(k.hora),
      ayana_bala: r2(k.ayana),
      yuddha_bala: r2(k.yuddha),
    },
    ...(g.chesta.kendra ? { chesta_kendra: r4(g.chesta.kendra.kendra) } : {}),
    shadbala_in_virupas: r2(g.totalVirupas),
    shadbala_in_rupas: r2(g.totalRupas),
    minimum_requirements: g.minimumRupas,
    ratio: r2(g.ratio),
    strength_rating: g.rating,
    meets_minimum: g.ratio >= 1,
    rank: s.ranking.indexOf(g.graha) + 1,
    ishta_phala: r2(g.ishtaPhala),
    kashta_phala: r2(g.kashtaPhala),
  } as GrahaShadbalaJson;
}

const capital = (g: SevenGraha) => nameOf(g);

function byGraha<T>(make: (g: SevenGraha) => T, key: (g: SevenGraha) => string): Record<string, T> {
  const out: Record<string, T> = {};
  for (const g of SEVEN_GRAHAS) out[key(g)] = make(g);
  return out;
}

function bhavaJson(b: BhavaBala) {
  return {
    house: b.house,
    sign: signName(b.sign),
    sign_num: b.sign + 1,
    lord: nameOf(b.lord),
    madhya: r4(b.madhya),
    sign_kind: b.signKind,
    bhavadhipati_bala: r2(b.adhipati),
    bhava_dig_bala: r2(b.dig),
    bhava_drishti_bala: r2(b.drishti),
    total_virupas: r2(b.totalVirupas),
    total_rupas: r2(b.totalRupas),
    rank: b.rank,
  };
}

function warJson(w: PlanetaryWar) {
  return { grahas: w.grahas.map(nameOf), separation: r4(w.separation), winner: nameOf(w.winner), loser: nameOf(w.loser), virupas: r2(w.virupas) };
}

function birthDayJson(s: Shadbala, zone: string) {
  const local = (jdUt: number) => {
    const ms = Math.round(utcMsFromJulianDay(jdUt) / 1000) * 1000;
    return formatLocalIso(ms, zoneOffsetSeconds(zone, ms));
  };
  return {
    sunrise: local(s.day.sunrise),
    sunset: local(s.day.sunset),
    next_sunrise: local(s.day.nextSunrise),
    day_birth: s.day.dayBirth,
    weekday: WEEKDAYS[s.day.weekday]!,
    ahargana: s.lords.ahargana,
    abda_lord: nameOf(s.lords.abda),
    masa_lord: nameOf(s.lords.masa),
    vara_lord: nameOf(s.lords.vara),
    hora_lord: nameOf(s.lords.hora),
    hora_number: s.lords.horaNumber,
    sun_rise_fallback: s.day.fallback,
  };
}

function lagnaJson(a: Ashtakavarga) {
  return { sign: signName(a.lagnaSign), sign_num: a.lagnaSign + 1, is_chandra_lagna: a.lagnaIsChandraLagna };
}

export function computeVedicStrengthV1(task: VedicStrengthTask): VedicStrengthV1Answer {
  const { cast, shadbala, bhavas, ashtakavarga: a, warnings } = strengthOf(task);
  const red = a.reductions;
  return {
    subject: vedicSubject(task, cast),
    birth_day: birthDayJson(shadbala, cast.moment.zone),
    planetary_wars: shadbala.wars.map(warJson),
    shadbala: byGraha((g) => grahaJson(shadbala, shadbala.grahas[g]), capital),
    bhava_bala: bhavas.map(bhavaJson),
    ashtakavarga: {
      sarva_ashtakavarga: Array.from({ length: 12 }, (_, i) => {
        const sign = (a.lagnaSign + i) % 12;
        return { house: i + 1, sign: signName(sign), sign_num: sign + 1, points: a.sarva[sign]! };
      }),
      total_points: a.total,
      bhinna_ashtakavarga: byGraha((g) => a.bhinna[g].bindus, capital),
      bhinna_totals: byGraha((g) => a.bhinna[g].total, capital),
      lagna: lagnaJson(a),
      reductions: red ? { trikona: byGraha((g) => red.trikona[g], capital), ekadhipatya: byGraha((g) => red.ekadhipatya[g], capital), sarva: red.sarva } : null,
    },
    metadata: vedicMetadata(cast),
    warnings,
  };
}

/**
 * The v2 `shadbala` block of a chart's shadbala (keys sun … saturn), for any answer that carries
 * it (the v2 strength answer; /api/v2/vedic/calculate's `include_shadbala`, schema `shadbalaV2`).
 */
export function shadbalaV2Json(shadbala: Shadbala) {
  return byGraha(
    (g) => grahaJson(shadbala, shadbala.grahas[g]),
    (g) => g,
  );
}

/**
 * The v2 `ashtakavarga` block (rows of twelve, Aries first), for any answer that carries it (the
 * v2 strength answer; /api/v2/vedic/calculate's `include_ashtakavarga`, schema `ashtakavargaV2`).
 */
export function ashtakavargaV2Json(a: Ashtakavarga) {
  const red = a.reductions;
  const lower = (g: SevenGraha) => g;
  return {
    sarvashtakavarga: a.sarva,
    sarvashtakavarga_by_house: Array.from({ length: 12 }, (_, i) => a.sarva[(a.lagnaSign + i) % 12]!),
    total_points: a.total,
    bhinnashtakavarga: byGraha((g) => a.bhinna[g].bindus, lower),
    bhinna_totals: byGraha((g) => a.bhinna[g].total, lower),
    prastharashtakavarga: byGraha((g) => {
      const c = a.bhinna[g].contributions;
      return Object.fromEntries(ASHTAKAVARGA_CONTRIBUTORS.map((k) => [k, c[k]])) as Record<(typeof ASHTAKAVARGA_CONTRIBUTORS)[number], number[]>;
    }, lower),
    lagna: lagnaJson(a),
    reductions: red
      ? { trikona: byGraha((g) => red.trikona[g], lower), ekadhipatya: byGraha((g) => red.ekadhipatya[g], lower), sarvashtakavarga: red.sarva }
      : null,
  };
}

export function computeVedicStrengthV2(task: VedicStrengthTask): VedicStrengthV2Answer {
  const { cast, shadbala, bhavas, ashtakavarga, warnings } = strengthOf(task);
  return {
    subject: vedicSubject(task, cast),
    birth_day: birthDayJson(shadbala, cast.moment.zone),
    planetary_wars: shadbala.wars.map(warJson),
    shadbala: shadbalaV2Json(shadbala),
    bhava_bala: bhavas.map(bhavaJson),
    ishta_kashta: byGraha(
      (g) => ({ ishta_phala: r2(shadbala.grahas[g].ishtaPhala), kashta_phala: r2(shadbala.grahas[g].kashtaPhala) }),
      (g) => g,
    ),
    ashtakavarga: ashtakavargaV2Json(ashtakavarga),
    metadata: vedicMetadata(cast),
    warnings,
  };
}
