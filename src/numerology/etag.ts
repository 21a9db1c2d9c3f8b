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

export { ifNoneMatchMatches } from '../http/if-none-match.ts';
