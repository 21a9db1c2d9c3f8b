/**
 * Chesta bala, motional strength (Parashara; Raman, chapter VI), in virupas.
 *
 * For the five star grahas, from the cheshta kendra: the sighrochcha less the mean of the
 * graha's mean (madhya) and true (sphuta) longitudes, taken from 360° when over 180°, divided by
 * 3. The sighrochcha of Mars, Jupiter and Saturn is the Sun's mean longitude and their madhya
 * their own heliocentric mean longitude; for Mercury and Venus it is the other way round: the
 * sighrochcha is the graha's heliocentric mean longitude and the madhya the Sun's. A graha near
 * its retrogression (opposite the Sun, or at its inferior conjunction) gets nearly 60, one near
 * its conjunction with the Sun nearly 0.
 *
 * The mean longitudes are the modern mean elements of the mean equinox of date (J. Meeus,
 * "Astronomical Algorithms", table 31.A, linear terms) rather than the Surya Siddhanta's; only
 * their differences matter, so the frame cancels.
 *
 * The Sun's chesta bala is its ayana bala (undoubled) and the Moon's its paksha bala (undoubled),
 * as Parashara directs, so that no chesta bala exceeds 60.
 */
import { normalizeDegrees, signedSeparation } from '../../../zodiac.ts';
import type { SevenGraha } from '../../grahas.ts';
import type { StrengthContext } from '../strength-context.ts';
import { arcBetween } from '../strength-context.ts';

type StarGraha = 'mars' | 'mercury' | 'jupiter' | 'venus' | 'saturn';

/** Mean longitude at J2000 and its motion per Julian century (tropical, mean equinox of date). */
const MEAN_ELEMENTS: Readonly<Record<StarGraha | 'sun', readonly [number, number]>> = {
  sun: [280.466457, 36000.7698278],
  mercury: [252.250906, 149474.0722491],
  venus: [181.979801, 58519.2130302],
  mars: [355.433, 19141.6964471],
  jupiter: [34.351519, 3036.3027748],
  saturn: [50.077444, 1223.5110686],
};

export function meanLongitude(body: StarGraha | 'sun', jdUt: number): number {
  const t = (jdUt - 2451545.0) / 36525;
  const [l0, rate] = MEAN_ELEMENTS[body];
  return normalizeDegrees(l0 + rate * t);
}

export interface CheshtaKendra {
  sighrochcha: number;
  madhya: number;
  sphuta: number;
  /** 0 to 180°. */
  kendra: number;
}

/** The cheshta kendra of a star graha, all longitudes tropical. */
export function cheshtaKendra(graha: StarGraha, tropicalLongitude: number, jdUt: number): CheshtaKendra {
  const sun = meanLongitude('sun', jdUt);
  const own = meanLongitude(graha, jdUt);
  const inner = graha === 'mercury' || graha === 'venus';
  const sighrochcha = inner ? own : sun;
  const madhya = inner ? sun : own;
  // The mean of two longitudes, across 0° when need be.
  const middle = normalizeDegrees(madhya + signedSeparation(madhya, tropicalLongitude) / 2);
  return { sighrochcha, madhya, sphuta: tropicalLongitude, kendra: arcBetween(sighrochcha, middle) };
}

export interface ChestaBala {
  virupas: number;
  /** The cheshta kendra (star grahas only). */
  kendra: CheshtaKendra | undefined;
}

/** `sunAyana` and `moonPaksha` are the undoubled ayana bala of the Sun and paksha bala of the Moon. */
export function chestaBala(ctx: StrengthContext, graha: SevenGraha, sunAyana: number, moonPaksha: number): ChestaBala {
  if (graha === 'sun') return { virupas: sunAyana, kendra: undefined };
  if (graha === 'moon') return { virupas: moonPaksha, kendra: undefined };
  const kendra = cheshtaKendra(graha, normalizeDegrees(ctx.graha[graha].longitude + ctx.ayanamsa), ctx.jdUt);
  return { virupas: kendra.kendra / 3, kendra };
}
