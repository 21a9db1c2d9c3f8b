/** Operator login and logout (field-reference §11 "Admin"). */
import { z } from 'zod/v4';
import { MAX_PASSWORD_LENGTH } from './password.ts';

export const adminLoginRequest = z
  .object({
    username: z.string().min(1).max(100).describe('ADMIN_USERNAME.'),
    password: z.string().min(1).max(MAX_PASSWORD_LENGTH).describe('The password whose Argon2id hash is ADMIN_PASSWORD_HASH.'),
  })
  .meta({ id: 'AdminLoginRequest', example: { username: 'admin', password: 'the operator passphrase' } });

export const adminLoginResponse = z
  .object({
    token: z.string().describe('Send as `authorization: Bearer <token>` on the admin paths.'),
    token_type: z.literal('bearer').describe('Always bearer'),
    expires_at: z.string().describe('When the session ends, ISO 8601 UTC'),
  })
  .meta({ id: 'AdminLoginResponse' });

export const logoutResponse = z.object({ status: z.literal('logged_out').describe('The session token no longer works') });
