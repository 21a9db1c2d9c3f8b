/**
 * Sign-in through the operator's OpenID Connect provider: authorization code with PKCE (S256),
 * a fresh state and nonce per attempt, checked by openid-client when the provider sends the
 * browser back. The attempt's secrets (PKCE verifier, state, nonce) stay on the server, keyed by a
 * random id in a short-lived httpOnly cookie; they are used once. The provider's metadata is
 * discovered on first use and kept; a provider that cannot be reached is a OidcUnavailable error,
 * never a crash.
 */
import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';

export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back: .../api/v1/dashboard/oidc/callback. */
  redirectUri: () => string;
  /** Shown on the button: "Sign in with <name>". */
  name: string;
}

interface Attempt {
  verifier: string;
  state: string;
  nonce: string;
  expiresAt: number;
}

/** The provider could not be reached or answered nonsense: the person is told, and may try again. */
export class OidcUnavailable extends Error {}
/** The answer does not belong to an attempt of this browser, or the provider refused: start again. */
export class OidcRejected extends Error {}
/** The provider signed the person in but does not vouch for their e-mail address. */
export class OidcUnverifiedEmail extends Error {}

const ATTEMPT_TTL_MS = 10 * 60 * 1000;
const MAX_ATTEMPTS = 10_000;
const isLoopback = (url: URL) => url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

export class DashboardOidc {
  private config: Promise<oidc.Configuration> | null = null;
  private readonly attempts = new Map<string, Attempt>();

  constructor(readonly settings: OidcSettings) {}

  private configuration(): Promise<oidc.Configuration> {
    if (!this.config) {
      // Plain http is allowed only to a provider on the loopback (a developer's machine, the tests).
      const options = isLoopback(this.settings.issuer) ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 };
      this.config = oidc.discovery(this.settings.issuer, this.settings.clientId, this.settings.clientSecret, undefined, options);
      // A failed discovery is tried again on the next sign-in, not remembered.
      this.config.catch(() => (this.config = null));
    }
    return this.config;
  }

  /** A new attempt: its id (for the cookie) and the provider's authorization URL to send the browser to. */
  async begin(): Promise<{ attemptId: string; url: string }> {
    let config: oidc.Configuration;
    try {
      config = await this.configuration();
    } catch (error) {
      throw new OidcUnavailable(`discovery failed: ${(error as Error).message}`);
    }
    this.sweep();
    const attempt: Attempt = {
      verifier: oidc.randomPKCECodeVerifier(),
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      expiresAt: Date.now() + ATTEMPT_TTL_MS,
    };
    const attemptId = randomBytes(32).toString('base64url');
    this.attempts.set(attemptId, attempt);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri(),
      scope: 'openid email',
      code_challenge: await oidc.calculatePKCECodeChallenge(attempt.verifier),
      code_challenge_method: 'S256',
      state: attempt.state,
      nonce: attempt.nonce,
    });
    return { attemptId, url: url.href };
  }

  /** The provider's answer at the callback URL: the verified e-mail address it vouches for. */
  async finish(attemptId: string | null, callbackUrl: URL): Promise<string> {
    const attempt = attemptId ? this.attempts.get(attemptId) : undefined;
    if (attemptId) this.attempts.delete(attemptId);
    if (!attempt || attempt.expiresAt < Date.now()) throw new OidcRejected('no sign-in attempt of this browser is waiting');
    let config: oidc.Configuration;
    try {
      config = await this.configuration();
    } catch (error) {
      throw new OidcUnavailable(`discovery failed: ${(error as Error).message}`);
    }
    let claims: { readonly [claim: string]: unknown } | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: attempt.verifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      claims = idToken;
      // Many providers put the e-mail claims in the UserInfo answer only (the ID token then holds
      // just the subject): ask it, for the same subject.
      if (idToken.email === undefined) claims = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
    } catch (error) {
      // A network failure is the provider's absence; anything else (a wrong state, an error
      // answer, a bad token) is a refusal of this attempt.
      if (error instanceof TypeError || (error as Error).name === 'TimeoutError') throw new OidcUnavailable((error as Error).message);
      throw new OidcRejected((error as Error).message);
    }
    const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email || claims?.email_verified !== true) throw new OidcUnverifiedEmail('the provider did not confirm an e-mail address');
    return email;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, attempt] of this.attempts) if (attempt.expiresAt < now) this.attempts.delete(id);
    // A flood of abandoned attempts cannot grow the map without end: the oldest go first.
    while (this.attempts.size >= MAX_ATTEMPTS) this.attempts.delete(this.attempts.keys().next().value!);
  }
}
