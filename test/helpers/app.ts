/** A real listening server on a free port, with its own database and an API key to call it. */
import type { AddressInfo } from 'node:net';
import { loadConfig, type Config } from '../../src/config.ts';
import { buildApp, type App } from '../../src/app.ts';
import { createDatabasePool } from '../../src/db/pool.ts';
import { createInlineRunner, createPoolRunner, type ComputeRunner } from '../../src/compute/runner.ts';
import { createKeyForEmail } from '../../src/features/keys/service.ts';
import { createTestDatabase } from './database.ts';
import type { DatabasePool } from 'slonik';

export interface TestServer {
  url: string;
  key: string;
  app: App;
  db: DatabasePool;
  config: Config;
  compute: ComputeRunner;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }>;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }>;
  newKey(email: string, plan?: string): Promise<string>;
  close(): Promise<void>;
}

let counter = 0;

export async function startTestServer(options: { compute?: 'inline' | 'pool'; threads?: number; maxQueue?: number; env?: Record<string, string>; logLines?: string[] } = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: database.url, ...options.env });
  const db = await createDatabasePool(database.url, 4);
  const compute = options.compute === 'pool' ? createPoolRunner({ threads: options.threads ?? 2, maxQueue: options.maxQueue ?? 512 }) : createInlineRunner();
  // With `logLines`, everything the server logs (at trace level) is captured for inspection.
  const logger = options.logLines ? { level: 'trace', stream: { write: (line: string) => void options.logLines!.push(line) } } : false;
  const app = await buildApp({ config, db, compute, logger });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  const newKey = async (email: string, plan = 'unlimited') => (await createKeyForEmail(db, { email, plan })).key;
  const key = await newKey(`tester${counter++}-${process.pid}@example.com`);

  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(url + path, {
      method,
      headers: { 'x-api-key': key, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try { parsed = JSON.parse(text); } catch { /* not JSON */ }
    return { status: res.status, body: parsed as any, headers: res.headers };
  };
  return {
    url, key, app, db, config, compute, newKey,
    post: (path, body, headers) => request('POST', path, body, headers),
    get: (path, headers) => request('GET', path, undefined, headers),
    async close() {
      await app.app.close();
      await compute.close();
      await db.end();
      await database.close();
    },
  };
}
