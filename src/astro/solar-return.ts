/**
 * The solar return: the instant in a given year at which the Sun comes back to its natal
 * longitude (in the chart's zodiac), found by Newton steps on the Sun's apparent longitude and
 * speed, to well under a millisecond.
 */
import { calcBody, type ZodiacSetting } from './ephemeris.ts';
import { signedSeparation } from './zodiac.ts';

const SUN = 0;

/** The UT Julian day of the return nearest to the natal birthday in `year`. */
export function solarReturnJd(natalJdUt: number, natalSunLon: number, year: number, zodiac: ZodiacSetting): number {
  const natal = new Date((natalJdUt - 2440587.5) * 86_400_000);
  // Start at the birthday in the target year (29 February becomes 28 February).
  const month = natal.getUTCMonth();
  const day = Math.min(natal.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  let jd = Date.UTC(year, month, day, natal.getUTCHours(), natal.getUTCMinutes(), natal.getUTCSeconds()) / 86_400_000 + 2440587.5;
  for (let i = 0; i < 20; i++) {
    const sun = calcBody(jd, SUN, zodiac);
    const step = signedSeparation(sun.lon, natalSunLon) / sun.speedLon;
    jd += step;
    if (Math.abs(step) < 1e-10) break;
  }
  return jd;
}
