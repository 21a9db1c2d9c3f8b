/**
 * A small SVG icon of the Moon as it looks: a disc in the shadow colour with the lit part in the
 * moon colour, the terminator drawn as the half-ellipse it projects to, and the bright limb turned
 * to its position angle on the sky (north up, east left, as seen facing the Moon). The colours
 * are validated as hexadecimal colours before they get here (moon-schemas.ts): nothing the client
 * sends can reach the markup any other way.
 */

const SIZE = 64;
const C = SIZE / 2;
const R = SIZE / 2 - 1;

const fixed = (v: number) => Number(v.toFixed(2)).toString();

export interface MoonVisual {
  svg: string;
  illumination: number;
  shadow_ratio: number;
  is_waxing: boolean;
  bright_limb_angle: number;
  moon_color: string;
  shadow_color: string;
}

/**
 * `illumination` 0-1; `brightLimbAngle` the position angle of the bright limb's midpoint in
 * degrees, from celestial north through east (270: lit on the west, the right-hand side, as a
 * waxing Moon is seen from the northern hemisphere).
 */
export function moonVisual(illumination: number, brightLimbAngle: number, isWaxing: boolean, moonColor: string, shadowColor: string): MoonVisual {
  const k = Math.min(1, Math.max(0, illumination));
  // Drawn with the bright limb on the right (+x), then turned: +x must point along the limb's
  // direction on the sky, which in screen coordinates (y down, east left) is (-sin χ, -cos χ).
  const chi = (brightLimbAngle * Math.PI) / 180;
  const rotation = (Math.atan2(-Math.cos(chi), -Math.sin(chi)) * 180) / Math.PI;
  const rx = R * Math.abs(1 - 2 * k);
  // Right limb from the top to the bottom, then back up along the terminator: bulging to the
  // right (a crescent) under half lit, to the left (gibbous) over it.
  const sweep = k < 0.5 ? 0 : 1;
  const lit =
    k <= 0.0005
      ? ''
      : k >= 0.9995
        ? `<circle cx="${C}" cy="${C}" r="${R}" fill="${moonColor}"/>`
        : `<path d="M${C} ${C - R}A${R} ${R} 0 0 1 ${C} ${C + R}A${fixed(rx)} ${R} 0 0 ${sweep} ${C} ${C - R}Z" fill="${moonColor}" transform="rotate(${fixed(rotation)} ${C} ${C})"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img" aria-label="Moon ${Math.round(k * 100)}% lit"><circle cx="${C}" cy="${C}" r="${R}" fill="${shadowColor}"/>${lit}</svg>`;
  return {
    svg,
    illumination: k,
    shadow_ratio: 1 - k,
    is_waxing: isWaxing,
    bright_limb_angle: brightLimbAngle,
    moon_color: moonColor,
    shadow_color: shadowColor,
  };
}
