/**
 * A reverse proxy on the loopback that passes each request on with `X-Forwarded-For: <the client's
 * address>`, as HAProxy's `option forwardfor` does in the compose deployment. Clients told apart by
 * their source address (127.0.0.2, 127.0.0.3, …) reach the service from one address: the proxy's.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ForwardingProxy {
  url: string;
  close(): Promise<void>;
}

export async function startForwardingProxy(target: string): Promise<ForwardingProxy> {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress! };
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, localAddress: '127.0.0.1' },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A GET from a given loopback source address (the client's identity behind the proxy). */
export function getFrom(sourceAddress: string, url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, localAddress: sourceAddress, agent: false }, (res) => {
        let body = '';
        res
          .setEncoding('utf8')
          .on('data', (chunk: string) => {
            body += chunk;
          })
          .on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', reject);
  });
}
