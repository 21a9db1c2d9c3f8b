/**
 * Response compression for the clients that ask for it (`Accept-Encoding: br`, `gzip`,
 * `deflate`), above COMPRESSION_THRESHOLD_BYTES: JSON, problem documents, SVG images and the
 * streamed CSV and NDJSON exports. A stream is compressed as it goes (piped through zlib), so an
 * export stays streamed and its memory flat. Clients that do not ask get the same bytes as
 * before; the hook costs them one header lookup.
 *
 * The hook runs after the service's own onSend hooks, so the idempotency store keeps the
 * uncompressed answer and a retry gets it in the encoding that retry asks for. Compressed
 * request bodies are not accepted (a 1 MiB body limit means little after inflation).
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Text types worth compressing; NDJSON is not one of the plugin's defaults. */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/](?:x-nd)?json(?:;|$)|[+/]xml(?:;|$)/u;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip', 'deflate'],
    customTypes: COMPRESSIBLE,
  });
}
