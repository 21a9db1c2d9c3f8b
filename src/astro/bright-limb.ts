/**
 * The position angle of the Moon's bright limb (Meeus, Astronomical Algorithms, ch. 48): the
 * direction from the Moon's centre towards the Sun on the sky, measured from celestial north
 * through east, 0-360. Near 270 a waxing Moon is lit on its west side, the right as seen from the
 * northern hemisphere; near 90 a waning one on its east side.
 */
import type { EclipticPosition } from './ephemeris.ts';
import { normalizeDegrees } from './zodiac.ts';

const RAD = Math.PI / 180;

/** Ecliptic longitude and latitude to right ascension and declination (radians), for obliquity `eps` in degrees. */
function equatorial(p: Pick<EclipticPosition, 'lon' | 'lat'>, eps: number): { ra: number; dec: number } {
  const [l, b, e] = [p.lon * RAD, p.lat * RAD, eps * RAD];
  const dec = Math.asin(Math.sin(b) * Math.cos(e) + Math.cos(b) * Math.sin(e) * Math.sin(l));
  const ra = Math.atan2(Math.sin(l) * Math.cos(e) - Math.tan(b) * Math.sin(e), Math.cos(l));
  return { ra, dec };
}

export function brightLimbAngle(sun: Pick<EclipticPosition, 'lon' | 'lat'>, moon: Pick<EclipticPosition, 'lon' | 'lat'>, obliquity: number): number {
  const s = equatorial(sun, obliquity);
  const m = equatorial(moon, obliquity);
  const chi = Math.atan2(
    Math.cos(s.dec) * Math.sin(s.ra - m.ra),
    Math.sin(s.dec) * Math.cos(m.dec) - Math.cos(s.dec) * Math.sin(m.dec) * Math.cos(s.ra - m.ra),
  );
  return normalizeDegrees(chi / RAD);
}
