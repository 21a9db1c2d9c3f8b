/**
 * Checking an operator login against the configured name and Argon2id hash. The name is compared
 * in constant time (digests of equal length), and the password hash is verified whatever the
 * name, so that neither the answer nor its timing tells whether the name was right.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { MAX_PASSWORD_LENGTH, verifyAdminPassword } from './password.ts';

export interface AdminCredentialsConfig {
  username?: string;
  passwordHash?: string;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

export class AdminCredentials {
  private readonly nameDigest?: Buffer;

  constructor(
    private readonly config: AdminCredentialsConfig,
    /** The hash check (a test counts its calls). */
    private readonly verify: (phc: string, password: string) => Promise<boolean> = verifyAdminPassword,
  ) {
    if (config.username) this.nameDigest = digest(config.username);
  }

  /** Admin is off without a configured hash (and name). */
  get enabled(): boolean {
    return Boolean(this.config.username && this.config.passwordHash);
  }

  async check(username: string, password: string): Promise<boolean> {
    if (!this.nameDigest || !this.config.passwordHash) return false;
    const nameMatches = timingSafeEqual(digest(username), this.nameDigest);
    // Over-long passwords are not hashed, but the configured hash is still verified against
    // something, so that they cost the same time as any other attempt.
    const candidate = password.length <= MAX_PASSWORD_LENGTH ? password : '';
    const passwordMatches = await this.verify(this.config.passwordHash, candidate);
    return nameMatches && passwordMatches && password.length <= MAX_PASSWORD_LENGTH;
  }
}
