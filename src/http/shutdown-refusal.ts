/**
 * Requests that arrive while the server is closing (on a connection that was busy when SIGTERM
 * came) are refused with the service's own shape: `503 {"detail": ...}`, `Retry-After` and
 * `Connection: close`, not the framework's `{error, message, statusCode}` (its
 * `return503OnClosing` is off for this), so a client reads one error shape and retries elsewhere.
 */
import type { FastifyInstance } from 'fastify';

const RETRY_AFTER_SECONDS = 1;

export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    return reply
      .code(503)
      .headers({ 'retry-after': String(RETRY_AFTER_SECONDS), connection: 'close' })
      .send({ detail: 'The server is shutting down; retry later' });
  });
}
