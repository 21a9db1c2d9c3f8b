/** Helpers for tests that start the service as a child process. */
import net from 'node:net';

/** A TCP port free on loopback right now (for child servers that need a port before they start). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net
      .createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
  });
}

/** Whether a TCP port on loopback can be bound right now. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net
      .createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * The first port of six for a Redis Cluster on loopback (test/infra/start-redis-cluster.sh), each
 * with its cluster bus 10000 above it: all twelve below the kernel's ephemeral range (32768 and
 * up), where a busy suite's own outgoing connections can hold any port (a bus port at 40652 was
 * taken that way and the node refused to start), and free when chosen; one random range per call.
 */
export async function redisClusterBase(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 10_000 + Math.floor(Math.random() * 240) * 50;
    const ports = [0, 1, 2, 3, 4, 5].flatMap((i) => [base + i, base + i + 10_000]);
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) return base;
  }
  throw new Error('no free range of ports for a Redis Cluster below 32768');
}

/** Waits until /readyz answers 200; a cold start in a busy CI run can take long (up to 90 s). */
export async function waitUntilReady(port: number, timeoutMs = 90_000): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    if (
      await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
