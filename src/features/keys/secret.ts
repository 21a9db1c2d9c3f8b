/**
 * API key secrets: a recognisable prefix plus 256 bits of randomness (base64url). Only the
 * SHA-256 of the whole secret is stored; with that much entropy a plain fast hash is enough.
 */
import { hash, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'ask_';
/** Characters of the secret kept for display: the prefix and 6 random characters. */
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

export function generateApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { secret, prefix: secret.slice(0, DISPLAY_PREFIX_LENGTH), hash: hashApiKey(secret) };
}

export function hashApiKey(secret: string): string {
  return hash('sha256', secret, 'hex');
}
