/** A random but valid timed birth drawn from `random` (years 1900–2049, places from 60° S to 60° N): the benches' and tests' one shape. */
export function randomBirthFrom(random: () => number) {
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
