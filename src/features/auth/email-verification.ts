/**
 * Links that verify an e-mail address: a signed token (HS256) naming the user and the address,
 * with an expiry, carried by `GET /api/v1/auth/verify-email?token=`. The key is EMAIL_LINK_SECRET,
 * or one derived from AUTH_JWT_SECRET for this purpose alone, so that a link is never a dashboard
 * token nor the other way round. A link verifies only the address it was made for: after a change
 * of address it no longer works.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { keyDerivedFrom } from './jwt-secret.ts';
import type { Config } from '../../config.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { SendMail } from '../../mail/send-mail.ts';

const AUDIENCE = 'email-verification';

export class VerificationLinkError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'This verification link has expired' : 'This verification link is not valid');
  }
}

export class EmailVerificationLinks {
  private readonly key: Uint8Array;

  constructor(
    secret: { linkSecret?: string; jwtSecret?: string },
    private readonly options: { baseUrl: string | (() => string); ttlSeconds: number },
  ) {
    if (secret.linkSecret) this.key = new TextEncoder().encode(secret.linkSecret);
    else if (secret.jwtSecret) this.key = keyDerivedFrom(secret.jwtSecret, 'email verification links');
    else throw new Error('no secret for e-mail links');
  }

  async linkFor(userId: string, email: string): Promise<{ url: string; expiresAt: Date }> {
    const expiresAt = new Date(Date.now() + this.options.ttlSeconds * 1000);
    const token = await new SignJWT({ email: email.toLowerCase() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    const base = typeof this.options.baseUrl === 'string' ? this.options.baseUrl : this.options.baseUrl();
    const url = new URL('/api/v1/auth/verify-email', base);
    url.searchParams.set('token', token);
    return { url: url.toString(), expiresAt };
  }

  /** The user and address a link was made for; throws VerificationLinkError. */
  async read(token: string): Promise<{ userId: string; email: string }> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], audience: AUDIENCE, requiredClaims: ['exp', 'sub'] });
      if (typeof payload.email !== 'string' || !payload.sub) throw new VerificationLinkError('invalid');
      return { userId: payload.sub, email: payload.email };
    } catch (error) {
      if (error instanceof VerificationLinkError) throw error;
      if (error instanceof errors.JWTExpired) throw new VerificationLinkError('expired');
      throw new VerificationLinkError('invalid');
    }
  }
}

export function verificationMail(link: string, expiresAt: Date): { subject: string; text: string } {
  return {
    subject: 'Confirm your e-mail address',
    text: [
      'Hello,',
      '',
      'Please confirm that this address belongs to your Astrology API account by opening this link:',
      '',
      link,
      '',
      `The link works until ${expiresAt.toUTCString()}. If you did not create an account, you can ignore this message.`,
    ].join('\n'),
  };
}

/** The links of this configuration: none without a secret to sign them (EMAIL_LINK_SECRET, or AUTH_JWT_SECRET). */
export function verificationLinksOf(
  config: Pick<Config, 'EMAIL_LINK_SECRET' | 'AUTH_JWT_SECRET' | 'EMAIL_VERIFICATION_TTL_HOURS'>,
  baseUrl: string | (() => string),
): EmailVerificationLinks | null {
  if (!(config.EMAIL_LINK_SECRET ?? config.AUTH_JWT_SECRET)) return null;
  return new EmailVerificationLinks(
    { linkSecret: config.EMAIL_LINK_SECRET, jwtSecret: config.AUTH_JWT_SECRET },
    { baseUrl, ttlSeconds: Math.round(config.EMAIL_VERIFICATION_TTL_HOURS * 3600) },
  );
}

/**
 * Sends a verification e-mail now. A link held in the outbox helps nobody: without SMTP the
 * operator is told (null: no sender), and a message SMTP refused is a failure, not a success.
 */
export function verificationMailSender(mailer: Mailer): SendMail | null {
  if (!mailer.sendsEmail) return null;
  return async (mail) => {
    const outcome = await mailer.send({ ...mail, kind: 'email_verification' });
    if (outcome.status !== 'sent') throw new Error(`the verification e-mail was ${outcome.status} (outbox id ${outcome.id})`);
  };
}
