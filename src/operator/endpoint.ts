/**
 * The embedded server's operator endpoint: the way a command run next to the server reaches the
 * database that the server holds. Commands never share the server's database session; they ask
 * the server to run a named operation (operations.ts) in its own process, like any other
 * request it serves.
 *
 * It listens on loopback, on a port of the system's choosing, and wants the bearer token that the
 * server writes with the port into DATA_DIR/owner.json (readable by its user only): whoever may
 * read the database files may run the operations, nobody else.
 */
import http from 'node:http';
import net from 'node:net';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isOperationName, OperationRefused, runOperation, type OperationDatabase } from './operations.ts';

const MAX_BODY_BYTES = 64 * 1024;
/**
 * How long a closing endpoint waits before it ends connections with no request in them. A command
 * connected a moment before the close may have its request still unread in the socket: ending
 * that connection at once would leave the command unsure whether its operation ran. Within this
 * time the request is read and refused as `closing`, which the command knows is safe to retry.
 */
const CLOSING_GRACE_MS = 1_000;
/** The refusal of a request that reached a closing endpoint: nothing ran. */
export const CLOSING = 'closing';
const digest = (value: string) => createHash('sha256').update(value).digest();

export interface OperatorEndpoint {
  control: { url: string; token: string };
  close(): Promise<void>;
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new OperationRefused('invalid_input', 'request too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startOperatorEndpoint(
  db: OperationDatabase,
  log: { info(fields: object, message: string): void; error(fields: object, message: string): void },
): Promise<OperatorEndpoint> {
  const token = randomBytes(32).toString('base64url');
  let closing = false;
  // Once closing, every answer ends its connection, so the close does not wait on idle ones.
  const send = (response: http.ServerResponse, status: number, body: unknown): void => {
    if (closing) response.setHeader('connection', 'close');
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const answer = async (request: http.IncomingMessage, response: http.ServerResponse): Promise<void> => {
    if (closing) return send(response, 503, { error: CLOSING, message: 'the server is stopping' });
    const given = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!timingSafeEqual(digest(given), digest(token))) return send(response, 401, { error: 'unauthorized', message: 'wrong or missing token' });
    const name = request.url?.match(/^\/operations\/([a-z.-]+)$/)?.[1];
    if (request.method !== 'POST' || !name || !isOperationName(name)) return send(response, 404, { error: 'not_found', message: 'no such operation' });
    try {
      const text = await readBody(request);
      const result = await runOperation(db, name, text ? JSON.parse(text) : {});
      log.info({ operation: name, commandPid: Number(request.headers['x-operator-pid']) || undefined }, 'ran an operation for a command');
      send(response, 200, result);
    } catch (error) {
      if (error instanceof OperationRefused) return send(response, 422, { error: error.code, message: error.message });
      if (error instanceof SyntaxError) return send(response, 400, { error: 'invalid_input', message: 'the body is not JSON' });
      log.error({ err: error, operation: name }, 'an operation for a command failed');
      send(response, 500, { error: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };
  // The connections, and those with a request being answered: a closing endpoint ends the others.
  const connections = new Set<net.Socket>();
  const answering = new WeakSet<net.Socket>();
  // The answer catches its own failures: nothing is left for the promise to reject with.
  const server = http.createServer((request, response) => {
    answering.add(request.socket);
    response.once('close', () => answering.delete(request.socket));
    void answer(request, response);
  });
  server.on('connection', (socket: net.Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    control: { url: `http://127.0.0.1:${port}`, token },
    // Running operations finish first (a key being created is created); a request that arrives
    // meanwhile is refused as closing. Node's http close would end idle connections at once,
    // including one whose request is not read yet: stop listening the plain way instead, and end
    // the connections with no request being answered after the grace.
    close: async () => {
      closing = true;
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      const grace = setTimeout(() => {
        for (const socket of connections) if (!answering.has(socket)) socket.destroy();
      }, CLOSING_GRACE_MS);
      await closed;
      clearTimeout(grace);
    },
  };
}
