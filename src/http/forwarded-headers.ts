/**
 * Behind a proxy the service reads the client's address from X-Forwarded-For only when
 * TRUST_PROXY trusts the proxy. Forwarding headers that arrive and are ignored mean that every
 * client of that proxy is one address to every per-address limit (failed key lookups, operator
 * logins, connections per client, OAuth registrations): one client guessing keys then throttles
 * all the others. The first such request is logged, once per process, naming the setting.
 */
import type { FastifyInstance } from 'fastify';

export const IGNORED_FORWARDING_MESSAGE =
  "requests arrive with forwarding headers (X-Forwarded-For, Forwarded) from a proxy that TRUST_PROXY does not trust: every client behind it counts as one address for the per-address limits; set TRUST_PROXY to the proxy's address, CIDR or number of hops (docs/deployment.md)";

export function registerForwardedHeaderWarning(app: FastifyInstance): void {
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    // request.ip is the socket's address exactly when the headers were not trusted.
    if (
      !warned &&
      (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) &&
      request.ip === request.socket.remoteAddress
    ) {
      warned = true;
      request.log.warn({ proxy: request.socket.remoteAddress }, IGNORED_FORWARDING_MESSAGE);
    }
    done();
  });
}
