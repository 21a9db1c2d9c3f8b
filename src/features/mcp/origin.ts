/**
 * Browser access to /mcp. A request with an Origin header comes from a web page: it is served only
 * when that origin is the service's own or one the deployment allows (MCP_ALLOWED_ORIGINS), which
 * keeps a page a user happens to visit (or a DNS-rebinding trick) from driving the endpoint.
 * Requests without Origin are not made by browsers and pass. Allowed origins get the CORS headers
 * a browser client needs to read answers and challenges.
 */
import type { FastifyReply } from 'fastify';
import type { PublicBaseUrl } from '../../http/public-base-url.ts';

const ALLOW_HEADERS = 'Authorization, Content-Type, Accept, X-Api-Key, MCP-Protocol-Version, Mcp-Session-Id, Mcp-Method, Mcp-Name, Last-Event-ID';
const EXPOSE_HEADERS = 'WWW-Authenticate, Mcp-Session-Id, MCP-Protocol-Version, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After';

export function originPolicy(baseUrl: PublicBaseUrl, allowed: readonly string[]) {
  const any = allowed.includes('*');
  const isAllowed = (origin: string) => any || origin === new URL(baseUrl()).origin || allowed.includes(origin);
  return {
    isAllowed,
    /** CORS headers of an allowed cross-origin request (and of its preflight, with `preflight`). */
    cors(reply: FastifyReply, origin: string, preflight = false) {
      reply.header('access-control-allow-origin', origin).header('vary', 'Origin').header('access-control-expose-headers', EXPOSE_HEADERS);
      if (preflight) {
        reply
          .header('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS')
          .header('access-control-allow-headers', ALLOW_HEADERS)
          .header('access-control-max-age', '600');
      }
    },
  };
}
