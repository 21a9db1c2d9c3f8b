/**
 * The authorization server's protocol endpoints: discovery documents, registration, authorize,
 * token, revoke (each also at the root for clients that ignore the metadata: /register,
 * /authorize, /token), and the consent page. Errors are OAuth errors (`{error,
 * error_description}`), or HTML pages where a browser is at the other end.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { z } from 'zod/v4';
import { acceptFormBodies, type FormBody } from '../../http/form-body.ts';
import type { ApiKeyAuthenticator } from '../../http/api-key-auth.ts';
import type { BearerAuthenticator } from '../../http/bearer-auth.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_DETAIL, HttpError, isDatabaseUnavailable } from '../../http/errors.ts';
import { AccountDeletionRepository } from '../../db/account-deletions.ts';
import { AuthorizationRequestRepository } from '../../db/oauth-requests.ts';
import { UserRepository } from '../../db/users.ts';
import { API_KEY_PREFIX } from '../keys/secret.ts';
import { parseFamilyList } from '../mcp/families.ts';
import { authorize, decide, DecisionRefused, pendingRequest, RequestNotDecidable, type AuthorizeQuery } from './authorization.ts';
import { decisionPage, messagePage, pageHeaders, signInPage, type Page } from './consent-page.ts';
import { authorizationServerMetadata, protectedResourceMetadata } from './metadata.ts';
import { OAuthProblem, sendOAuthProblem } from './oauth-error.ts';
import type { RegistrationThrottle } from './registration-throttle.ts';
import { registerClient } from './registration.ts';
import { newSecret, PREFIX, sha256Hex } from './secrets.ts';
import type { OAuthSettings } from './settings.ts';
import { authenticateClient, type FormFields, type TokenService } from './oauth-token-service.ts';

export interface OAuthRouteOptions {
  db: DatabasePool;
  settings: OAuthSettings;
  tokens: TokenService;
  /** The consent page's sign-in: an API key, or a dashboard token. */
  apiKeys: ApiKeyAuthenticator;
  dashboard: BearerAuthenticator;
  /** Bounds dynamic client registration per address and in total. */
  registrations: RegistrationThrottle;
}

/** OAuth requests and forms are small: a few kilobytes at most. */
const BODY_LIMIT = 64 * 1024;
const CORS_ANY = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'WWW-Authenticate' };
const PREFLIGHT = {
  ...CORS_ANY,
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, MCP-Protocol-Version',
  'access-control-max-age': '600',
};

const sendPage = (reply: FastifyReply, p: Page) => reply.code(p.status).headers(pageHeaders(p)).send(p.html);

/** A token or revocation request's fields: a form (as the specification has it) or a JSON object of strings. */
function formOf(request: FastifyRequest): FormFields {
  if (request.url.includes('?')) throw new OAuthProblem('invalid_request', 'parameters in the query string are not accepted; send them in the body');
  const body = request.body;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body))
    throw new OAuthProblem('invalid_request', 'the body must be application/x-www-form-urlencoded');
  const fields: FormFields = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'))) fields[name] = value;
    else throw new OAuthProblem('invalid_request', `${name} must be a string`);
  }
  return fields;
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? undefined : value);

