/**
 * Who is calling /mcp, from the credential the request carries: an API key in `x-api-key` (the
 * header REST takes, and the one the public service's MCP clients send), or an OAuth access token
 * issued by this service's authorization server.
 */
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { ApiKeyAuthenticator } from '../../http/api-key-auth.ts';
import type { QuotaSubject } from '../../http/rate-limit.ts';
import { hashApiKey } from '../keys/secret.ts';
import { ALL_SCOPES, FAMILIES, type Family } from './families.ts';

export interface McpCaller {
  userId: string;
  /** The account's plan (its heavy-work places depend on it). */
  planCode: string;
  /** The API key used; null for an OAuth token (the usage log's `api_key_id`). */
  keyId: string | null;
  /** The families the credential opens: all of them for an API key, the granted scopes' for a token. */
  families: readonly Family[];
  /** What the rate limiter counts against; its `keyId` names the revocation marker (the key, or the OAuth grant). */
  quota: QuotaSubject;
  authInfo: AuthInfo;
  /** Drops the credential from this process's cache (another process revoked it). */
  forget(): void;
}

/** Why a credential was refused, as the response says it. */
export class CallerRefusal extends Error {
  constructor(
    readonly status: 401 | 403,
    readonly detail: string,
    readonly reason: string,
  ) {
    super(detail);
  }
}

export async function apiKeyCaller(authenticator: ApiKeyAuthenticator, secret: string, clientAddress: string): Promise<McpCaller> {
  const verdict = await authenticator.verdict(secret, clientAddress);
  if (verdict.kind === 'invalid') throw new CallerRefusal(401, 'Invalid API key', 'invalid_key');
  if (verdict.kind === 'no_subscription') throw new CallerRefusal(403, 'Subscription required', 'subscription_required');
  const p = verdict.principal;
  return {
    userId: p.userId,
    planCode: p.planCode,
    keyId: p.keyId,
    families: FAMILIES,
    quota: { userId: p.userId, keyId: p.keyId, requestLimit: p.requestLimit, limitPeriod: p.limitPeriod, rpsLimit: p.rpsLimit },
    // The SDK hands this to the server factory; the secret itself stays out of it.
    authInfo: { token: `api-key:${p.keyId}`, clientId: `api-key:${p.keyId}`, scopes: ALL_SCOPES },
    forget: () => authenticator.invalidate(hashApiKey(secret)),
  };
}
