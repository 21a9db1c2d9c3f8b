/**
 * A command that reaches the embedded server's operator endpoint just as the server stops: its
 * request is refused as `closing` (nothing ran, the command tries again and takes DATA_DIR over),
 * never cut off with a reset that leaves it unsure whether its operation ran.
 */
import http from 'node:http';
import net from 'node:net';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startOperatorEndpoint } from '../../../src/operator/endpoint.ts';
import { callOwner, OwnerUnreachableError } from '../../../src/operator/client.ts';
import type { OperationDatabase } from '../../../src/operator/operations.ts';

const quietLog = { info: () => {}, error: () => {} };
// The closing path never reaches the database.
const noDatabase = {} as OperationDatabase;

describe('the operator endpoint while it closes', () => {
  it('answers a request sent on a connection made before the close with 503 closing, and then closes', async () => {
    const endpoint = await startOperatorEndpoint(noDatabase, quietLog);
    const socket = net.connect(Number(new URL(endpoint.control.url).port), '127.0.0.1');
    await once(socket, 'connect');
    const closed = endpoint.close();
    socket.write(`POST /operations/keys.create HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${endpoint.control.token}\r\ncontent-length: 2\r\n\r\n{}`);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    await once(socket, 'end');
    expect(answer).toMatch(/^HTTP\/1\.1 503/);
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toContain('"error":"closing"');
    await closed;
  });

  it('ends a connection that sends nothing once the grace is over', async () => {
    const endpoint = await startOperatorEndpoint(noDatabase, quietLog);
    const socket = net.connect(Number(new URL(endpoint.control.url).port), '127.0.0.1');
    await once(socket, 'connect');
    const started = performance.now();
    await endpoint.close();
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    socket.destroy();
  });

  it('the command reads the refusal as "nothing ran": safe to try again', async () => {
    const server = http.createServer((_request, response) => response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"closing"}'));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    try {
      await expect(callOwner({ url, token: 't' }, 'keys.create', { email: 'a@example.com' })).rejects.toBeInstanceOf(OwnerUnreachableError);
    } finally {
      server.close();
    }
  });
});
