/** Response schemas of the report-branding and request-log endpoints (field-reference §11). */
import { z } from 'zod/v4';
import { LOGS_MAX_LIMIT } from '../../config.ts';

export const reportBrandingResponse = z
  .object({
    has_logo: z.boolean().describe('True when a logo is stored; the other fields are null otherwise'),
    logo_url: z.string().nullable().describe('Where the owner fetches the stored image (bearer token).'),
    content_type: z.enum(['image/png', 'image/jpeg', 'image/svg+xml']).nullable().describe('Media type found from the image bytes'),
    size_bytes: z.number().int().nullable().describe('Size of the stored image in bytes (an SVG after cleaning)'),
    width: z.number().int().nullable().describe('Width in pixels; null also for an SVG that gives no size'),
    height: z.number().int().nullable().describe('Height in pixels; null also for an SVG that gives no size'),
    sha256: z.string().nullable().describe('SHA-256 of the stored bytes, hexadecimal'),
    updated_at: z.string().nullable().describe('When the logo was stored, ISO 8601 UTC'),
  })
  .meta({ id: 'ReportBrandingResponse' });

export const logsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LOGS_MAX_LIMIT).default(50).describe(`Most entries, newest first, 1 to ${LOGS_MAX_LIMIT}. Default 50.`),
});

export const logEntry = z
  .object({
    id: z.string().describe('Id of the log entry'),
    created_at: z.string().describe('When the request arrived, ISO 8601 UTC, to the millisecond'),
    method: z.string().describe('HTTP method of the request'),
    path: z.string().describe('Path of the request, without the query string'),
    status_code: z.number().int().describe('HTTP status of the answer (499 when the client went away before it was sent)'),
    duration_ms: z.number().describe('Time the service took to answer, milliseconds'),
    api_key_id: z.string().nullable().describe('Id of the API key used; null for an MCP OAuth access token'),
    api_key_name: z.string().nullable().describe('Name of the API key used, as given when it was made; null for an MCP OAuth access token'),
    idempotency_replayed: z.boolean().describe('True when a stored answer was sent again for a repeated Idempotency-Key'),
  })
  .meta({ id: 'LogEntry' });
