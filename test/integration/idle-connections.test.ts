/**
 * Connections that hold the server without a request, and requests that arrive while it closes:
 * a TCP connection that never sends a byte is closed after the idle timeout (IDLE_TIMEOUT_MS);
 * a request refused during shutdown gets the service's own 503 shape with Retry-After.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { IDLE_TIMEOUT_MS: '1000' } });
});
afterAll(async () => {
  await server?.close();
});

/** Resolves with 'closed' when the server ends the connection, or 'open' after `ms`. */
function silentConnection(ms: number): Promise<'closed' | 'open'> {
  const url = new URL(server.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('open');
    }, ms);
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve('closed');
    });
  });
}

describe('idle connections', () => {
  it('a connection that never sends a byte is closed by the server', async () => {
    // Generous: the timeout is 1 s; the server only has to close it at some point.
    expect(await silentConnection(30_000)).toBe('closed');
  });
});

describe('shutdown', () => {
  it("a request that arrives while the server closes gets the service's 503 shape with Retry-After", async () => {
    let entered!: () => void;
    const inside = new Promise<void>((r) => {
      entered = r;
    });
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    const closing = await startTestServer({
      beforeListen: (app) => {
        app.app.get('/test/slow', async () => {
          entered();
          await released;
          return { ok: true };
        });
      },
    });
    let requests = 0;
    let secondParsed!: () => void;
    const parsed = new Promise<void>((r) => {
      secondParsed = r;
    });
    closing.app.app.server.on('request', () => {
      if (++requests === 2) secondParsed();
    });
    try {
      const url = new URL(closing.url);
      const socket = net.connect(Number(url.port), url.hostname);
      socket.on('error', () => {});
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
      });
      const ended = new Promise<void>((r) => socket.on('close', () => r()));
      socket.write('GET /test/slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await inside;
      // The server starts closing while this connection is busy; then the next request arrives on it.
      const stopped = closing.app.app.close();
      socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await parsed;
      release();
      await ended;
      await stopped;
      const answers = received.split(/(?=HTTP\/1\.1 )/);
      expect(answers[0]).toMatch(/^HTTP\/1\.1 200/);
      const refused = answers[1]!;
      expect(refused).toMatch(/^HTTP\/1\.1 503/);
      expect(refused).toMatch(/\r\nretry-after: 1\r\n/i);
      expect(JSON.parse(refused.slice(refused.indexOf('\r\n\r\n') + 4))).toEqual({ detail: 'The server is shutting down; retry later' });
    } finally {
      release();
      await closing.close();
    }
  });
});
