/** The dashboard caller's own user row: most account endpoints need it to exist (after /auth/sync). */
import type { FastifyRequest } from 'fastify';
import type { CommonQueryMethods } from 'slonik';
import { UserRepository, type UserRow } from '../../db/users.ts';
import { HttpError } from '../../http/errors.ts';

export const PROFILE_MISSING = 'User profile not found; call POST /api/v1/auth/sync first';

/** The id of the authenticated dashboard user (the bearer hook ran before every route here). */
export function accountId(request: FastifyRequest): string {
  return request.account!.userId;
}

export async function requireUser(db: CommonQueryMethods, request: FastifyRequest): Promise<UserRow> {
  const user = await new UserRepository(db).findById(accountId(request));
  if (!user) throw new HttpError(404, PROFILE_MISSING);
  return user;
}
