/**
 * A TCP proxy in front of a real server (PostgreSQL, Redis) that a test can take down and bring
 * back on the same port: down, it drops every open connection and refuses new ones the moment
 * they connect, as a server that went away would look to its clients.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** `protocol://127.0.0.1:<proxy port><path>` for a URL of the real server. */
  urlFor(target: string): string;
  down(): void;
  up(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let isDown = false;
  const server = net.createServer((client) => {
    if (isDown) return client.destroy();
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    urlFor(target) {
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    down() {
      isDown = true;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    up() {
      isDown = false;
    },
    close() {
      isDown = true;
      for (const s of sockets) s.destroy();
      return new Promise((r) => server.close(() => r()));
    },
  };
}
