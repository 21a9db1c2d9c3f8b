/**
 * Sends JSON that a compute task already serialised. The route's response schema still
 * documents the shape (OpenAPI) and the contract tests check it; re-validating every response
 * on the event loop would cost more than computing the chart.
 */
import type { FastifyReply } from 'fastify';

export function sendJsonBytes(reply: FastifyReply, bytes: Buffer) {
  return reply.type('application/json; charset=utf-8').send(bytes);
}
