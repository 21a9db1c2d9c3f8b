/**
 * The dashboard's sign-in challenges and sessions. Only digests of the secrets are stored: the
 * code, the link and the session id travel in the e-mail or the cookie, never in the database.
 */
import { type CommonQueryMethods } from 'slonik';
import { z } from 'zod/v4';
import { sql } from './sql.ts';

const challengeRow = z.object({ id: z.coerce.number(), email: z.string(), code_sha256: z.string(), attempts: z.number() });
export type ChallengeRow = z.infer<typeof challengeRow>;

const sessionRow = z.object({ user_id: z.string(), email: z.string(), expires_at: z.string() });
export type SessionRow = z.infer<typeof sessionRow>;

export class DashboardSessionRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  async addChallenge(input: { email: string; codeSha256: string; linkSha256: string; ttlSeconds: number }): Promise<void> {
    await this.db.query(sql.unsafe`
      insert into dashboard_sign_in_challenges (email, code_sha256, link_sha256, expires_at)
      values (${input.email}, ${input.codeSha256}, ${input.linkSha256}, now() + make_interval(secs => ${input.ttlSeconds}))`);
  }

  /** The newest challenge of the address still open (unused, unexpired, attempts left). */
  async openChallengeOf(email: string, maxAttempts: number): Promise<ChallengeRow | null> {
    return this.db.maybeOne(sql.type(challengeRow)`
      select id, email, code_sha256, attempts from dashboard_sign_in_challenges
      where lower(email) = lower(${email}) and used_at is null and expires_at > now() and attempts < ${maxAttempts}
      order by created_at desc, id desc limit 1`);
  }

  /** Counts a wrong code against the challenge. */
  async countAttempt(id: number): Promise<void> {
    await this.db.query(sql.unsafe`update dashboard_sign_in_challenges set attempts = attempts + 1 where id = ${id}`);
  }

  /**
   * Marks the challenge used, once: of two requests with the same code or link only one gets the
   * row back. By id (a code) or by the link's digest.
   */
  async useChallenge(by: { id: number } | { linkSha256: string }): Promise<{ email: string } | null> {
    const where = 'id' in by ? sql.fragment`id = ${by.id}` : sql.fragment`link_sha256 = ${by.linkSha256}`;
    return this.db.maybeOne(sql.type(z.object({ email: z.string() }))`
      update dashboard_sign_in_challenges set used_at = now()
      where ${where} and used_at is null and expires_at > now()
      returning email`);
  }

  /** Every open challenge of the address ends when one of them signs the person in. */
  async closeChallengesOf(email: string): Promise<void> {
    await this.db.query(sql.unsafe`update dashboard_sign_in_challenges set used_at = now() where lower(email) = lower(${email}) and used_at is null`);
  }

  async addSession(input: { idSha256: string; userId: string; ttlSeconds: number }): Promise<void> {
    await this.db.query(sql.unsafe`
      insert into dashboard_sessions (id_sha256, user_id, expires_at)
      values (${input.idSha256}, ${input.userId}, now() + make_interval(secs => ${input.ttlSeconds}))`);
  }

  /** The live session with its user's current address (a changed address follows the user). */
  async findSession(idSha256: string): Promise<SessionRow | null> {
    return this.db.maybeOne(sql.type(sessionRow)`
      select s.user_id, u.email, s.expires_at::text as expires_at from dashboard_sessions s join users u on u.id = s.user_id
      where s.id_sha256 = ${idSha256} and s.expires_at > now()`);
  }

  async deleteSession(idSha256: string): Promise<void> {
    await this.db.query(sql.unsafe`delete from dashboard_sessions where id_sha256 = ${idSha256}`);
  }

  /** Housekeeping: challenges and sessions past their end. */
  async deleteExpired(): Promise<void> {
    await this.db.query(sql.unsafe`delete from dashboard_sign_in_challenges where expires_at < now() - interval '1 day'`);
    await this.db.query(sql.unsafe`delete from dashboard_sessions where expires_at < now()`);
  }
}
