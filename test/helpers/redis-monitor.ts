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
  /** Waits until MONITOR has delivered what was sent so far (it delivers a little later). */
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
    args.push(quoted!.replace(/\\(x[0-9a-fA-F]{2}|.)/g, (_, e: string) => (e.length === 3 ? String.fromCharCode(parseInt(e.slice(1), 16)) : ({ n: '\n', r: '\r', t: '\t' } as Record<string, string>)[e] ?? e)));
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
  const started = new Promise<void>((resolve) => { watching = resolve; });
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\r\n');
    pending = lines.pop()!;
    for (const line of lines) {
      // The OK of MONITOR (and of AUTH) comes before any command it reports.
      if (line === '+OK') watching();
      else if (line.startsWith('+')) onCommand(monitorArguments(line));
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
  const monitor = await openMonitor(url, (args) => {
    if (args.some((a) => a.includes(prefix))) commands.push(args);
  });
  return {
    redis, prefix, commands,
    settle: () => new Promise((r) => setTimeout(r, 200)),
    async close() {
      monitor.destroy();
      await deleteKeysWithPrefix(redis.client, prefix);
      await redis.close();
    },
  };
}
