/**
 * The authorization server's secrets: client ids and secrets, request ids, codes, tokens and
 * consent tickets. Each is 256 random bits behind a prefix that says what it is (a leaked value
 * is recognised at a glance); only the SHA-256 of a secret is stored, which with that much
 * entropy needs no slow hash.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const PREFIX = {
  client: 'mcpc_',
  clientSecret: 'mcps_',
  request: 'mcpr_',
  code: 'mcpac_',
  accessToken: 'mcpat_',
  refreshToken: 'mcprt_',
  ticket: 'mcpt_',
} as const;

export const newSecret = (prefix: string) => prefix + randomBytes(32).toString('base64url');

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** PKCE S256 (RFC 7636 §4.6): BASE64URL(SHA256(verifier)) equals the challenge; compared in constant time. */
export function verifiesS256(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

/** RFC 7636 §4.1: 43 to 128 characters of [A-Z a-z 0-9 - . _ ~]; an S256 challenge is 43 of base64url. */
export const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
