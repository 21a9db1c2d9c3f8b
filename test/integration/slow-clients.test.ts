/**
 * Slow clients hold nothing for long: a body dripped byte by byte ends in 408, an early answer
 * (401 before the body arrived) closes the connection, headers dripped end in 408, and one
 * address cannot open more than its share of connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { openRaw, parseRawResponse, type RawConnection } from '../helpers/raw-http.ts';

let server: TestServer;
beforeAll(async () => {
  // Short request deadlines; the idle timeout is long, so that only the rules under test can close a socket.
  server = await startTestServer({
    env: { REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000', IDLE_TIMEOUT_MS: '600000', MAX_CONNECTIONS_PER_CLIENT: '6' },
  });
});
afterAll(async () => {
  await server?.close();
});

/** Sends `text` one byte at a time, `everyMs` apart, until the connection closes or the text ends. */
function drip(connection: RawConnection, text: string, everyMs: number): void {
  let i = 0;
  const timer = setInterval(() => {
    if (connection.socket.destroyed || i >= text.length) return clearInterval(timer);
    connection.socket.write(text[i++]!);
  }, everyMs);
  void connection.closed.then(() => clearInterval(timer));
}

const post = (key: string, length: number) =>
  `POST /natal HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('slow clients', () => {
  it('a body dripped one byte at a time: 408 once the request deadline passes, and the connection closes', async () => {
    const connection = await openRaw(server.url);
    const body = JSON.stringify({ year: 1990, month: 6, day: 15, hour: 14, minute: 30, lat: 51.5, lng: -0.12, pad: 'x'.repeat(200) });
    connection.socket.write(post(server.key, body.length));
    drip(connection, body, 100);
    await connection.closed;
    const res = parseRawResponse(connection.received());
    expect(res.status).toBe(408);
    expect(res.body).toEqual({ detail: 'Request Timeout: the request did not arrive in time' });
  });

  it('an answer sent before the body arrived (401) closes the connection instead of waiting for the body', async () => {
    // Deadlines far away: only the early answer can close this connection.
    const patient = await startTestServer({ env: { REQUEST_TIMEOUT_MS: '600000', HEADERS_TIMEOUT_MS: '600000', IDLE_TIMEOUT_MS: '600000' } });
    try {
      await earlyAnswerCloses(patient);
    } finally {
      await patient.close();
    }
  });

  async function earlyAnswerCloses(target: TestServer) {
    const connection = await openRaw(target.url);
    connection.socket.write(post('ask_not-a-key', 1000));
    drip(connection, '{"year":1990', 2000);
    await connection.closed;
    const res = parseRawResponse(connection.received());
    expect(res.status).toBe(401);
    expect(res.headers.connection).toBe('close');
    expect(res.body).toEqual({ detail: 'Invalid API key' });
  }

  it('headers dripped: 408 at the headers deadline', async () => {
    const connection = await openRaw(server.url);
    drip(connection, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(100)}\r\n\r\n`, 100);
    await connection.closed;
    expect(parseRawResponse(connection.received()).status).toBe(408);
  });

  it('a complete request keeps its keep-alive connection', async () => {
    const connection = await openRaw(server.url);
    connection.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await connection.waitFor(/\r\n\r\n\{"status":"ok"\}/);
    connection.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await connection.waitFor(/ok"\}[\s\S]*ok"\}/);
    expect(connection.socket.destroyed).toBe(false);
    connection.socket.destroy();
  });

  it('caps the connections of one address (MAX_CONNECTIONS_PER_CLIENT): the next gets 429 and is closed', async () => {
    const held = await Promise.all(Array.from({ length: 6 }, () => openRaw(server.url)));
    // The server counts a connection when it accepts it: let it see the six.
    for (const c of held) {
      c.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
      await c.waitFor(/ok"\}/);
    }
    const refused = await openRaw(server.url);
    await refused.closed;
    const res = parseRawResponse(refused.received());
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ detail: 'Too many connections from this address' });
    // One closes: a new one is served.
    held.pop()!.socket.destroy();
    let served = false;
    for (let attempt = 0; attempt < 50 && !served; attempt++) {
      const again = await openRaw(server.url);
      again.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      await again.closed;
      served = parseRawResponse(again.received()).status === 200;
      if (!served) await new Promise((r) => setTimeout(r, 20));
    }
    expect(served).toBe(true);
    for (const c of held) c.socket.destroy();
  });
});
