/**
 * Table cells of a body position: `parts` ({deg, min, sign, retrograde}) or `text`
 * ("10°24' Pis Rx"). Motion markers: by default only " Rx"; with show_motion_markers=true also
 * " St" for a stationary body (|speed| below about 7 % of its mean motion); false shows none.
 */
import { bodyInfo } from '../../astro/bodies.ts';
import type { EclipticPosition } from '../../astro/ephemeris.ts';
import { degreeInSign, signOf } from '../../astro/zodiac.ts';
import type { EphemerisPlan } from './plan.ts';

export type Motion = 'direct' | 'retrograde' | 'stationary';

export interface PartsCell {
  deg: number;
  min: number;
  sign: string;
  retrograde: boolean;
  motion?: Motion;
}

export function motionOf(id: string, speed: number): Motion {
  const below = bodyInfo(id).stationaryBelow;
  if (below !== undefined && Math.abs(speed) < below) return 'stationary';
  return speed < 0 ? 'retrograde' : 'direct';
}

/** Degrees and whole arc-minutes, rounded so that 29°59.7' never prints as 29°60'. */
function degMin(longitude: number): { deg: number; min: number; signLon: number } {
  let totalMinutes = Math.round(degreeInSign(longitude) * 60);
  let signLon = longitude;
  if (totalMinutes === 30 * 60) {
    totalMinutes = 0;
    signLon = longitude + 0.5; // rounding carried it into the next sign
  }
  return { deg: Math.floor(totalMinutes / 60), min: totalMinutes % 60, signLon };
}

export function positionCell(id: string, p: EclipticPosition, plan: Pick<EphemerisPlan, 'cellFormat' | 'signDisplay' | 'motionMarkers'>): PartsCell | string {
  const { deg, min, signLon } = degMin(p.lon);
  const sign = signOf(signLon);
  const signText = plan.signDisplay === 'full' ? sign.name : sign.abbr;
  const motion = motionOf(id, p.speedLon);
  if (plan.cellFormat === 'parts') {
    const cell: PartsCell = { deg, min, sign: signText, retrograde: p.speedLon < 0 };
    if (plan.motionMarkers) cell.motion = motion;
    return cell;
  }
  let text = `${deg}°${String(min).padStart(2, '0')}' ${signText}`;
  if (plan.motionMarkers !== false && p.speedLon < 0) text += ' Rx';
  if (plan.motionMarkers === true && motion === 'stationary') text += ' St';
  return text;
}
