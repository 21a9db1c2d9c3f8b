/** OAuth helpers for the tests: an SDK client provider that records what the flow asks of it, and raw calls. */
import { createHash, randomBytes } from 'node:crypto';
import type { TestServer } from './app.ts';

/**
 * What an MCP client application keeps for OAuth (both SDK versions take this shape): its
 * registration, tokens and PKCE verifier; "redirecting the user" records the URL for the test.
 */
export class RecordingOAuthProvider {
  registration?: any;
  stored?: any;
  verifier = '';
  authorizationUrl?: URL;
  /** The discovery the flow began with: the v2 client checks the callback's `iss` against it. */
  discovery?: any;

  constructor(
    readonly redirectUrl: string,
    readonly name = 'Test assistant',
    readonly scope?: string,
  ) {}

  get clientMetadata() {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(this.scope ? { scope: this.scope } : {}),
    };
  }

  clientInformation() {
    return this.registration;
  }
  saveClientInformation(info: unknown) {
    this.registration = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: unknown) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: unknown) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Follows the authorization URL one step, as a browser would: the consent location and the request id in it. */
export async function openAuthorization(url: string | URL): Promise<{ status: number; location: string | null; authorizationId?: string; body: string }> {
  const res = await fetch(url, { redirect: 'manual' });
  const location = res.headers.get('location');
  const match = location ? /\/mcp\/oauth\/consent\/([^/?#]+)/.exec(location) : null;
  return { status: res.status, location, authorizationId: match?.[1], body: await res.text() };
}

/** The dashboard's decision through the requests API: where the browser would be sent. */
export async function decideViaApi(
  server: TestServer,
  authorizationId: string,
  token: string,
  decision: { approve: boolean; scopes?: string[] } = { approve: true },
) {
  return server.bearer('POST', `/mcp/oauth/requests/${authorizationId}`, token, decision);
}

export async function registerClient(server: TestServer, body: Record<string, unknown>) {
  return server.request('POST', '/mcp/oauth/register', body, { 'x-api-key': '' });
}

/** A form POST (token, revoke), with optional headers. */
export async function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body };
}

/** A user of the dashboard (profile synced) and their bearer token. */
export async function dashboardUser(server: TestServer, userId: string, plan = 'free') {
  const email = `${userId}@example.com`;
  const token = await server.token(userId, email);
  const synced = await server.bearer('POST', '/api/v1/auth/sync', token, { user_id: userId, email });
  if (synced.status !== 200) throw new Error(`sync failed: ${synced.status} ${JSON.stringify(synced.body)}`);
  if (plan !== 'free') await server.db.query((await import('slonik')).sql.unsafe`update subscriptions set plan_code = ${plan} where user_id = ${userId}`);
  return { userId, email, token };
}
