/**
 * `POST /mcp` and `/mcp/{path_scope}`: the MCP endpoint (Streamable HTTP, stateless, JSON).
 * Every request passes the same gates in order: Origin, credential, families, rate limit; then
 * the SDK serves it with a server built for the caller. A `tools/call` spends one request of the
 * caller's plan and is written to the usage log like a REST call; every answer to an
 * authenticated request carries the X-RateLimit-* headers. GET and DELETE (the 2025 session
 * operations) are 405: there are no sessions.
 */
import { costHeaders, type HeavyAdmission } from '../../http/heavy-admission.ts';
import { FreeMessageRate } from './free-message-rate.ts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { z } from 'zod/v4';
import type { ComputeRunner } from '../../compute/runner.ts';
import type { ApiKeyAuthenticator } from '../../http/api-key-auth.ts';
import { HttpError, isJsonDecodeError } from '../../http/errors.ts';
import { ForbiddenJsonKeyError, JsonTooDeepError } from '../../http/json-body.ts';
import type { PublicBaseUrl } from '../../http/public-base-url.ts';
import { sendRateLimited, type RateDecision, type RateLimiter } from '../../http/rate-limit.ts';
import type { UsageLogWriter } from '../../http/usage-log.ts';
import { jsonObject } from '../../requests/json-object.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { apiKeyCaller, CallerRefusal, type McpCaller } from './caller.ts';
import { toolsOf } from './catalogue.ts';
import { FAMILIES, parseFamilyList, scopeOf, type Family } from './families.ts';
import { originPolicy } from './origin.ts';
import type { McpSession } from './server.ts';
import { mcpExchange } from './transport.ts';

/** Verifies an OAuth access token for /mcp (the authorization server's side, when it is there). */
export interface BearerCallers {
  /** `clientAddress` counts failed lookups against the auth-failure throttle, as for API keys. */
  caller(token: string, clientAddress: string): Promise<McpCaller>;
  /** The `WWW-Authenticate` challenge of a 401 or 403 at /mcp for these families. */
  challenge(families: readonly Family[], error?: { code: string; description: string }): string;
}

export interface McpRouteOptions {
  compute: ComputeRunner;
  authenticator: ApiKeyAuthenticator;
  rateLimiter: RateLimiter;
  /** Admits and charges the heavy work of a tool call, as for REST. */
  heavy?: HeavyAdmission;
  usage: UsageLogWriter;
  baseUrl: PublicBaseUrl;
  allowedOrigins: readonly string[];
  bearer?: BearerCallers;
  onAuthFailure?: (reason: string) => void;
}

const mcpQuery = z.object({
  scope: z.string().max(200).optional().describe('Tool families, comma-separated: western, ephemeris, numerology, charts, chinese, vedic (or astro:<family>)'),
  path_scope: z.string().max(200).optional().describe('The same as the path segment of /mcp/{path_scope}'),
});
const mcpParams = z.object({
  path_scope: z
    .string()
    .max(200)
    .describe(`Tool families, comma-separated: ${FAMILIES.join(', ')}`)
    .meta({ example: 'western,charts' }),
});
const jsonRpcBody = z
  .union([jsonObject(z.unknown()), z.array(jsonObject(z.unknown())).max(50)])
  .describe('A JSON-RPC 2.0 message (MCP), or a batch of them')
  .meta({ example: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });

/**
 * MCP clients read JSON-RPC errors: a body that does not parse gets JSON-RPC's parse error
 * (-32700) and a body that is no JSON-RPC message its invalid request (-32600), with 400, as the
 * protocol's own servers answer them, instead of the REST API's 422. Every other error goes on to
 * the API's handler.
 */
function jsonRpcBodyErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const rpcError = jsonRpcErrorOf(error);
  if (!rpcError) throw error;
  void reply.code(400).send({ jsonrpc: '2.0', error: rpcError, id: null });
}

function jsonRpcErrorOf(error: FastifyError): { code: number; message: string } | undefined {
  if (isJsonDecodeError(error)) return { code: -32700, message: 'Parse error: the body is not valid JSON' };
  if (error instanceof JsonTooDeepError || error instanceof ForbiddenJsonKeyError || (error.validation && error.validationContext === 'body')) {
    return { code: -32600, message: `Invalid Request: ${error.validation ? 'the body is not a JSON-RPC message or a batch of at most 50' : error.message}` };
  }
  return undefined;
}

const METHOD_NOT_ALLOWED = {
  jsonrpc: '2.0',
  error: { code: -32000, message: 'Method not allowed: this endpoint keeps no sessions; send POST requests.' },
  id: null,
};

