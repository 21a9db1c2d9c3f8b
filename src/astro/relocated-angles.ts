/**
 * The ascendant and midheaven of one instant at any place, from the place's ARMC (Greenwich
 * apparent sidereal time plus the east longitude, as an angle), the true obliquity ε and the
 * latitude φ, without the houses' machinery: what the relocation ranking evaluates for thousands
 * of cities.
 *   MC  = atan2(sin ARMC, cos ARMC cos ε)
 *   ASC = atan2(cos ARMC, −(sin ARMC cos ε + tan φ sin ε))
 * Inside the polar circles that formula can give the descending point of the ecliptic; as the
 * Swiss Ephemeris' houses do, the ascendant is then taken as the other one, the point that lies
 * less than 180° past the MC. The tests compare both with swe_houses.
 */
const RAD = Math.PI / 180;

const norm = (deg: number) => ((deg % 360) + 360) % 360;

export function ascMcFromArmc(armcDeg: number, obliquityDeg: number, latDeg: number): { asc: number; mc: number } {
  const r = armcDeg * RAD;
  const e = obliquityDeg * RAD;
  const mc = norm(Math.atan2(Math.sin(r), Math.cos(r) * Math.cos(e)) / RAD);
  let asc = norm(Math.atan2(Math.cos(r), -(Math.sin(r) * Math.cos(e) + Math.tan(latDeg * RAD) * Math.sin(e))) / RAD);
  if (norm(asc - mc) > 180) asc = norm(asc + 180);
  return { asc, mc };
}
