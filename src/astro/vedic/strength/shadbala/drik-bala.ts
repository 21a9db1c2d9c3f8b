/**
 * Drik bala, aspectual strength (Parashara; Raman, chapter VIII): a quarter of the aspects the
 * graha receives from the benefics less a quarter of those from the malefics (the other six of the
 * seven grahas; Rahu and Ketu cast none here). It may be negative.
 */
import { SEVEN_GRAHAS, type SevenGraha } from '../../grahas.ts';
import type { StrengthContext } from '../strength-context.ts';
import { drishti, isAspectBenefic } from './drishti.ts';

export interface AspectReceived {
  from: SevenGraha;
  /** The aspect, virupas (before the quarter). */
  virupas: number;
  benefic: boolean;
}

export interface DrikBala {
  virupas: number;
  aspects: AspectReceived[];
}

/** The net aspect, a quarter of benefic less malefic, on a longitude from every graha but `except`. */
export function netAspect(ctx: StrengthContext, target: number, except?: SevenGraha): { virupas: number; aspects: AspectReceived[] } {
  const moon = ctx.graha.moon.longitude,
    sun = ctx.graha.sun.longitude;
  const aspects: AspectReceived[] = [];
  let net = 0;
  for (const from of SEVEN_GRAHAS) {
    if (from === except) continue;
    const v = drishti(from, ctx.graha[from].longitude, target);
    const benefic = isAspectBenefic(from, moon, sun);
    net += benefic ? v : -v;
    aspects.push({ from, virupas: v, benefic });
  }
  return { virupas: net / 4, aspects };
}

export function drikBala(ctx: StrengthContext, graha: SevenGraha): DrikBala {
  return netAspect(ctx, ctx.graha[graha].longitude, graha);
}