/** The families a request names, in its path and its query (both narrow); undefined when it names none. */
function requestedFamilies(request: FastifyRequest): Family[] | undefined {
  const params = request.params as { path_scope?: string };
  const query = request.query as z.output<typeof mcpQuery>;
  let families: Family[] | undefined;
  for (const [list, where] of [
    [params.path_scope, 'path'],
    [query.path_scope, 'query'],
    [query.scope, 'query'],
  ] as const) {
    const parsed = parseFamilyList(list);
    if (parsed.unknown) {
      const message = `unknown tool family: ${parsed.unknown.join(', ')}; the families are ${FAMILIES.join(', ')}`;
      if (where === 'path') throw new HttpError(404, `Not Found: ${message}`);
      throw new RequestFieldError(['query', list === query.scope ? 'scope' : 'path_scope'], message, 'value_error.enum');
    }
    if (parsed.families) families = families ? families.filter((f) => parsed.families!.includes(f)) : parsed.families;
  }
  return families;
}

/** Tool calls in a message (or batch) that name a tool the caller sees: those are the billable ones. */
function toolCallsIn(body: unknown, visible: ReadonlySet<string>): string[] {
  const messages = Array.isArray(body) ? body : [body];
  return messages.flatMap((m) => {
    const message = m as { method?: unknown; params?: { name?: unknown } };
    return message?.method === 'tools/call' && typeof message.params?.name === 'string' && visible.has(message.params.name) ? [message.params.name] : [];
  });
}

/** The Fastify request as the web Request the SDK takes (the body goes along parsed). */
function webRequest(request: FastifyRequest, base: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  return new Request(new URL(request.url, base), { method: request.method, headers });
}

async function sendResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'transfer-encoding') reply.header(name, value);
  });
  if (!response.body) return reply.send();
  // An event stream (a subscription) is passed through as it comes; everything else is one JSON body.
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

interface Billing {
  caller: McpCaller;
  session: McpSession;
  tool: string;
}

