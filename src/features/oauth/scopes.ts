/** OAuth scopes of the MCP endpoint: one per tool family, `astro:<family>`. Unknown ones are dropped, not refused. */
import { ALL_SCOPES, familyOfScope, type Family } from '../mcp/families.ts';

/** The known scopes of a space-separated list, in canonical order, each once. */
export function knownScopes(list: string | null | undefined): string[] {
  const asked = new Set((list ?? '').split(' ').filter(Boolean));
  return ALL_SCOPES.filter((s) => asked.has(s));
}

/** What a client may be granted: its registered scopes when it named known ones, else all of them. */
export function scopesAllowedTo(client: { scope: string | null }): string[] {
  const registered = knownScopes(client.scope);
  return registered.length ? registered : [...ALL_SCOPES];
}

/**
 * The scopes of an authorization request: the known ones asked for (among those the client may
 * have), or everything the client may have when it asked for none that we know.
 */
export function requestedScopes(client: { scope: string | null }, scope: string | undefined): string[] {
  const allowed = scopesAllowedTo(client);
  const asked = knownScopes(scope).filter((s) => allowed.includes(s));
  return asked.length ? asked : allowed;
}

export const familiesOfScopes = (scopes: readonly string[]): Family[] => scopes.map(familyOfScope).filter((f): f is Family => f !== undefined);
