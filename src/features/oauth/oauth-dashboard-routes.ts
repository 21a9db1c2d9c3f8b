/**
 * The dashboard's side of OAuth, with the dashboard's bearer token: the consent requests API (a
 * dashboard that shows its own consent screen reads the pending request and posts the user's
 * Decision), and the user's grants: the applications connected to the account, each of which the
 * user can disconnect at once (on every API process).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { z } from 'zod/v4';
import { GrantRepository, type GrantListRow } from '../../db/oauth-grants.ts';
import { HttpError } from '../../http/errors.ts';
import { accountId, PROFILE_MISSING } from '../auth/account-user.ts';
import { detailError } from '../auth/auth-schemas.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { decide, DecisionRefused, pendingRequest, RequestNotDecidable } from './authorization.ts';
import type { GrantRevocations } from './grant-revocation.ts';
import type { OAuthSettings } from './settings.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const decisionRequest = z
  .object({
    approve: z.boolean().describe('true allows the client, false refuses it.'),
    scopes: z
      .array(z.string().max(100))
      .max(10)
      .optional()
      .describe('When approving: the scopes allowed, at most those the client asked for (default: all of them)'),
  })
  .meta({ id: 'Decision', example: { approve: true } });

export const authorizationRequestResponse = z
  .object({
    id: z.string().describe('Id of the authorization request'),
    status: z.literal('pending').describe('Always pending: only requests awaiting a decision are shown'),
    client: z
      .object({
        client_id: z.string().describe("The client's id, given at its registration"),
        client_name: z.string().nullable().describe('The name the client registered; null when it gave none'),
        client_uri: z.string().nullable().describe('The home page the client registered; null when it gave none'),
        logo_uri: z.string().nullable().describe('The logo address the client registered; null when it gave none'),
      })
      .describe('The application asking for access, as it registered itself (unverified)'),
    redirect_uri: z.string().describe('Where the browser is sent with the answer'),
    redirect_host: z.string().describe('Where the browser goes back to: show it, so the user can tell a look-alike'),
    scopes: z.array(z.string()).describe('The scopes the client asks for'),
    resource: z.string().describe('The protected resource (MCP endpoint) the access is for'),
    created_at: z.string().describe('When the client asked, ISO 8601 UTC'),
    expires_at: z.string().describe('When the request can no longer be decided, ISO 8601 UTC'),
  })
  .meta({ id: 'AuthorizationRequest' });

export const grantResponse = z
  .object({
    id: z.string().describe('Id of the grant, to disconnect it'),
    client_id: z.string().describe("The connected client's id"),
    client_name: z.string().nullable().describe('The name the client registered; null when it gave none'),
    redirect_host: z.string().describe("Host of the client's first registered redirect address"),
    scopes: z.array(z.string()).describe('The scopes the user allowed'),
    status: z.literal('active').describe('Always active: disconnected grants are not listed'),
    created_at: z.string().describe('When the user allowed the client, ISO 8601 UTC'),
    last_used_at: z.string().nullable().describe('When the client last used an access token, ISO 8601 UTC (updated at most once a minute); null: never'),
  })
  .meta({ id: 'Grant' });

const present = (row: GrantListRow) => ({
  id: row.id,
  client_id: row.client_id,
  client_name: row.client_name,
  redirect_host: new URL(row.redirect_uris[0]!).host,
  scopes: row.scopes,
  status: 'active' as const,
  created_at: row.created_at,
  last_used_at: row.last_used_at,
});

const notDecidable = (error: unknown) => {
  if (error instanceof RequestNotDecidable) return new HttpError(error.status, error.message);
  if (error instanceof DecisionRefused)
    return error.status === 404 ? new HttpError(404, PROFILE_MISSING) : new RequestFieldError(['body', 'scopes'], error.message, 'value_error.scope');
  return error;
};

export const oauthDashboardRoutes =
  (deps: { db: DatabasePool; settings: OAuthSettings; revocations: GrantRevocations }): FastifyPluginAsyncZod =>
  async (app) => {
    const grants = new GrantRepository(deps.db);
    const requestParams = z.object({
      authorization_id: z
        .string()
        .max(200)
        .describe("The id of the pending authorization request (the consent page's `authorization_id`).")
        .meta({ example: '00000000-0000-4000-8000-000000000002' }),
    });
    const errors = { 404: detailError, 409: detailError, 410: detailError };

    app.get(
      '/mcp/oauth/requests/:authorization_id',
      {
        schema: {
          tags: ['oauth'],
          summary: "A pending authorization request, for the dashboard's consent screen",
          params: requestParams,
          response: { 200: authorizationRequestResponse, ...errors },
        },
      },
      async (request) => {
        try {
          const { request: row, client } = await pendingRequest(deps.db, request.params.authorization_id);
          const meta = client.metadata as { client_uri?: string; logo_uri?: string };
          return {
            id: row.id,
            status: 'pending' as const,
            client: { client_id: client.id, client_name: client.name, client_uri: meta.client_uri ?? null, logo_uri: meta.logo_uri ?? null },
            redirect_uri: row.redirect_uri,
            redirect_host: new URL(row.redirect_uri).host,
            scopes: row.scopes,
            resource: row.resource,
            created_at: row.created_at,
            expires_at: row.expires_at,
          };
        } catch (error) {
          throw notDecidable(error);
        }
      },
    );

    app.post(
      '/mcp/oauth/requests/:authorization_id',
      {
        schema: {
          tags: ['oauth'],
          summary: 'Decide a pending authorization request as the signed-in user',
          description:
            "Approving creates a grant and a single-use code; the answer is where to send the browser: the client's redirect URI with `code`, `state` and `iss` (or `error=access_denied`).",
          params: requestParams,
          body: decisionRequest,
          response: {
            200: z.object({
              redirect_to: z.string().describe("Where to send the browser: the client's redirect address with the code (or the refusal) and state"),
            }),
            ...errors,
          },
        },
      },
      async (request) => {
        try {
          const { redirectTo } = await decide(deps.db, deps.settings, {
            requestId: request.params.authorization_id,
            userId: accountId(request),
            approve: request.body.approve,
            scopes: request.body.scopes,
          });
          return { redirect_to: redirectTo };
        } catch (error) {
          throw notDecidable(error);
        }
      },
    );

    app.get(
      '/mcp/oauth/grants',
      {
        schema: {
          tags: ['oauth'],
          summary: "The applications connected to the caller's account (active grants), newest first",
          response: { 200: grantResponse.array() },
        },
      },
      async (request) => (await grants.listActive(accountId(request))).map(present),
    );

    app.delete(
      '/mcp/oauth/grants/:grant_id',
      {
        schema: {
          tags: ['oauth'],
          summary: 'Disconnect an application: its tokens stop working at once, on every API process',
          params: z.object({
            grant_id: z.string().max(100).describe('A grant id from GET /mcp/oauth/grants.').meta({ example: '00000000-0000-4000-8000-000000000003' }),
          }),
          response: {
            200: z.object({ id: z.string().describe('Id of the grant disconnected'), status: z.literal('revoked').describe('Always revoked') }),
            404: detailError,
          },
        },
      },
      async (request) => {
        const { grant_id } = request.params;
        const row = UUID.test(grant_id) ? await grants.revoke(grant_id, 'revoked by the user', accountId(request)) : null;
        if (!row) throw new HttpError(404, 'Grant not found');
        await deps.revocations.revoked(row.id).catch(() => {
          throw new HttpError(503, 'The grant is revoked but not yet on every server; retry this call', { 'retry-after': '1' });
        });
        return { id: row.id, status: 'revoked' as const };
      },
    );
  };
