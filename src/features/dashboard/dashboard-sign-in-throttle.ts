/**
 * How often a sign-in may be asked for and tried, with rate-limiter-flexible: e-mails per address
 * (nobody fills a stranger's inbox) and per client address (nobody sprays many addresses), and
 * wrong codes per address (a six-digit code cannot be guessed through many challenges). In Redis
 * when the deployment has one, so every API process shares the counts; otherwise in this process.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisConnections } from '../../db/redis.ts';
import { HttpError } from '../../http/errors.ts';

export interface SignInLimits {
  /** Sign-in e-mails to one address per hour. */
  mailsPerAddressPerHour: number;
  /** Sign-in e-mails asked from one client address per hour. */
  mailsPerClientPerHour: number;
  /** Wrong codes for one address per hour (over all its challenges). */
  failuresPerAddressPerHour: number;
  /** Wrong codes or links from one client address per hour (many people may share one behind a NAT). */
  failuresPerClientPerHour: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  mailsPerAddressPerHour: 5,
  mailsPerClientPerHour: 30,
  failuresPerAddressPerHour: 10,
  failuresPerClientPerHour: 30,
};

const HOUR = 3600;

function limiter(redis: RedisConnections | undefined, name: string, points: number): RateLimiterAbstract {
  const keyPrefix = `${redis?.prefix ?? ''}dashboard-sign-in:${name}`;
  return redis
    ? new RateLimiterRedis({ storeClient: redis.client, keyPrefix, points, duration: HOUR })
    : new RateLimiterMemory({ keyPrefix, points, duration: HOUR });
}

function tooMany(rejection: unknown): never {
  if (rejection instanceof RateLimiterRes) {
    const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw new HttpError(429, 'Too many sign-in attempts; try again later', { 'retry-after': String(seconds) });
  }
  // The store itself failed (Redis away): not the caller's fault, and not a reason to let them through.
  throw new HttpError(503, 'Sign-in is unavailable for a moment, retry later', { 'retry-after': '5' });
}

export class SignInThrottle {
  private readonly mailsToAddress: RateLimiterAbstract;
  private readonly mailsFromClient: RateLimiterAbstract;
  private readonly failuresOfAddress: RateLimiterAbstract;
  private readonly failuresFromClient: RateLimiterAbstract;

  constructor(redis: RedisConnections | undefined, limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS) {
    this.mailsToAddress = limiter(redis, 'mail-to', limits.mailsPerAddressPerHour);
    this.mailsFromClient = limiter(redis, 'mail-from', limits.mailsPerClientPerHour);
    this.failuresOfAddress = limiter(redis, 'fail-of', limits.failuresPerAddressPerHour);
    this.failuresFromClient = limiter(redis, 'fail-from', limits.failuresPerClientPerHour);
  }

  /** Counts one sign-in e-mail, or answers 429 with Retry-After. */
  async mail(email: string, client: string): Promise<void> {
    await this.mailsFromClient.consume(client).catch(tooMany);
    await this.mailsToAddress.consume(email.toLowerCase()).catch(tooMany);
  }

  /** Answers 429 while the address or the client has used up its wrong tries. */
  async mayTry(email: string | null, client: string): Promise<void> {
    const checks = [this.failuresFromClient.get(client), email ? this.failuresOfAddress.get(email.toLowerCase()) : Promise.resolve(null)];
    const [fromClient, ofAddress] = await Promise.all(checks).catch(tooMany);
    for (const [res, limit] of [
      [fromClient, this.failuresFromClient.points],
      [ofAddress, this.failuresOfAddress.points],
    ] as const) {
      if (res && res.consumedPoints >= limit) tooMany(res);
    }
  }

  /** A wrong code or link: counted for the client and, when known, the address. */
  async failed(email: string | null, client: string): Promise<void> {
    await this.failuresFromClient.penalty(client).catch(tooMany);
    if (email) await this.failuresOfAddress.penalty(email.toLowerCase()).catch(tooMany);
  }
}
