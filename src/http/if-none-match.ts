/** Conditional GETs: whether a client's cached copy is still the one we would send. */

/**
 * True when an `If-None-Match` header value matches `etag` (weak comparison, as RFC 9110 requires
 * for If-None-Match; `*` matches anything).
 */
export function ifNoneMatchMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = strip(etag);
  return header.split(',').some((candidate) => {
    const c = candidate.trim();
    return c === '*' || (c !== '' && strip(c) === wanted);
  });
}
