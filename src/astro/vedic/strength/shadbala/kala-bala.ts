/**
 * Kala bala, temporal strength (Parashara; Raman, chapter V), in virupas: nathonnatha (day and
 * night), paksha (the Moon's phase), tribhaga (thirds of the day and night), the lords of the
 * year, month, weekday and hour, ayana (declination), and yuddha (planetary war, yuddha-bala.ts,
 * added by shadbala.ts once the other strengths are known).
 */
import { trueObliquity } from '../../../ephemeris.ts';
import { normalizeDegrees } from '../../../zodiac.ts';
import type { SevenGraha } from '../../grahas.ts';
import { arcBetween, type StrengthContext } from '../strength-context.ts';
import { timeLords, type TimeLords } from './time-lords.ts';

/**
 * Nathonnatha bala: the Moon, Mars and Saturn are strongest (60) at local midnight and have
 * nothing at noon; the Sun, Jupiter and Venus the reverse; Mercury always has 60. Linear in the
 * time from apparent noon (the Sun's upper transit): the hours are local apparent solar time.
 */
export function nathonnathaBala(graha: SevenGraha, jdUt: number, apparentNoon: number): number {
  if (graha === 'mercury') return 60;
  const fromNoon = Math.min(0.5, Math.abs(jdUt - apparentNoon)); // days, 0 at noon, 0.5 at midnight
  const night = 120 * fromNoon;
  return graha === 'moon' || graha === 'mars' || graha === 'saturn' ? night : 60 - night;
}

/** The natural benefics of paksha bala: Jupiter, Venus, Mercury and the Moon (Raman's convention); the Sun, Mars and Saturn are malefics. */
export const PAKSHA_BENEFICS: ReadonlySet<SevenGraha> = new Set(['jupiter', 'venus', 'mercury', 'moon']);

/**
 * Paksha bala: with the Moon's distance from the Sun (0 to 180°), benefics get a third of it and
 * malefics 60 less that; the Moon's, a benefic's, is doubled (Parashara), so 0 at the new Moon and 120 at the full.
 */
export function pakshaBala(graha: SevenGraha, moonLongitude: number, sunLongitude: number): number {
  const third = arcBetween(moonLongitude, sunLongitude) / 3;
  if (graha === 'moon') return 2 * third;
  return PAKSHA_BENEFICS.has(graha) ? third : 60 - third;
}

/**
 * Tribhaga bala: the day (sunrise to sunset) in three equal parts ruled by Mercury, the Sun and
 * Saturn, the night (sunset to the next sunrise) by the Moon, Venus and Mars; the ruler of the
 * third the birth falls in gets 60. Jupiter always gets 60.
 */
export function tribhagaBala(graha: SevenGraha, jdUt: number, day: StrengthContext['day']): number {
  if (graha === 'jupiter') return 60;
  const [from, to, rulers] = day.dayBirth
    ? [day.sunrise, day.sunset, ['mercury', 'sun', 'saturn'] as const]
    : [day.sunset, day.nextSunrise, ['moon', 'venus', 'mars'] as const];
  const third = Math.min(2, Math.max(0, Math.floor((3 * (jdUt - from)) / (to - from))));
  return rulers[third] === graha ? 60 : 0;
}

/**
 * Kranti, the declination of the ecliptic point of the graha's tropical longitude (the classical
 * kranti ignores the graha's own latitude): sin δ = sin ε sin λ.
 */
export function kranti(tropicalLongitude: number, obliquity: number): number {
  const rad = Math.PI / 180;
  return Math.asin(Math.sin(obliquity * rad) * Math.sin(tropicalLongitude * rad)) / rad;
}

/**
 * Ayana bala: (24° + kranti) / 48° of 60 virupas, the kranti counted positive to the north for the
 * Sun, Mars, Jupiter and Venus, to the south for the Moon and Saturn, and always positive for
 * Mercury. The Sun's is doubled (Parashara).
 */
export function ayanaBala(graha: SevenGraha, krantiDegrees: number): number {
  const k = graha === 'mercury' ? Math.abs(krantiDegrees) : graha === 'moon' || graha === 'saturn' ? -krantiDegrees : krantiDegrees;
  const bala = ((24 + k) / 48) * 60;
  return graha === 'sun' ? 2 * bala : bala;
}

export interface KalaBala {
  nathonnatha: number;
  paksha: number;
  tribhaga: number;
  abda: number;
  masa: number;
  vara: number;
  hora: number;
  ayana: number;
  /** Filled in by shadbala.ts (0 when the graha is not at war). */
  yuddha: number;
  total: number;
}

export interface KalaSetting {
  lords: TimeLords;
  obliquity: number;
}

export function kalaSetting(ctx: StrengthContext): KalaSetting {
  return { lords: timeLords(ctx.jdUt, ctx.day), obliquity: trueObliquity(ctx.jdUt) };
}

/** Kala bala without yuddha bala. */
export function kalaBala(ctx: StrengthContext, setting: KalaSetting, graha: SevenGraha): KalaBala {
  const g = ctx.graha[graha];
  const { lords } = setting;
  const nathonnatha = nathonnathaBala(graha, ctx.jdUt, ctx.apparentNoon);
  const paksha = pakshaBala(graha, ctx.graha.moon.longitude, ctx.graha.sun.longitude);
  const tribhaga = tribhagaBala(graha, ctx.jdUt, ctx.day);
  const abda = lords.abda === graha ? 15 : 0;
  const masa = lords.masa === graha ? 30 : 0;
  const vara = lords.vara === graha ? 45 : 0;
  const hora = lords.hora === graha ? 60 : 0;
  const ayana = ayanaBala(graha, kranti(normalizeDegrees(g.longitude + ctx.ayanamsa), setting.obliquity));
  const total = nathonnatha + paksha + tribhaga + abda + masa + vara + hora + ayana;
  return { nathonnatha, paksha, tribhaga, abda, masa, vara, hora, ayana, yuddha: 0, total };
}
