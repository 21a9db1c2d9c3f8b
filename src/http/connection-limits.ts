/**
 * What one client may hold of the server: how long its request may take to arrive, how long its
 * connection may sit idle, how many connections it may open at once. A client that sends one
 * byte every few seconds must not keep a socket (and its memory) for ever, nor may a thousand of
 * them from one address.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** The Fastify/Node server options that bound slow clients. */
export function serverTimeouts(config: Config) {
  const requestTimeout = config.REQUEST_TIMEOUT_MS;
  return {
    // The whole request (headers and body) must have arrived by then: 408 and the connection closes.
    requestTimeout,
    // A socket that neither sends nor reads anything for this long is closed (slow readers too).
    connectionTimeout: config.IDLE_TIMEOUT_MS,
    // How long an idle keep-alive connection waits for its next request.
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      // Node checks headersTimeout against the requestTimeout it is created with.
      requestTimeout,
      // Headers must arrive sooner than the whole request.
      headersTimeout: Math.min(config.HEADERS_TIMEOUT_MS, requestTimeout),
      // How often Node looks for requests past those deadlines: a fraction of the shortest one.
      connectionsCheckingInterval: Math.max(250, Math.min(30_000, Math.floor(Math.min(config.HEADERS_TIMEOUT_MS, requestTimeout) / 4))),
    },
  };
}

/**
 * An answer sent before the request's body has arrived (401, 403, 413, 429 from the hooks that
 * run first) closes the connection: otherwise Node keeps reading, and discarding, the rest of a
 * body the client may drip for as long as it likes.
 */
export function closeAfterEarlyAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) {
  if (!request.raw.complete) reply.header('connection', 'close');
  done(null, payload);
}

/** IPv4 as is (IPv4-mapped IPv6 unwrapped); IPv6 by its /64, which one client usually holds whole. */
export function clientAddressKey(address: string | undefined): string {
  if (!address) return '';
  if (address.startsWith('::ffff:') && address.includes('.')) return address.slice(7);
  if (!address.includes(':')) return address;
  const [head] = address.split('::');
  const groups = head!.split(':').filter(Boolean);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/**
 * A connection that has not sent a byte `ms` after it opened is closed. Node's deadlines for
 * headers and requests start with the first byte, so they never end such a connection; its
 * socket idle timer does in principle, but nothing else here depends on it. The bytes are
 * counted by the socket's handle (the HTTP parser reads them natively, without 'data' events).
 */
export function closeSilentConnections(server: Server, ms: number): void {
  if (ms <= 0) return;
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, ms);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}

const TOO_MANY = JSON.stringify({ detail: 'Too many connections from this address' });
const TOO_MANY_RESPONSE = `HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(TOO_MANY)}\r\nRetry-After: 1\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${TOO_MANY}`;

/**
 * At most `max` open connections per client address (0: no cap). The socket's own address is
 * counted: behind a reverse proxy every connection comes from the proxy, so set the cap above
 * the proxy's connection pool there, or 0.
 */
export function capConnectionsPerClient(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const key = clientAddressKey(socket.remoteAddress);
    const count = (open.get(key) ?? 0) + 1;
    if (count > max) {
      // Nothing of what it sends is read: the answer goes out, then the socket closes.
      socket.pause();
      socket.end(TOO_MANY_RESPONSE, () => socket.destroy());
      setTimeout(() => socket.destroy(), 2000).unref();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