export const oauthRoutes =
  (o: OAuthRouteOptions): FastifyPluginAsyncZod =>
  async (app) => {
    acceptFormBodies(app, BODY_LIMIT);

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof OAuthProblem) return sendOAuthProblem(reply, error);
      if (error instanceof HttpError) return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });
      if (error.statusCode === 413) return sendOAuthProblem(reply, new OAuthProblem('invalid_request', 'the body is too large', 413));
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
        return sendOAuthProblem(reply, new OAuthProblem('invalid_request', error.message));
      // PostgreSQL away is a passing state, answered as on every other route: 503 with Retry-After
      // (the OAuth shape, `temporarily_unavailable`, with the service's `detail` next to it).
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return sendOAuthProblem(
          reply,
          new OAuthProblem('temporarily_unavailable', 'the database is unavailable; retry later', 503, { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) }),
          { detail: DATABASE_UNAVAILABLE_DETAIL },
        );
      }
      request.log.error({ err: error }, 'OAuth endpoint failed');
      return sendOAuthProblem(reply, new OAuthProblem('server_error', 'the server could not complete the request; retry later', 500));
    });

    // Discovery. Browser-based clients read these across origins.
    const documents: [string, () => unknown][] = [
      ['/.well-known/oauth-authorization-server', () => authorizationServerMetadata(o.settings.baseUrl())],
      ['/.well-known/oauth-protected-resource', () => protectedResourceMetadata(o.settings.baseUrl())],
      ['/.well-known/oauth-protected-resource/mcp', () => protectedResourceMetadata(o.settings.baseUrl())],
    ];
    for (const [url, document] of documents) {
      app.get(
        url,
        {
          schema: {
            tags: ['oauth'],
            summary: url.includes('authorization-server') ? 'Authorization server metadata (RFC 8414)' : 'Protected resource metadata of /mcp (RFC 9728)',
          },
        },
        (_request, reply) => reply.headers(CORS_ANY).send(document()),
      );
      app.options(url, { schema: { hide: true } }, (_request, reply) => reply.code(204).headers(PREFLIGHT).send());
    }
    app.get(
      '/.well-known/oauth-protected-resource/mcp/:path_scope',
      {
        schema: {
          tags: ['oauth'],
          summary: 'Protected resource metadata of /mcp/{path_scope}: the scopes of its families',
          params: z.object({ path_scope: z.string().max(200).describe('Tool families, comma-separated.').meta({ example: 'western,charts' }) }),
        },
      },
      (request, reply) => {
        const families = parseFamilyList(request.params.path_scope).families;
        if (!families) throw new HttpError(404, 'Not Found');
        return reply.headers(CORS_ANY).send(protectedResourceMetadata(o.settings.baseUrl(), families));
      },
    );

    for (const prefix of ['/mcp/oauth', '']) {
      const alias = prefix === '' ? ' (alias at the root for clients that ignore the metadata)' : '';
      app.post(
        `${prefix}/register`,
        {
          bodyLimit: BODY_LIMIT,
          schema: {
            tags: ['oauth'],
            summary: `Register a client (RFC 7591)${alias}`,
            description:
              'JSON client metadata: `redirect_uris` (https, or http on the loopback interface), optional `client_name`, `token_endpoint_auth_method` (`none` by default: a public client), `scope`, and the other RFC 7591 fields; unknown fields are ignored. 201 with `client_id` (and `client_secret` for a confidential client, shown only here).',
          },
        },
        async (request, reply) => {
          // Counted once the metadata is valid: a refused registration stores nothing.
          const client = await registerClient(o.db, request.body, async () => {
            const wait = await o.registrations.admit(request.ip);
            if (wait > 0) throw new HttpError(429, 'Too many client registrations; retry later', { ...CORS_ANY, 'retry-after': String(wait) });
          });
          return reply
            .code(201)
            .headers({ ...CORS_ANY, 'cache-control': 'no-store' })
            .send(client);
        },
      );
      app.options(`${prefix}/register`, { schema: { hide: true } }, (_request, reply) => reply.code(204).headers(PREFLIGHT).send());

      app.get(
        `${prefix}/authorize`,
        {
          schema: {
            tags: ['oauth'],
            summary: `Start an authorization (code with PKCE S256)${alias}`,
            description:
              '`response_type=code`, `client_id`, `redirect_uri` (one the client registered), `code_challenge` with `code_challenge_method=S256`, `state`, `scope` (astro:western, astro:ephemeris, astro:numerology, astro:charts, astro:chinese, astro:vedic; unknown ones are dropped), `resource`. Redirects the browser to the consent page; errors go back to the client with `state` and `iss`, except an unknown client or redirect URI (an error page).',
          },
        },
        async (request, reply) => {
          const outcome = await authorize(o.db, o.settings, request.query as AuthorizeQuery);
          if (outcome.kind === 'error_page') return sendPage(reply, messagePage('This authorization request cannot be served', outcome.message, 400));
          return reply.header('cache-control', 'no-store').redirect(outcome.location, 302);
        },
      );

      app.post(
        `${prefix}/token`,
        {
          bodyLimit: BODY_LIMIT,
          schema: {
            tags: ['oauth'],
            summary: `Tokens: authorization code with PKCE, or refresh${alias}`,
            description:
              'Form fields: `grant_type=authorization_code` with `code`, `code_verifier`, `redirect_uri`, `client_id`; or `grant_type=refresh_token` with `refresh_token` (rotated: the answer carries a new one). Client authentication as registered: none (public), HTTP Basic, or `client_secret` in the form.',
          },
        },
        async (request, reply) => {
          const form = formOf(request);
          const client = await authenticateClient(o.db, form, request.headers.authorization);
          const tokens = await o.tokens.exchange(client, form);
          return reply.headers({ ...CORS_ANY, 'cache-control': 'no-store', pragma: 'no-cache' }).send(tokens);
        },
      );
      app.options(`${prefix}/token`, { schema: { hide: true } }, (_request, reply) => reply.code(204).headers(PREFLIGHT).send());
    }

    app.post(
      '/mcp/oauth/revoke',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          tags: ['oauth'],
          summary: 'Revoke a token (RFC 7009): its grant ends, on every API process',
          description:
            'Form fields `token` (an access or refresh token) and optional `token_type_hint`, with the client authentication of the token endpoint. 200 whether or not the token was known.',
        },
      },
      async (request, reply) => {
        const form = formOf(request);
        const client = await authenticateClient(o.db, form, request.headers.authorization);
        await o.tokens.revoke(client, form);
        return reply.headers({ ...CORS_ANY, 'cache-control': 'no-store' }).send({});
      },
    );
    app.options('/mcp/oauth/revoke', { schema: { hide: true } }, (_request, reply) => reply.code(204).headers(PREFLIGHT).send());

    // The consent page.
    const requests = new AuthorizationRequestRepository(o.db);
    const users = new UserRepository(o.db);
    const deletions = new AccountDeletionRepository(o.db);
    /** The consent pages are HTML, the ones that say why there is nothing to decide too. */
    const PAGE = {
      'x-produces': ['text/html'],
      'x-responses': { 404: 'No such request', 409: 'The request was already decided', 410: 'The request has expired' },
    };
    const consentParams = z.object({
      authorization_id: z
        .string()
        .max(200)
        .describe('The pending authorization request, from the authorize redirect.')
        .meta({ example: '00000000-0000-4000-8000-000000000002' }),
    });

    /** The pending request of a page, or the page that says why there is none. */
    async function pending(id: string) {
      try {
        return await pendingRequest(o.db, id);
      } catch (error) {
        if (!(error instanceof RequestNotDecidable)) throw error;
        const title = error.status === 410 ? 'This request has expired' : error.status === 409 ? 'This request was already decided' : 'No such request';
        return messagePage(title, `${error.message}.`, error.status);
      }
    }

    /**
     * Who a credential typed into the page belongs to, or what to tell them. An account being
     * deleted signs in with neither kind of credential: its keys are revoked, but a dashboard token
     * verifies until it expires (the dashboard's own hook refuses it the same way).
     */
    async function signIn(credential: string, clientAddress: string): Promise<{ userId: string } | { error: string; status?: number }> {
      const who = await credentialOwner(credential, clientAddress);
      if ('userId' in who && (await deletions.isDeleted(who.userId))) return { error: 'This account has been deleted.' };
      return who;
    }

    async function credentialOwner(credential: string, clientAddress: string): Promise<{ userId: string } | { error: string; status?: number }> {
      if (credential.startsWith(API_KEY_PREFIX)) {
        let verdict;
        try {
          verdict = await o.apiKeys.verdict(credential, clientAddress);
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 429)
            return { error: 'Too many keys that are not valid were tried from your address; try again in a minute.', status: 429 };
          throw error;
        }
        if (verdict.kind === 'ok') return { userId: verdict.principal.userId };
        return { error: verdict.kind === 'no_subscription' ? 'The account of this API key has no active subscription.' : 'This API key is not valid.' };
      }
      try {
        return { userId: (await o.dashboard.verify(credential)).userId };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 503) return { error: 'The sign-in service cannot be reached; try again in a moment.' };
        if (error instanceof HttpError) return { error: 'This token is not valid, or it has expired.' };
        throw error;
      }
    }

    const signedInAs = async (userId: string) => (await users.findById(userId))?.email ?? userId;

    app.get(
      '/mcp/oauth/consent/:authorization_id',
      {
        schema: { tags: ['oauth'], summary: 'The consent page (HTML): sign in, then allow or deny the client', params: consentParams, ...PAGE },
      },
      async (request, reply) => {
        const found = await pending(request.params.authorization_id);
        if ('html' in found) return sendPage(reply, found);
        return sendPage(reply, signInPage(found.request, found.client));
      },
    );

    app.post(
      '/mcp/oauth/consent/:authorization_id',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          tags: ['oauth'],
          summary: "The consent page's forms: sign in (`step=sign_in`, `credential`), then decide (`step=decide`, `ticket`, `decision`, `scope`...)",
          params: consentParams,
          ...PAGE,
        },
      },
      async (request, reply) => {
        const found = await pending(request.params.authorization_id);
        if ('html' in found) return sendPage(reply, found);
        const form = (request.body && typeof request.body === 'object' ? request.body : {}) as FormBody;
        const step = one(form.step);

        if (step === 'sign_in') {
          const credential = one(form.credential)?.trim() ?? '';
          if (!credential || credential.length > 8192)
            return sendPage(reply, signInPage(found.request, found.client, 'Enter an API key or a dashboard token.'));
          const who = await signIn(credential, request.ip);
          if ('error' in who) return sendPage(reply, signInPage(found.request, found.client, who.error, who.status));
          const ticket = newSecret(PREFIX.ticket);
          if (!(await requests.signIn(found.request.id, who.userId, sha256Hex(ticket))))
            return sendPage(reply, messagePage('This request has expired', 'Authorization request expired.', 410));
          return sendPage(reply, decisionPage(found.request, found.client, { ticket, signedInAs: await signedInAs(who.userId) }));
        }

        if (step === 'decide') {
          const ticket = one(form.ticket) ?? '';
          const { request: pendingRow, client } = found;
          if (!pendingRow.consent_user_id || !pendingRow.consent_ticket_hash || sha256Hex(ticket) !== pendingRow.consent_ticket_hash) {
            return sendPage(
              reply,
              messagePage('Sign in again', 'Your sign-in for this request is not valid any more. Reload the page and sign in again.', 403),
            );
          }
          const decision = one(form.decision);
          const chosen = form.scope === undefined ? [] : Array.isArray(form.scope) ? form.scope : [form.scope];
          if (decision === 'approve' && !chosen.length) {
            return sendPage(
              reply,
              decisionPage(pendingRow, client, {
                ticket,
                signedInAs: await signedInAs(pendingRow.consent_user_id),
                error: 'Choose at least one thing to allow, or deny the request.',
              }),
            );
          }
          try {
            const { redirectTo } = await decide(o.db, o.settings, {
              requestId: pendingRow.id,
              userId: pendingRow.consent_user_id,
              approve: decision === 'approve',
              scopes: chosen,
            });
            return reply.header('cache-control', 'no-store').redirect(redirectTo, 303);
          } catch (error) {
            if (error instanceof DecisionRefused) return sendPage(reply, messagePage('This decision cannot be made', error.message, error.status));
            if (error instanceof RequestNotDecidable) return sendPage(reply, messagePage('This request cannot be decided', `${error.message}.`, error.status));
            throw error;
          }
        }
        return sendPage(reply, signInPage(found.request, found.client));
      },
    );
  };
