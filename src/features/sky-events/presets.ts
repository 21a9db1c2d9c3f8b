/**
 * Which event kinds a request asks for: the preset's defaults, then every explicit include_*
 * flag on top (an explicit false turns a preset kind off).
 */
import type { EventKind } from '../../astro/events/index.ts';
import type { SkyEventsQuery } from './sky-events-schemas.ts';

const FLAGS = {
  include_lunations: 'lunation',
  include_retrogrades: 'station',
  include_ingresses: 'ingress',
  include_moon: 'moon_ingress',
  include_exact_hits: 'exact_aspect',
  include_moon_exact_hits: 'moon_aspect',
} as const satisfies Record<string, EventKind>;

const PRESETS: Record<SkyEventsQuery['preset'], EventKind[]> = {
  quiet: ['lunation', 'station', 'ingress'],
  daily: ['lunation', 'station', 'ingress', 'moon_ingress', 'exact_aspect'],
  full: ['lunation', 'station', 'ingress', 'moon_ingress', 'exact_aspect', 'moon_aspect'],
};

export function kindsFor(query: SkyEventsQuery): EventKind[] {
  const kinds = new Set(PRESETS[query.preset]);
  for (const [flag, kind] of Object.entries(FLAGS) as [keyof typeof FLAGS, EventKind][]) {
    const value = query[flag];
    if (value === true) kinds.add(kind);
    if (value === false) kinds.delete(kind);
  }
  return [...kinds];
}
