/**
 * Passwordless sign-in: an e-mail carries a one-time link and a six-digit code; either one, given
 * back within the challenge's lifetime, opens a session for the address's user (created on the
 * first sign-in, on the free plan, like `POST /auth/sync`). Proving the address by the e-mail
 * also marks it verified. The secrets are random, compared by digest, and good once.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { DatabasePool } from 'slonik';
import { DashboardSessionRepository } from '../../db/dashboard-sessions.ts';
import { UserRepository } from '../../db/users.ts';
import type { MailMessage, MailOutcome } from '../../mail/mailer.ts';

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export interface SignInOptions {
  /** The service's public address: the link in the e-mail points at its dashboard. */
  baseUrl: () => string;
  sendMail: (message: MailMessage) => Promise<MailOutcome>;
  challengeTtlSeconds: number;
  sessionTtlSeconds: number;
  /** Wrong codes one challenge takes before it stops accepting any. */
  maxAttemptsPerChallenge: number;
}

export const SIGN_IN_DEFAULTS = { challengeTtlSeconds: 15 * 60, sessionTtlSeconds: 7 * 24 * 3600, maxAttemptsPerChallenge: 5 };

export interface OpenedSession {
  /** The cookie's value: the only copy of the session id. */
  sessionId: string;
  userId: string;
  email: string;
}

/** A six-digit code, leading zeros kept. */
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export class DashboardSignIn {
  private readonly store: DashboardSessionRepository;

  constructor(
    private readonly db: DatabasePool,
    private readonly options: SignInOptions,
  ) {
    this.store = new DashboardSessionRepository(db);
  }

  /** Writes a challenge and e-mails its link and code. The outcome says whether SMTP took it. */
  async start(email: string): Promise<MailOutcome> {
    const code = newCode();
    const link = randomBytes(32).toString('base64url');
    await this.store.addChallenge({ email, codeSha256: sha256(code), linkSha256: sha256(link), ttlSeconds: this.options.challengeTtlSeconds });
    const minutes = Math.round(this.options.challengeTtlSeconds / 60);
    // The link's secret is in the fragment: browsers never send it to a server or a log, and a
    // mail scanner that fetches the link signs nobody in (the page posts it back itself).
    const url = `${this.options.baseUrl()}/dashboard/sign-in#link=${link}`;
    return this.options.sendMail({
      to: email,
      // Not the code: a sent e-mail's subject stays in the outbox after its text is dropped.
      subject: 'Your sign-in code for the astrology API dashboard',
      kind: 'dashboard_sign_in',
      text: [
        'Someone (we hope you) asked to sign in to the astrology API dashboard with this address.',
        '',
        `Your code: ${code}`,
        '',
        `Or open this link in the browser where you asked for it:`,
        url,
        '',
        `Both work once, within ${minutes} minutes. If you did not ask, ignore this e-mail: nothing happens without the code.`,
      ].join('\n'),
    });
  }

  /** The address's newest open challenge, if the code is its code; a wrong code is counted against it. */
  async verifyCode(email: string, code: string): Promise<OpenedSession | null> {
    const challenge = await this.store.openChallengeOf(email, this.options.maxAttemptsPerChallenge);
    if (!challenge) return null;
    if (!sameDigest(challenge.code_sha256, sha256(code))) {
      await this.store.countAttempt(challenge.id);
      return null;
    }
    const used = await this.store.useChallenge({ id: challenge.id });
    return used ? this.open(used.email) : null;
  }

  async verifyLink(link: string): Promise<OpenedSession | null> {
    const used = await this.store.useChallenge({ linkSha256: sha256(link) });
    return used ? this.open(used.email) : null;
  }

  /** A session for an address another party has verified (the operator's OpenID Connect provider). */
  async openForVerifiedEmail(email: string): Promise<OpenedSession> {
    return this.open(email);
  }

  private async open(email: string): Promise<OpenedSession> {
    const sessionId = randomBytes(32).toString('base64url');
    const user = await this.db.transaction(async (tx) => {
      const users = new UserRepository(tx);
      const found = (await users.findByEmail(email)) ?? (await users.ensureByEmail(email));
      await users.ensureSubscription(found.id, 'free');
      await users.markEmailVerified(found.id, found.email);
      const store = new DashboardSessionRepository(tx);
      await store.closeChallengesOf(email);
      await store.addSession({ idSha256: sha256(sessionId), userId: found.id, ttlSeconds: this.options.sessionTtlSeconds });
      return found;
    });
    return { sessionId, userId: user.id, email: user.email };
  }

  async session(sessionId: string) {
    return this.store.findSession(sha256(sessionId));
  }

  async end(sessionId: string): Promise<void> {
    await this.store.deleteSession(sha256(sessionId));
  }
}
