/**
 * The key grammar of the insight texts (content/interpretations/insights) and every key the
 * natal and transit insights can reach (the coverage test requires an entry for each):
 *
 * insight.kind.<kind>[.<phase>]   a transit fact's sentence: pressure, support and conjunction
 *                                 windows, clusters, angular contacts, background themes,
 *                                 ingresses, stations (retrograde, direct), the three passes of a loop
 * insight.natal.<fact>            a natal fact's sentence: stelliums by sign and by house, a planet
 *                                 on an angle, a tight conjunction, tense or flowing aspect
 * insight.body.<body>             what a transiting body brings (the nodes read as `node`, the
 *                                 asteroids and Pholus as `asteroid`, true Lilith as `lilith`)
 * insight.point.<point>           what a natal point stands for in a life (`other` for the rest)
 *
 * Sentences carry placeholders filled from the fact: {transit} {natal} {aspect} {sign} {house}
 * {count} {orb} {peak}.
 */
export const INSIGHT_KIND_KEYS = [
  'pressure_window',
  'support_window',
  'conjunction_window',
  'activation_cluster',
  'angular_activation',
  'background_theme_window',
  'ingress',
  'station.retrograde',
  'station.direct',
  'loop.first_pass',
  'loop.retrograde_pass',
  'loop.final_pass',
] as const;
export const INSIGHT_NATAL_KEYS = ['stellium', 'stellium_house', 'angular', 'aspect.conjunction', 'aspect.tense', 'aspect.flowing'] as const;
export const INSIGHT_BODIES = [
  'sun',
  'moon',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
  'chiron',
  'node',
  'lilith',
  'asteroid',
] as const;
export const INSIGHT_POINTS = [
  'sun',
  'moon',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
  'node',
  'chiron',
  'lilith',
  'ascendant',
  'midheaven',
  'descendant',
  'ic',
  'other',
] as const;

const NODES = new Set(['north_node', 'south_node', 'true_node', 'mean_node']);

export const insightKeys = {
  kind: (kind: (typeof INSIGHT_KIND_KEYS)[number]) => `insight.kind.${kind}`,
  natal: (fact: (typeof INSIGHT_NATAL_KEYS)[number]) => `insight.natal.${fact}`,
  /** A transiting body's key: its own, or the family it is read with. */
  body: (key: string) => {
    if (NODES.has(key)) return 'insight.body.node';
    if (key === 'true_lilith') return 'insight.body.lilith';
    return (INSIGHT_BODIES as readonly string[]).includes(key) ? `insight.body.${key}` : 'insight.body.asteroid';
  },
  /** A natal point's key: its own, or `other`. */
  point: (key: string) => {
    if (NODES.has(key)) return 'insight.point.node';
    if (key === 'true_lilith') return 'insight.point.lilith';
    return (INSIGHT_POINTS as readonly string[]).includes(key) ? `insight.point.${key}` : 'insight.point.other';
  },
};

/** Every key the insights can reach. */
export function reachableInsightKeys(): string[] {
  return [
    ...INSIGHT_KIND_KEYS.map((k) => insightKeys.kind(k)),
    ...INSIGHT_NATAL_KEYS.map((k) => insightKeys.natal(k)),
    ...INSIGHT_BODIES.map((b) => `insight.body.${b}`),
    ...INSIGHT_POINTS.map((p) => `insight.point.${p}`),
  ];
}