export const mcpRoutes =
  (options: McpRouteOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const origins = originPolicy(options.baseUrl, options.allowedOrigins);
    const billed = new WeakMap<FastifyRequest, Billing>();
    const freeMessages = new FreeMessageRate();
    const refuse = (reason: string) => options.onAuthFailure?.(reason);

    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (origin !== undefined) {
        if (!origins.isAllowed(origin)) throw new HttpError(403, 'Origin not allowed');
        origins.cors(reply, origin, request.method === 'OPTIONS');
      }
      // URLs end up in logs and histories: OAuth 2.1 takes tokens in the Authorization header only.
      const query = request.url.indexOf('?');
      if (query !== -1 && new URLSearchParams(request.url.slice(query + 1)).has('access_token')) {
        throw new HttpError(400, 'Tokens in the query string are not accepted: send the token in the Authorization header', {
          'www-authenticate': 'Bearer error="invalid_request", error_description="Tokens in the query string are not accepted"',
        });
      }
    });

    /** A 401 or 403 at /mcp, with the challenge OAuth clients discover the authorization server from. */
    const authError = (status: 401 | 403, detail: string, families: readonly Family[], error?: { code: string; description: string }) =>
      new HttpError(status, detail, options.bearer ? { 'www-authenticate': options.bearer.challenge(families, error) } : {});

    async function authenticate(request: FastifyRequest, families: readonly Family[]): Promise<McpCaller> {
      const header = request.headers['x-api-key'];
      const secret = (Array.isArray(header) ? header[0] : header)?.trim();
      const authorization = request.headers.authorization;
      try {
        if (secret) return await apiKeyCaller(options.authenticator, secret, request.ip);
        if (authorization && options.bearer) {
          const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
          if (!match) throw new CallerRefusal(401, 'Invalid token', 'invalid_token');
          return await options.bearer.caller(match[1]!, request.ip);
        }
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429) refuse('throttled');
        if (!(error instanceof CallerRefusal)) throw error;
        refuse(error.reason);
        throw error.status === 401
          ? authError(401, error.detail, families, { code: 'invalid_token', description: error.detail })
          : new HttpError(error.status, error.detail);
      }
      refuse('missing_key');
      throw authError(401, options.bearer ? 'Not authenticated: send an API key in x-api-key or an OAuth access token' : 'Missing API key', families);
    }

    /** The families the request shows: those it names (all when it names none) that the credential opens. */
    function visibleFamilies(named: Family[] | undefined, caller: McpCaller): Family[] {
      if (!named) return [...caller.families];
      const missing = named.filter((f) => !caller.families.includes(f));
      if (missing.length) {
        refuse('insufficient_scope');
        throw authError(403, `Insufficient scope: this token does not grant ${missing.map(scopeOf).join(', ')}`, missing, {
          code: 'insufficient_scope',
          description: 'The token does not grant the requested tool families',
        });
      }
      return named;
    }

    async function serve(request: FastifyRequest, reply: FastifyReply) {
      const named = requestedFamilies(request);
      const caller = await authenticate(request, named ?? FAMILIES);
      const families = visibleFamilies(named, caller);
      const visible = new Set(toolsOf(families).map((t) => t.name));
      const calls = request.method === 'POST' ? toolCallsIn(request.body, visible) : [];
      if (calls.length > 1) {
        return reply.code(400).send({ jsonrpc: '2.0', error: { code: -32600, message: 'One tools/call per request: send the calls one by one.' }, id: null });
      }
      const decision: RateDecision | 'revoked' = await options.rateLimiter.take(caller.quota, calls.length ? 1 : 0);
      if (decision === 'revoked') {
        // Revoked on another process a moment ago: its invalidation has not reached our cache yet.
        caller.forget();
        refuse('revoked');
        throw authError(401, caller.keyId ? 'Invalid API key' : 'Invalid token', families, {
          code: 'invalid_token',
          description: 'The credential was revoked',
        });
      }
      request.rate = { decision, pending: false };
      if (decision.outcome === 'rps_exceeded') return sendRateLimited(reply, decision);
      if (!calls.length && !freeMessages.admit(`${caller.userId}:${caller.keyId ?? 'oauth'}`, caller.quota.rpsLimit)) {
        const second = { limit: caller.quota.rpsLimit ?? 0, remaining: 0 };
        return sendRateLimited(reply, { ...decision, outcome: 'rps_exceeded', retryAfterSeconds: 1, second });
      }
      if (request.method !== 'POST') return reply.code(405).header('allow', 'POST, OPTIONS').send(METHOD_NOT_ALLOWED);

      const computeCaller = options.heavy?.callerOf(
        { userId: caller.userId, planCode: caller.planCode, quota: caller.quota },
        {
          onCost: costHeaders(reply),
          onCharged: (charged) => {
            if (charged !== 'revoked') request.rate = { decision: { ...charged, second: decision.second }, pending: false };
          },
        },
      );
      const session: McpSession = {
        services: { compute: options.compute },
        computeCaller,
        families,
        limitPeriod: caller.quota.limitPeriod,
        charge: calls.length ? decision : null,
        logError: (error, message) => request.log.error({ err: error }, message),
      };
      if (calls.length) billed.set(request, { caller, session, tool: calls[0]! });
      const authInfo = { ...caller.authInfo, extra: { ...caller.authInfo.extra, session } };
      return sendResponse(reply, await mcpExchange(webRequest(request, options.baseUrl()), request.body, authInfo));
    }

    // The usage log: one row per tools/call, named after the tool, with the status REST would have
    // answered (a call the SDK refused for its arguments never reached the tool: 422).
    app.addHook('onResponse', (request, reply, done) => {
      const bill = billed.get(request);
      if (!bill) return done();
      const quotaExhausted = bill.session.charge?.outcome === 'quota_exceeded';
      const status = bill.session.outcome?.status ?? (quotaExhausted ? 429 : reply.statusCode === 200 ? 422 : reply.statusCode);
      options.usage.record({
        userId: bill.caller.userId,
        apiKeyId: bill.caller.keyId,
        method: 'POST',
        path: `/mcp/tools/${bill.session.outcome?.tool ?? bill.tool}`,
        statusCode: status,
        durationMs: reply.elapsedTime,
        replayed: false,
        startedAt: Date.now() - reply.elapsedTime,
      });
      done();
    });

    const security: Record<string, string[]>[] = [{ apiKey: [] }, { mcpOAuth: [] }];
    const description =
      'Model Context Protocol over Streamable HTTP (stateless: any API process answers any request; JSON responses). Authenticate with `x-api-key` or an OAuth access token (`authorization: Bearer`). The path segment and `scope` narrow the tools to families (western, ephemeris, numerology, charts, chinese, vedic). Each `tools/call` counts as one request of the plan. As the protocol asks, a request accepts both `application/json` and `text/event-stream` (`Accept` header), or gets 406.';
    // The API's CORS (any site by default) stays off these routes: the Origin hook above answers
    // browsers here, own and configured origins only, preflights included.
    const config = { cors: false } as const;
    for (const url of ['/mcp', '/mcp/:path_scope']) {
      const params = url === '/mcp' ? {} : { params: mcpParams };
      app.post(
        url,
        {
          config,
          schema: {
            tags: ['mcp'],
            summary: 'MCP endpoint: JSON-RPC requests and notifications',
            description,
            querystring: mcpQuery,
            ...params,
            body: jsonRpcBody,
            security,
          },
          errorHandler: jsonRpcBodyErrors,
        },
        serve,
      );
      app.route({
        method: ['GET', 'DELETE'],
        url,
        config,
        schema: { tags: ['mcp'], summary: 'No sessions here: 405 once authenticated', querystring: mcpQuery, ...params, security },
        handler: serve,
      });
      app.options(url, { config, schema: { hide: true } }, (_request, reply) => reply.code(204).send());
    }
  };
