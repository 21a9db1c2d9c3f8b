/** Random but valid births: every benchmark request asks for a different chart. */
let seed = 20240601;
function random(): number {
  // mulberry32: deterministic, so runs are comparable.
  seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

export function randomInt(min: number, maxInclusive: number): number {
  return min + Math.floor(random() * (maxInclusive - min + 1));
}

export function randomBirth() {
  return {
    year: 1900 + Math.floor(random() * 150),
    month: 1 + Math.floor(random() * 12),
    day: 1 + Math.floor(random() * 28),
    hour: Math.floor(random() * 24),
    minute: Math.floor(random() * 60),
    lat: Math.round((random() * 120 - 60) * 1e4) / 1e4,
    lng: Math.round((random() * 360 - 180) * 1e4) / 1e4,
  };
}
