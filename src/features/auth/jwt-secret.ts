/**
 * The HS256 secret of dashboard tokens when none is configured: generated once and kept under
 * DATA_DIR, so that the server and `cli token` (separate processes) agree without setup. With
 * AUTH_JWKS_URL alone no secret is made up: tokens then come only from the identity provider.
 */
import fs from 'node:fs';
import path from 'node:path';
import { hkdfSync, randomBytes } from 'node:crypto';
import { ConfigError, type Config } from '../../config.ts';

export const SECRET_FILE = 'auth-jwt-secret';

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // `wx`: of two processes starting at once, exactly one writes; the other reads its secret.
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  for (let attempt = 0; ; attempt++) {
    const secret = fs.readFileSync(file, 'utf8').trim();
    // A reader may see the file between its creation and the write of its content.
    if (secret.length >= 32 || attempt >= 50) return secret;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
}

/**
 * The configuration with AUTH_JWT_SECRET filled in where the embedded mode needs one. A shared
 * database (DATABASE_URL) means several machines may serve one deployment, and a secret made up
 * under each one's DATA_DIR would differ: a token minted on one would be refused on another, and
 * an idempotent retry that lands on another would get 409 instead of its replay. There a missing
 * secret stops the start, naming the variable, unless ALLOW_GENERATED_SECRET says otherwise.
 */
export function withJwtSecret(config: Config): Config {
  if (config.AUTH_JWT_SECRET) return config;
  if (config.DATABASE_URL && !config.ALLOW_GENERATED_SECRET) {
    if (!config.AUTH_JWKS_URL) {
      throw new ConfigError(
        'invalid configuration:\n  AUTH_JWT_SECRET: required with DATABASE_URL (32+ characters, the same on every machine; e.g. `openssl rand -hex 32`), or AUTH_JWKS_URL with IDEMPOTENCY_SECRET; ALLOW_GENERATED_SECRET=true accepts a secret generated in DATA_DIR, for development on one machine',
      );
    }
    if (!config.IDEMPOTENCY_SECRET) {
      throw new ConfigError(
        'invalid configuration:\n  IDEMPOTENCY_SECRET: required with DATABASE_URL and AUTH_JWKS_URL when AUTH_JWT_SECRET is unset (32+ characters, the same on every machine), so that an idempotent retry is recognised whichever machine it reaches',
      );
    }
  }
  if (config.AUTH_JWKS_URL) return config;
  return { ...config, AUTH_JWT_SECRET: readOrCreateSecret(config.dataDir), jwtSecretGenerated: true };
}

/**
 * A key for one purpose alone, derived from the dashboard-token secret (HKDF-SHA256): what it
 * signs or keys can never stand in for a dashboard token, nor for another purpose's key.
 */
export function keyDerivedFrom(jwtSecret: string, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', jwtSecret, '', `astro ${purpose}`, 32));
}
