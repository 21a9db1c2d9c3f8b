/**
 * Tool families: `/mcp/{family}`, `?scope=` and the OAuth scopes `astro:<family>` narrow what a
 * caller sees. A request names families with a comma-separated list (`western,charts`), as bare
 * names or in their OAuth form (`astro:western`).
 */
export const FAMILIES = ['western', 'ephemeris', 'numerology', 'charts', 'chinese', 'vedic'] as const;
export type Family = (typeof FAMILIES)[number];

export const SCOPE_PREFIX = 'astro:';
export const scopeOf = (family: Family) => `${SCOPE_PREFIX}${family}`;
export const ALL_SCOPES = FAMILIES.map(scopeOf);

export function familyOfScope(scope: string): Family | undefined {
  const name = scope.startsWith(SCOPE_PREFIX) ? scope.slice(SCOPE_PREFIX.length) : undefined;
  return FAMILIES.find((f) => f === name);
}

/** Longest family list we read: every name and its separator, with room for the prefixed form. */
const MAX_LIST_LENGTH = 200;

/** The families a list names, or the unknown names in it. Empty or absent: undefined (no narrowing). */
export function parseFamilyList(list: string | undefined): { families?: Family[]; unknown?: string[] } {
  if (list === undefined) return {};
  if (list.length > MAX_LIST_LENGTH) return { unknown: [list.slice(0, 40)] };
  const names = list
    .split(/[,\s]+/)
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  if (!names.length) return {};
  const families = new Set<Family>();
  const unknown: string[] = [];
  for (const name of names) {
    const family = FAMILIES.find((f) => f === name) ?? familyOfScope(name);
    if (family) families.add(family);
    else unknown.push(name);
  }
  return unknown.length ? { unknown } : { families: FAMILIES.filter((f) => families.has(f)) };
}
