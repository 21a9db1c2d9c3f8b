/**
 * Shadbala, the six-fold strength of the seven grahas (Brihat Parashara Hora Shastra, the chapter
 * on the strengths of grahas; B.V. Raman, "Graha and Bhava Balas"): sthana, dig, kala, chesta,
 * naisargika and drik bala, each in virupas (60 to a rupa), their sum against Parashara's
 * required minimum, and the ishta and kashta phala. Rahu and Ketu have no shadbala.
 */
import { SEVEN_GRAHAS, type SevenGraha } from '../../grahas.ts';
import type { VedicChart } from '../../sidereal-chart.ts';
import { strengthContext, type BirthDay, type StrengthContext, type StrengthPlace } from '../strength-context.ts';
import { sthanaBala, type SthanaBala } from './sthana-bala.ts';
import { digBala } from './dig-bala.ts';
import { ayanaBala, kalaBala, kalaSetting, kranti, type KalaBala } from './kala-bala.ts';
import { chestaBala, type ChestaBala } from './chesta-bala.ts';
import { naisargikaBala } from './naisargika-bala.ts';
import { drikBala, type DrikBala } from './drik-bala.ts';
import { planetaryWars, type PlanetaryWar } from './yuddha-bala.ts';
import type { TimeLords } from './time-lords.ts';
import { normalizeDegrees } from '../../../zodiac.ts';

/** Parashara's required minimum of each graha, rupas. */
export const MINIMUM_RUPAS: Readonly<Record<SevenGraha, number>> = { sun: 6.5, moon: 6, mars: 5, mercury: 7, jupiter: 6.5, venus: 5.5, saturn: 5 };

export const STRENGTH_RATINGS = ['Very Strong', 'Strong', 'Medium', 'Weak', 'Very Weak'] as const;
export type StrengthRating = (typeof STRENGTH_RATINGS)[number];

/**
 * The rating of the ratio of the shadbala to the required minimum (this project's bands, not a
 * classical table): at least 1.5 very strong, 1.2 strong, 1 medium (the minimum met), 0.8 weak, below that very weak.
 */
export function strengthRating(ratio: number): StrengthRating {
  if (ratio >= 1.5) return 'Very Strong';
  if (ratio >= 1.2) return 'Strong';
  if (ratio >= 1) return 'Medium';
  if (ratio >= 0.8) return 'Weak';
  return 'Very Weak';
}

export interface GrahaShadbala {
  graha: SevenGraha;
  sthana: SthanaBala;
  dig: number;
  kala: KalaBala;
  chesta: ChestaBala;
  naisargika: number;
  drik: DrikBala;
  totalVirupas: number;
  totalRupas: number;
  minimumRupas: number;
  /** totalRupas / minimumRupas. */
  ratio: number;
  rating: StrengthRating;
  /** √(uchcha bala × chesta bala): 0 to 60. */
  ishtaPhala: number;
  /** √((60 − uchcha bala) × (60 − chesta bala)): 0 to 60. */
  kashtaPhala: number;
}

export interface Shadbala {
  grahas: Record<SevenGraha, GrahaShadbala>;
  /** The grahas from the strongest by ratio. */
  ranking: SevenGraha[];
  day: BirthDay;
  lords: TimeLords;
  wars: PlanetaryWar[];
  context: StrengthContext;
  warnings: string[];
}

const clamp60 = (v: number) => Math.min(60, Math.max(0, v));

export function shadbalaOfContext(ctx: StrengthContext): Shadbala {
  const setting = kalaSetting(ctx);
  const sunAyana = ayanaBala('sun', kranti(normalizeDegrees(ctx.graha.sun.longitude + ctx.ayanamsa), setting.obliquity)) / 2;
  const moonPaksha = moonPakshaUndoubled(ctx);
  const parts = {} as Record<
    SevenGraha,
    Omit<GrahaShadbala, 'totalVirupas' | 'totalRupas' | 'minimumRupas' | 'ratio' | 'rating' | 'ishtaPhala' | 'kashtaPhala'>
  >;
  for (const graha of SEVEN_GRAHAS) {
    parts[graha] = {
      graha,
      sthana: sthanaBala(ctx, graha),
      dig: digBala(ctx, graha, ctx.graha[graha].longitude),
      kala: kalaBala(ctx, setting, graha),
      chesta: chestaBala(ctx, graha, sunAyana, moonPaksha),
      naisargika: naisargikaBala(graha),
      drik: drikBala(ctx, graha),
    };
  }
  const longitude = {} as Record<SevenGraha, number>;
  const beforeWar = {} as Record<SevenGraha, number>;
  for (const graha of SEVEN_GRAHAS) {
    longitude[graha] = ctx.graha[graha].longitude;
    beforeWar[graha] = parts[graha].sthana.total + parts[graha].dig + parts[graha].kala.total;
  }
  const wars = planetaryWars(longitude, beforeWar);
  for (const war of wars) {
    parts[war.winner].kala.yuddha += war.virupas;
    parts[war.loser].kala.yuddha -= war.virupas;
  }
  const grahas = {} as Record<SevenGraha, GrahaShadbala>;
  for (const graha of SEVEN_GRAHAS) {
    const p = parts[graha];
    p.kala.total += p.kala.yuddha;
    const totalVirupas = p.sthana.total + p.dig + p.kala.total + p.chesta.virupas + p.naisargika + p.drik.virupas;
    const totalRupas = totalVirupas / 60;
    const ratio = totalRupas / MINIMUM_RUPAS[graha];
    const uchcha = p.sthana.uchcha,
      chesta = clamp60(p.chesta.virupas);
    grahas[graha] = {
      ...p,
      totalVirupas,
      totalRupas,
      minimumRupas: MINIMUM_RUPAS[graha],
      ratio,
      rating: strengthRating(ratio),
      ishtaPhala: Math.sqrt(uchcha * chesta),
      kashtaPhala: Math.sqrt((60 - uchcha) * (60 - chesta)),
    };
  }
  const ranking = [...SEVEN_GRAHAS].sort((a, b) => grahas[b].ratio - grahas[a].ratio);
  return { grahas, ranking, day: ctx.day, lords: setting.lords, wars, context: ctx, warnings: ctx.warnings };
}

/** The Moon's paksha bala before its doubling: its chesta bala. */
function moonPakshaUndoubled(ctx: StrengthContext): number {
  const d = normalizeDegrees(ctx.graha.moon.longitude - ctx.graha.sun.longitude);
  return (d > 180 ? 360 - d : d) / 3;
}

/** The shadbala of a chart cast by castVedicChart, at its place (the zone names the local date of the Hindu day). */
export function shadbalaOfChart(chart: VedicChart, place: StrengthPlace): Shadbala {
  return shadbalaOfContext(strengthContext(chart, place));
}
