/** Response schemas of the report-branding and request-log endpoints (field-reference §11). */
import { z } from 'zod/v4';
import { LOGS_MAX_LIMIT } from '../../config.ts';

export const reportBrandingResponse = z.object({
  has_logo: z.boolean(),
  logo_url: z.string().nullable().describe('Where the owner fetches the stored image (bearer token).'),
  content_type: z.enum(['image/png', 'image/jpeg', 'image/svg+xml']).nullable(),
  size_bytes: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  sha256: z.string().nullable(),
  updated_at: z.string().nullable(),
}).meta({ id: 'ReportBrandingResponse' });

export const logsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LOGS_MAX_LIMIT).default(50).describe(`Most entries, newest first, 1 to ${LOGS_MAX_LIMIT}. Default 50.`),
});

export const logEntry = z.object({
  id: z.string(),
  created_at: z.string(),
  method: z.string(),
  path: z.string(),
  status_code: z.number().int(),
  duration_ms: z.number(),
  api_key_id: z.string().nullable(),
  idempotency_replayed: z.boolean(),
}).meta({ id: 'LogEntry' });
