/**
 * Default orbs of the aspect lines drawn on each kind of chart. Natal orbs suit a chart read on
 * its own; between a moving chart and a natal one only tight contacts mean something (a transit
 * is "on" for days within 1–3°, a progression for a year or two within 1°), and synastry sits in
 * between. `orb_settings` overrides any of these per aspect type.
 */
import type { AspectType } from '../../astro/aspects.ts';

export type OrbTable = Partial<Record<AspectType, number>>;

export const TRANSIT_ORBS: OrbTable = {
  conjunction: 3,
  opposition: 3,
  trine: 2,
  square: 2.5,
  sextile: 1.5,
  quincunx: 1,
  semi_sextile: 1,
  semi_square: 1,
  sesquiquadrate: 1,
  quintile: 1,
};

export const PROGRESSION_ORBS: OrbTable = {
  conjunction: 1,
  opposition: 1,
  trine: 1,
  square: 1,
  sextile: 1,
  quincunx: 0.5,
  semi_sextile: 0.5,
  semi_square: 0.5,
  sesquiquadrate: 0.5,
  quintile: 0.5,
};

export const SYNASTRY_ORBS: OrbTable = {
  conjunction: 6,
  opposition: 6,
  trine: 5,
  square: 5,
  sextile: 4,
  quincunx: 2,
  semi_sextile: 1.5,
  semi_square: 1.5,
  sesquiquadrate: 1.5,
  quintile: 1.5,
};
