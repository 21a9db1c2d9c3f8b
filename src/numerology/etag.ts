/**
 * Content hashes and ETags for the static numerology documents (registry, alphabets).
 */
import { createHash } from 'node:crypto';

/** JSON with object keys sorted recursively, so equal content always hashes equally. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.keys(value)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A strong ETag (quoted) for a JSON document: `"<prefix>-<first 32 hex of sha256>"`. */
export function etagFor(prefix: string, document: unknown): string {
  return `"${prefix}-${sha256Hex(canonicalJson(document)).slice(0, 32)}"`;
}

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
