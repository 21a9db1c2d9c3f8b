/**
 * The key of idempotency fingerprints (an HMAC, see IdempotencyOptions.fingerprintKey). Every API
 * process of a deployment must use the same one, or a retry reaching another process would look
 * like a different request: IDEMPOTENCY_SECRET when set, otherwise a key derived for this purpose
 * alone from AUTH_JWT_SECRET (given, or generated under DATA_DIR in embedded mode). Without either,
 * the key is random per process, which is right for one process and said in the log otherwise.
 */
import { randomBytes } from 'node:crypto';
import { keyDerivedFrom } from '../features/auth/jwt-secret.ts';
import type { Config } from '../config.ts';

export function fingerprintKey(config: Pick<Config, 'IDEMPOTENCY_SECRET' | 'AUTH_JWT_SECRET' | 'REDIS_URL'>, log: { warn(msg: string): void }): Uint8Array {
  if (config.IDEMPOTENCY_SECRET) return new TextEncoder().encode(config.IDEMPOTENCY_SECRET);
  if (config.AUTH_JWT_SECRET) return keyDerivedFrom(config.AUTH_JWT_SECRET, 'idempotency fingerprints');
  if (config.REDIS_URL)
    log.warn(
      'neither IDEMPOTENCY_SECRET nor AUTH_JWT_SECRET is set: idempotent retries are recognised only by the process that first saw them; set IDEMPOTENCY_SECRET on every process',
    );
  return new Uint8Array(randomBytes(32));
}
