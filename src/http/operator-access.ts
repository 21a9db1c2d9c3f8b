/**
 * Who may read what the operations endpoints know beyond up/down: the Prometheus metrics and the
 * readiness errors (driver messages name hosts, users and databases). With OPS_TOKEN set, callers
 * that send it as a bearer token, from anywhere; without it, only clients connected from this
 * machine's loopback (the socket's own address: forwarded headers are not believed).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const digest = (text: string) => createHash('sha256').update(text).digest();

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

export function isLoopback(address: string | undefined): boolean {
  return address !== undefined && LOOPBACK.test(address);
}

export type OperatorCheck = (request: FastifyRequest) => 'operator' | 'token_required' | 'loopback_only';

export function operatorCheck(token: string | undefined): OperatorCheck {
  const expected = token ? digest(token) : undefined;
  return (request) => {
    if (!expected) return isLoopback(request.socket.remoteAddress) ? 'operator' : 'loopback_only';
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(request.headers.authorization ?? '');
    // Digests of equal length: the comparison takes the same time whatever the guess.
    return match && timingSafeEqual(digest(match[1]!), expected) ? 'operator' : 'token_required';
  };
}
