/**
 * Redis connections under a key prefix of their own, with every command that names the prefix
 * recorded through MONITOR: for tests that check what actually reaches the server.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { deleteKeysWithPrefix, openRedis, type RedisConnections } from '../../src/db/redis.ts';

export interface WatchedRedis {
  redis: RedisConnections;
  prefix: string;
  /** The arguments of each command naming the prefix, in the order the server ran them. */
  commands: string[][];
  /** Waits until MONITOR has delivered every command the server ran so far (it delivers a little later). */
  settle(): Promise<void>;
  /** Stops watching, deletes every key under the prefix and closes the connections. */
  close(): Promise<void>;
}

/**
 * The arguments of one MONITOR line (`+1700000000.123 [0 127.0.0.1:5000] "evalsha" "ab" "1"`):
 * each quoted, with the server's escapes (\\, \", \n, \r, \t, \xHH).
 */
export function monitorArguments(line: string): string[] {
  const args: string[] = [];
  for (const [, quoted] of line.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
    args.push(
      quoted!.replace(/\\(x[0-9a-fA-F]{2}|.)/g, (_, e: string) =>
        e.length === 3 ? String.fromCharCode(parseInt(e.slice(1), 16)) : (({ n: '\n', r: '\r', t: '\t' } as Record<string, string>)[e] ?? e),
      ),
    );
  }
  return args;
}

/**
 * MONITOR on a plain socket: ioredis's monitor mode fails with "Command queue state error" when
 * other clients' commands stream in before it has read the server's OK, which a suite running
 * files side by side on one Redis does.
 */
async function openMonitor(url: string, onCommand: (args: string[]) => void): Promise<net.Socket> {
  const { hostname, port, password } = new URL(url);
  const socket = net.connect(Number(port || 6379), hostname || '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  if (password) socket.write(`AUTH ${decodeURIComponent(password)}\r\n`);
  socket.write('MONITOR\r\n');
  let pending = '';
  let watching!: () => void;
  const started = new Promise<void>((resolve) => {
    watching = resolve;
  });
  // AUTH's OK, when there is one, comes first; MONITOR's comes before any command it reports.
  let oksToCome = password ? 2 : 1;
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\r\n');
    pending = lines.pop()!;
    for (const line of lines) {
      if (line === '+OK') {
        if (--oksToCome === 0) watching();
      } else if (line.startsWith('+')) onCommand(monitorArguments(line));
      else if (line.startsWith('-')) socket.destroy(new Error(`MONITOR refused: ${line}`));
    }
  });
  await started;
  return socket;
}

export async function watchRedis(url: string, name: string): Promise<WatchedRedis> {
  const prefix = `test:${name}:${randomBytes(6).toString('hex')}:`;
  const redis = openRedis(url, prefix);
  const commands: string[][] = [];
  // settle() sends an ECHO of a marker and waits until MONITOR reports it: the server reports
  // commands in the order it runs them, so every command it ran before the marker (every one
  // whose answer the test has read) has been reported by then. A fixed pause assumed it.
  const markerPrefix = `${prefix}settled:`;
  const waitingFor = new Map<string, () => void>();
  let markers = 0;
  const monitor = await openMonitor(url, (args) => {
    if (args[0]?.toLowerCase() === 'echo' && args[1]?.startsWith(markerPrefix)) {
      waitingFor.get(args[1])?.();
      waitingFor.delete(args[1]);
    } else if (args.some((a) => a.includes(prefix))) commands.push(args);
  });
  async function settle(): Promise<void> {
    const marker = `${markerPrefix}${++markers}`;
    const seen = new Promise<void>((resolve) => waitingFor.set(marker, resolve));
    await redis.client.echo(marker);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`MONITOR did not report ${marker} within 60 s`)), 60_000);
    });
    try {
      await Promise.race([seen, late]);
    } finally {
      clearTimeout(timer);
    }
  }
  return {
    redis,
    prefix,
    commands,
    settle,
    async close() {
      monitor.destroy();
      await deleteKeysWithPrefix(redis.client, prefix);
      await redis.close();
    },
  };
}
