/**
 * Deterministic choices: which body variant an entry shows, which phrasing a transition uses.
 * A hash of the chart's inputs and the thing chosen, so the same chart always reads the same and
 * different charts spread over the variants.
 */

const FNV_OFFSET = 0x811c9dc5;

/** 32-bit FNV-1a of a string, or of `start`'s text followed by this one when given its hash. */
export function fnv1a(text: string, start = FNV_OFFSET): number {
  let hash = start;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The seed of a chart: the hash of its instant and place, the inputs that make it this chart.
 * Hashed once per chart; each choice then hashes only its own label on top of it.
 */
export function chartSeed(subject: { datetime_utc: string; location: { lat: number; lng: number } }): number {
  return fnv1a(`${subject.datetime_utc}|${subject.location.lat}|${subject.location.lng}#`);
}

/** One of `options`, chosen by the chart's seed and a label (never random). */
export function pick<T>(options: readonly T[], seed: number, label: string): T {
  if (options.length === 1) return options[0]!;
  return options[fnv1a(label, seed) % options.length]!;
}
