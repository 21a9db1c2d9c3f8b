/**
 * A path the API serves, asked for with a method it does not take (GET on a POST endpoint,
 * DELETE on a report job): 405 with `Allow`, as the public service's framework answers, rather
 * than a 404 that says the path does not exist. The routes are mirrored, as they are declared,
 * in a router of their own that only answers which methods a path has.
 */
import FindMyWay from 'find-my-way';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// OPTIONS is left out: the CORS preflight route answers it on every path, which says nothing of the path.
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export function trackRouteMethods(app: FastifyInstance): (request: FastifyRequest) => string[] {
  // Any parameter length: a long job id on the wrong method is still a 405, not a 404.
  const router = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 100_000 });
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (!(METHODS as readonly string[]).includes(method) || router.find(method as never, route.url) !== null) continue;
      router.on(method as never, route.url, () => undefined);
    }
  });
  /** The methods the request's path is served with (none: the path does not exist). */
  return (request) => {
    const path = request.url.split('?')[0]!;
    return METHODS.filter((method) => router.find(method, path) !== null);
  };
}
