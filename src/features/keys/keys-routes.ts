/**
 * The dashboard's API key endpoints. A key's secret is shown once, in the answer that creates it;
 * only its SHA-256 is stored. Every query is scoped to the caller: another user's key id is
 * answered exactly like an unknown one (404), so ids cannot be probed.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { ApiKeyRepository, type ApiKeyRow } from '../../db/api-keys.ts';
import { HttpError } from '../../http/errors.ts';
import type { KeyRevocations } from '../../http/key-revocation.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { accountId, PROFILE_MISSING } from '../auth/account-user.ts';
import { conflictError, detailError } from '../auth/auth-schemas.ts';
import { createKeyForUser, DeletedAccountError, KeyLimitError, UnknownUserError } from './keys-service.ts';
import { createKeyRequest, keyIdParams, keyResponse, revokedResponse } from './keys-schemas.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A key past its expiry is shown as `expired` (the stored status stays `active`: nothing revoked it). */
const statusOf = (row: ApiKeyRow): 'active' | 'expired' | 'revoked' => {
  if (row.status !== 'active') return 'revoked';
  return row.expires_at && Date.parse(row.expires_at) <= Date.now() ? 'expired' : 'active';
};

const present = (row: ApiKeyRow) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  status: statusOf(row),
  created_at: row.created_at,
  last_used_at: row.last_used_at,
  revoked_at: row.revoked_at,
  expires_at: row.expires_at,
});

export const keyRoutes =
  (deps: { db: DatabasePool; revocations: KeyRevocations; maxActivePerUser: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const keys = new ApiKeyRepository(deps.db);

    app.post(
      '/api/v1/auth/keys',
      {
        schema: {
          tags: ['keys'],
          summary: 'Create an API key (the secret is in this answer only)',
          body: createKeyRequest,
          response: { 200: keyResponse, 404: detailError, 409: conflictError },
        },
      },
      async (request, reply) => {
        const { name, expires_at } = request.body;
        // The pattern lets through offsets like +99:00: only what parses is an instant, and the
        // database gets it in UTC (it refuses offsets beyond ±15:59, which parse here).
        const expiresMs = expires_at ? Date.parse(expires_at) : undefined;
        if (expiresMs !== undefined && Number.isNaN(expiresMs))
          throw new RequestFieldError(['body', 'expires_at'], 'expires_at is not a valid instant', 'value_error.datetime');
        if (expiresMs !== undefined && expiresMs <= Date.now()) throw new RequestFieldError(['body', 'expires_at'], 'expires_at must be in the future');
        try {
          const expiresAt = expiresMs === undefined ? expires_at : new Date(expiresMs).toISOString();
          const created = await createKeyForUser(deps.db, { userId: accountId(request), name, expiresAt, maxActive: deps.maxActivePerUser });
          return { ...present(created), key: created.key };
        } catch (error) {
          if (error instanceof UnknownUserError) throw new HttpError(404, PROFILE_MISSING);
          if (error instanceof DeletedAccountError) throw new HttpError(401, error.message);
          if (error instanceof KeyLimitError) return reply.code(409).send({ error: 'key_limit_reached', detail: error.message });
          throw error;
        }
      },
    );

    app.get(
      '/api/v1/auth/keys',
      {
        schema: {
          tags: ['keys'],
          summary: "The caller's API keys, newest first (never the secrets)",
          response: { 200: keyResponse.omit({ key: true }).array() },
        },
      },
      async (request) => (await keys.listForUser(accountId(request))).map(present),
    );

    app.delete(
      '/api/v1/auth/keys/:key_id',
      {
        schema: {
          tags: ['keys'],
          summary: "Revoke one of the caller's API keys (at once, on every API process)",
          params: keyIdParams,
          response: { 200: revokedResponse, 404: detailError },
        },
      },
      async (request) => {
        const { key_id } = request.params;
        const row = UUID.test(key_id) ? await keys.revoke(accountId(request), key_id) : null;
        if (!row) throw new HttpError(404, 'API key not found');
        // Revoked in the database already; a retry of this call repeats the propagation.
        await deps.revocations.revoked(row.id, row.key_hash).catch(() => {
          throw new HttpError(503, 'The key is revoked but not yet on every server; retry this call', { 'retry-after': '1' });
        });
        return { id: row.id, status: 'revoked' as const };
      },
    );
  };
