/** Request and response schemas of the API key endpoints (field-reference §11 "Keys and account"). */
import { z } from 'zod/v4';
import { storableText } from '../../requests/storable-text.ts';

export const createKeyRequest = z
  .object({
    name: storableText().trim().min(1).max(100).describe('A label for the key, 1 to 100 characters.'),
    expires_at: z.iso.datetime({ offset: true }).nullable().optional().describe('ISO 8601 instant after which the key stops working; must be in the future.'),
  })
  .meta({ id: 'CreateKeyRequest', example: { name: 'production' } });

export const keyResponse = z
  .object({
    id: z.string().describe('Id of the key, to revoke it'),
    name: z.string().describe('The label given when the key was made'),
    prefix: z.string().describe('The first characters of the key, to recognise it; never enough to use it.'),
    key: z.string().optional().describe('The secret: present only in the answer that created the key.'),
    status: z.enum(['active', 'expired', 'revoked']).describe('active: works; expired: past expires_at; revoked: turned off by its owner'),
    created_at: z.string().describe('When the key was made, ISO 8601 UTC'),
    last_used_at: z
      .string()
      .nullable()
      .describe('When the key last authenticated a request, ISO 8601 UTC (written in batches, so it can lag a little); null: never used'),
    revoked_at: z.string().nullable().describe('When the key was revoked, ISO 8601 UTC; null while not revoked'),
    expires_at: z.string().nullable().describe('When the key stops working, ISO 8601 UTC; null: it does not expire'),
  })
  .meta({ id: 'KeyResponse' });

export const keyIdParams = z.object({
  key_id: z.string().max(100).describe('A key id from GET /api/v1/auth/keys.').meta({ example: '00000000-0000-4000-8000-000000000004' }),
});
export const revokedResponse = z.object({ id: z.string().describe('Id of the key revoked'), status: z.literal('revoked').describe('Always revoked') });
