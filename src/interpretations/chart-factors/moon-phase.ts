/**
 * The Moon's phase at birth, as the sky showed it: the Moon's distance ahead of the Sun along the
 * ecliptic (the elongation), the lit fraction of its disc, and one of eight phases, each the 45°
 * sector centred on its defining moment (the New Moon within 22.5° of the Sun, the First Quarter
 * from 67.5° to 112.5°, the Full Moon within 22.5° of the opposition, and so on). A sector that
 * began at its moment (the Last Quarter from 270° to 315°) would call a Moon 309° ahead of the
 * Sun, 18 % lit, "half lit"; the centred sectors name what an observer saw.
 *
 * The lit fraction is the astronomical one (src/astro/moon-phase.ts): from the true separation of
 * the two bodies, latitudes and distances included. A chart without latitudes or distances (an
 * older stored chart) is read with the Moon on the ecliptic at its mean distance.
 */
import { illuminatedFraction, moonPhaseLabel, type MoonPhaseLabel } from '../../astro/moon-phase.ts';
import { normalizeDegrees } from '../../astro/zodiac.ts';
import { MOON_PHASES } from '../keys.ts';

export type MoonPhase = (typeof MOON_PHASES)[number];

/** The library's key of each of the eight observed phases, in the astronomical module's order. */
const PHASE_KEY: Record<MoonPhaseLabel, MoonPhase> = {
  'New Moon': 'new_moon',
  'Waxing Crescent': 'waxing_crescent',
  'First Quarter': 'first_quarter',
  'Waxing Gibbous': 'waxing_gibbous',
  'Full Moon': 'full_moon',
  'Waning Gibbous': 'waning_gibbous',
  'Last Quarter': 'last_quarter',
  'Waning Crescent': 'balsamic',
};

/** Mean geocentric distances in astronomical units, for a chart that does not carry them. */
const MEAN_DISTANCE_AU = { sun: 1.000001, moon: 0.002569555 };

export interface BodyForPhase {
  lon: number;
  /** Ecliptic latitude, degrees (0 when unknown). */
  lat?: number | undefined;
  distanceAu?: number | undefined;
}

export interface MoonPhaseFact {
  phase: MoonPhase;
  /** The observed phase's name ("Waning Crescent"). */
  label: MoonPhaseLabel;
  /** Moon minus Sun in longitude, degrees in [0, 360). */
  elongation: number;
  /** Lit fraction of the disc, 0 to 1. */
  illumination: number;
}

export function moonPhaseOf(sun: BodyForPhase, moon: BodyForPhase): MoonPhaseFact {
  const elongation = normalizeDegrees(moon.lon - sun.lon);
  const label = moonPhaseLabel(elongation);
  const illumination = illuminatedFraction(
    { lon: sun.lon, lat: sun.lat ?? 0, distAu: sun.distanceAu ?? MEAN_DISTANCE_AU.sun },
    { lon: moon.lon, lat: moon.lat ?? 0, distAu: moon.distanceAu ?? MEAN_DISTANCE_AU.moon },
  );
  return { phase: PHASE_KEY[label], label, elongation, illumination };
}
