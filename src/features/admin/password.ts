/**
 * The operator's password: hashed with Argon2id into a PHC string (`cli admin hash-password`),
 * which configuration holds instead of the password. The parameters travel inside the string, so
 * a hash made with other costs still verifies.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** OWASP's recommended minimum for Argon2id: 19 MiB, 2 passes, 1 lane. */
const COSTS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const ARGON2ID = 2 as Algorithm;

/** Shorter passwords are refused by the CLI: the hash cannot make up for a guessable password. */
export const MIN_PASSWORD_LENGTH = 12;
/** Longer input is refused before hashing: nobody types it, and hashing megabytes is a lever. */
export const MAX_PASSWORD_LENGTH = 1024;

export function hashAdminPassword(password: string): Promise<string> {
  return hash(password, { ...COSTS, algorithm: ARGON2ID });
}

/** False for a wrong password and for a hash that does not parse (never throws on input). */
export async function verifyAdminPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}
