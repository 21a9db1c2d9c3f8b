/**
 * The API reference at /docs, and the OpenAPI document it reads at /openapi.json.
 *
 * The reference is Scalar's (@scalar/fastify-api-reference): a sidebar of the families, a search,
 * and request examples in curl, JavaScript and Python for every operation, with a "Test Request"
 * that sends them. Its script is the one the package ships, served from here (no CDN, no font
 * service, no telemetry: it works offline and behind a firewall).
 *
 * The document is served compact (openapi-compact.ts: under half the size, nothing lost),
 * compressed once at better settings than each request could afford, and with an ETag, so that a
 * browser coming back revalidates it in one small request. The same goes for Scalar's script
 * (4.9 MB as shipped, about 1.2 MB in Brotli). `/docs/json`, where Swagger UI used to serve the
 * document, serves it too.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ifNoneMatchMatches } from './if-none-match.ts';
import { compactOpenApi } from './openapi-compact.ts';

const PAGE_TITLE = 'API reference · Astrology calculation service';
/** How long after its page the document is made when no script request has come first. */
const SCRIPT_FIRST_MS = 500;
/** The user agent of the service's own request for the script when it starts (prepareApiReference). */
const PREPARING = 'astro-reference-preparation';
const PAGE_PATH = '/docs/';
const SCRIPT_PATH = '/docs/js/scalar.js';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A body with its ETag, and its Brotli and gzip forms once they are made (on the thread pool, at
 * better settings than each answer could afford); until then the service's usual compression
 * (compression.ts) compresses it as any answer.
 */
interface Served {
  etag: string;
  type: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function prepare(text: string, type: string): Served {
  const identity = Buffer.from(text);
  const served: Served = { etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`, type, identity };
  // Brotli quality 5: within 5 % of quality 9's size in under half its time (measured on the script).
  void brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }).then(
    (br) => (served.br = br),
  );
  void gzip(identity, { level: 9 }).then((gz) => (served.gzip = gz));
  return served;
}

/** Sets the answer's status and headers for `served`, and gives its body: empty for a `304`. */
function answer(request: FastifyRequest, reply: FastifyReply, served: Served, cacheControl: string): Buffer {
  reply.header('etag', served.etag).header('cache-control', cacheControl).header('vary', 'accept-encoding').type(served.type);
  if (ifNoneMatchMatches(request.headers['if-none-match'], served.etag)) {
    reply.code(304);
    return Buffer.alloc(0);
  }
  const header = request.headers['accept-encoding'];
  const encoding = header ? negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ['br', 'gzip']) : undefined;
  const compressed = encoding === 'br' || encoding === 'gzip' ? served[encoding] : undefined;
  if (!compressed) return served.identity;
  reply.header('content-encoding', encoding);
  return compressed;
}

/** Scalar's script, the same in every server of the process: prepared once, by the service's start or when first asked for. */
let script: Served | undefined;

/**
 * Prepares Scalar's script (compressed on the thread pool) in a service process that has started
 * listening, so that its first visitor is not the one who waits for it (about a second on a fresh
 * server). Called by the server's start, not on every app built: the tests build some hundred apps,
 * and each preparation costs a third of a CPU second.
 */
export function prepareApiReference(app: FastifyInstance): void {
  setImmediate(
    () =>
      void app
        .inject({ method: 'GET', url: SCRIPT_PATH, headers: { 'user-agent': PREPARING } })
        .catch((error: unknown) => app.log.warn({ err: error }, 'the reference script could not be prepared')),
  );
}

/**
 * `publicBaseUrl`: where the API is reached from outside (PUBLIC_BASE_URL), named as the document's
 * server so that a copied example names it; without it, the examples and "Test Request" use the
 * address the page was loaded from.
 */
export async function registerApiReference(app: FastifyInstance, options: { publicBaseUrl?: string | undefined }): Promise<void> {
  // The document is complete once every route is registered: made when first asked for (the
  // reference's page asks for it as it is loaded, while the browser fetches the script).
  let document: Served | undefined;
  const servers = options.publicBaseUrl ? [{ url: options.publicBaseUrl, description: 'This service' }] : undefined;
  const openApiDocument = () =>
    (document ??= prepare(JSON.stringify({ ...compactOpenApi(app.swagger() as never), ...(servers && { servers }) }), 'application/json; charset=utf-8'));
  // Outside a request, a document that cannot be made is logged (the next request answers 500 with it).
  const warmDocument = () => {
    try {
      openApiDocument();
    } catch (error) {
      app.log.error({ err: error }, 'the OpenAPI document could not be made');
    }
  };
  // Revalidated on each use (no-cache): a new version of the service may document more.
  const serveDocument = async (request: FastifyRequest, reply: FastifyReply) => reply.send(answer(request, reply, openApiDocument(), 'public, no-cache'));
  app.get('/openapi.json', { schema: { hide: true } }, serveDocument);
  app.get('/docs/json', { schema: { hide: true } }, serveDocument);

  await app.register(async (scope) => {
    // Scalar's own route sends its script uncompressed and without validators: sent prepared instead.
    scope.addHook('onSend', async (request, reply, payload) => {
      if (request.routeOptions.url !== SCRIPT_PATH || typeof payload !== 'string') return payload;
      return answer(request, reply, (script ??= prepare(payload, 'application/javascript; charset=utf-8')), 'public, max-age=86400');
    });
    // A visitor's page asks for the document once the script has run. Made on the event loop (about a second), it is
    // made after the script has been sent, while the browser runs it; a browser holding the script in its cache asks
    // for no script, and the document is made a little after its page.
    scope.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode !== 200) return;
      if (request.routeOptions.url === PAGE_PATH) setTimeout(warmDocument, SCRIPT_FIRST_MS).unref();
      else if (request.routeOptions.url === SCRIPT_PATH && request.headers['user-agent'] !== PREPARING) setImmediate(warmDocument);
    });
    await scope.register(scalar, {
      routePrefix: '/docs',
      configuration: {
        url: '/openapi.json',
        // Without a public address, requests go to the page's own origin.
        ...(!servers && { servers: [{ url: '', description: 'This service' }] }),
        pageTitle: PAGE_TITLE,
        metaData: { title: PAGE_TITLE },
        // Offline: no fonts from Scalar's servers, no telemetry, no hosted client or assistant.
        withDefaultFonts: false,
        telemetry: false,
        hideClientButton: true,
        showDeveloperTools: 'never',
        agent: { disabled: true },
        mcp: { disabled: true },
        // The generated component names are not a reading of their own: the fields are shown in place.
        hideModels: true,
        defaultOpenAllTags: true,
        defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
        featuredClients: ['shell/curl', 'js/fetch', 'python/requests'],
        authentication: { preferredSecurityScheme: 'apiKey' },
        documentDownloadType: 'json',
      } as never,
    });
  });
}
