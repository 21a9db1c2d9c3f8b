/**
 * One MCP exchange over Streamable HTTP, stateless: 2026-07-28 requests go to the SDK's handler,
 * which builds a fresh server per request; 2025-era requests (initialize, then calls without
 * the per-request envelope) to a fresh server on a session-less transport. Both answer in JSON:
 * the tools send no progress notifications, so there is nothing to stream.
 */
import { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport, type AuthInfo, type McpHttpHandler } from '@modelcontextprotocol/server';
import { buildMcpServer, type McpSession } from './server.ts';

/** The session travels to the server factory in the request's auth info (the SDK's way to vary a server by caller). */
const sessionOf = (authInfo: AuthInfo | undefined): McpSession => {
  const session = authInfo?.extra?.session as McpSession | undefined;
  if (!session) throw new Error('MCP request without a session');
  return session;
};

/**
 * The handler holds no state between requests. It is made once per process: creating one in JSON
 * mode prints a notice (mid-call notifications are dropped, which ours never send).
 */
let modern: McpHttpHandler | undefined;
const modernHandler = () => (modern ??= createMcpHandler((ctx) => buildMcpServer(sessionOf(ctx.authInfo)), { legacy: 'reject', responseMode: 'json' }));

async function legacyExchange(request: Request, parsedBody: unknown, authInfo: AuthInfo): Promise<Response> {
  const server = buildMcpServer(sessionOf(authInfo));
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody, authInfo });
  } finally {
    void transport.close().catch(() => {});
    void server.close().catch(() => {});
  }
}

/** `request` carries the method, URL and headers; the body arrives parsed (Fastify read it under its limit). */
export async function mcpExchange(request: Request, parsedBody: unknown, authInfo: AuthInfo): Promise<Response> {
  if (await isLegacyRequest(request, parsedBody)) return legacyExchange(request, parsedBody, authInfo);
  return modernHandler().fetch(request, { parsedBody, authInfo });
}
