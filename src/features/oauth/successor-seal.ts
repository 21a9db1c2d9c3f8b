/**
 * The pair a refresh token was rotated into, kept so that every redemption of that token within
 * the grace window gets the same pair (parallel refreshes of one client must not fork the grant
 * into independent chains). The pair is stored encrypted (AES-256-GCM) under a key derived from
 * the rotated refresh token itself: only whoever presents that token can open it, the database
 * alone reveals nothing, and nothing outside the service's database needs a secret. The sealed
 * value is cleared once the grace window is over (maintenance.ts).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SealedPair {
  access_token: string;
  refresh_token: string;
  scope: string;
  /** Epoch milliseconds: the successor access token's expiry (its `expires_in` is counted down). */
  access_expires_at: number;
}

const keyOf = (refreshToken: string) => Buffer.from(hkdfSync('sha256', refreshToken, 'oauth-refresh-successor', 'aes-256-gcm', 32));

export function sealSuccessor(refreshToken: string, pair: SealedPair): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(refreshToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** The pair, or null when the value does not open with this token (never expected: the row is found by the token's hash). */
export function openSuccessor(refreshToken: string, sealed: Buffer): SealedPair | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(refreshToken), sealed.subarray(0, 12));
    decipher.setAuthTag(sealed.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8')) as SealedPair;
  } catch {
    return null;
  }
}
