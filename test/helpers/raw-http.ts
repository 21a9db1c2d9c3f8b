/** A raw TCP client for what fetch cannot send: malformed requests, dripped bodies, half-sent requests. */
import net from 'node:net';

export interface RawConnection {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves when the server has closed the connection (or it was reset). */
  closed: Promise<void>;
  /** Resolves once the received text matches. */
  waitFor(pattern: RegExp): Promise<string>;
}

export function openRaw(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let text = '';
    const waiters: { pattern: RegExp; resolve: (t: string) => void }[] = [];
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      for (const w of waiters.splice(0)) {
        if (w.pattern.test(text)) w.resolve(text);
        else waiters.push(w);
      }
    });
    socket.on('error', () => {});
    socket.once('connect', () =>
      resolve({
        socket,
        closed,
        received: () => text,
        waitFor: (pattern) =>
          new Promise((r) => {
            if (pattern.test(text)) r(text);
            else waiters.push({ pattern, resolve: r });
          }),
      }),
    );
    socket.once('error', reject);
  });
}

/** The status line's code and the JSON body of a raw response. */
export function parseRawResponse(text: string): { status: number; headers: Record<string, string>; body: unknown } {
  const [head, ...rest] = text.split('\r\n\r\n');
  const lines = head!.split('\r\n');
  const status = Number(lines[0]!.split(' ')[1]);
  const headers = Object.fromEntries(
    lines.slice(1).map((l) => {
      const i = l.indexOf(':');
      return [l.slice(0, i).toLowerCase(), l.slice(i + 1).trim()];
    }),
  );
  const raw = rest.join('\r\n\r\n');
  let body: unknown = raw;
  try {
    body = JSON.parse(raw);
  } catch {
    /* not JSON */
  }
  return { status, headers, body };
}
