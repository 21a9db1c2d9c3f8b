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
