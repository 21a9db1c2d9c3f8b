/**
 * The HS256 secret of dashboard tokens when none is configured: generated once and kept under
 * DATA_DIR, so that the server and `cli token` (separate processes) agree without setup. With
 * AUTH_JWKS_URL alone no secret is made up: tokens then come only from the identity provider.
 */
import fs from 'node:fs';
import path from 'node:path';
import { hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';

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

/** The configuration with AUTH_JWT_SECRET filled in where the embedded mode needs one. */
export function withJwtSecret(config: Config): Config {
  if (config.AUTH_JWT_SECRET || config.AUTH_JWKS_URL) return config;
  return { ...config, AUTH_JWT_SECRET: readOrCreateSecret(config.dataDir), jwtSecretGenerated: true };
}

/**
 * A key for one purpose alone, derived from the dashboard-token secret (HKDF-SHA256): what it
 * signs or keys can never stand in for a dashboard token, nor for another purpose's key.
 */
export function keyDerivedFrom(jwtSecret: string, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', jwtSecret, '', `astro ${purpose}`, 32));
}
