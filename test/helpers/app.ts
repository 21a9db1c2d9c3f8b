/** A real listening server on a free port, with its own database and an API key to call it. */
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { loadConfig, type Config } from '../../src/config.ts';
import { buildApp, type App } from '../../src/app.ts';
import { createDatabasePool } from '../../src/db/pool.ts';
import { deleteKeysWithPrefix } from '../../src/db/redis.ts';
import { createComputeRunner, type ComputeRunner } from '../../src/compute/runner.ts';
import { POOL_TASKS } from '../../src/pool-tasks.ts';
import { createKeyForEmail } from '../../src/features/keys/keys-service.ts';
import { mintToken } from '../../src/features/auth/token.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import type { DatabasePool } from 'slonik';

export interface TestResponse {
  status: number;
  body: any;
  headers: Headers;
}

export interface TestServer {
  url: string;
  key: string;
  app: App;
  db: DatabasePool;
  config: Config;
  compute: ComputeRunner;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<TestResponse>;
  get(path: string, headers?: Record<string, string>): Promise<TestResponse>;
  /** Any method; `x-api-key` is the server's key unless `headers` say otherwise. */
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse>;
  /** A dashboard call with `authorization: Bearer <token>` and no API key. */
  bearer(method: string, path: string, token: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse>;
  newKey(email: string, plan?: string): Promise<string>;
  /** A dashboard token for a user, signed with this server's secret. */
  token(userId: string, email?: string, options?: { ttlSeconds?: number }): Promise<string>;
  close(): Promise<void>;
}

let counter = 0;

/** Servers open per Redis namespace (a deployment and its peers share one). */
const openPerPrefix = new Map<string, number>();
function joinDeployment(prefix: string): void {
  openPerPrefix.set(prefix, (openPerPrefix.get(prefix) ?? 0) + 1);
}
/** True when the last server of the namespace leaves. */
function leaveDeployment(prefix: string): boolean {
  const left = (openPerPrefix.get(prefix) ?? 1) - 1;
  if (left > 0) openPerPrefix.set(prefix, left);
  else openPerPrefix.delete(prefix);
  return left <= 0;
}

export interface TestServerOptions {
  compute?: 'inline' | 'pool';
  threads?: number;
  maxQueue?: number;
  env?: Record<string, string>;
  logLines?: string[];
  /** Another API process of the same deployment: same database, same Redis prefix, same token secret. */
  peer?: TestServer;
  /** A database the caller created (and drops), e.g. reached through a proxy that a test takes down. */
  databaseUrl?: string;
  /** Registers test-only routes before the server starts listening. */
  beforeListen?: (app: App) => void | Promise<void>;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const peer = options.peer;
  const database: TestDatabase | undefined = peer || options.databaseUrl ? undefined : await createTestDatabase();
  const databaseUrl = options.databaseUrl ?? (peer ? peer.config.DATABASE_URL! : database!.url);
  // Each deployment gets its own Redis namespace: test files share one Redis server.
  const platformEnv: Record<string, string> = peer
    ? { REDIS_KEY_PREFIX: peer.config.REDIS_KEY_PREFIX, AUTH_JWT_SECRET: peer.config.AUTH_JWT_SECRET! }
    : { REDIS_KEY_PREFIX: `test:${randomBytes(6).toString('hex')}:`, AUTH_JWT_SECRET: randomBytes(32).toString('hex') };
  if (process.env.REDIS_URL) platformEnv.REDIS_URL = process.env.REDIS_URL;
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, ...platformEnv, ...options.env });
  joinDeployment(config.REDIS_KEY_PREFIX);
  const db = await createDatabasePool(databaseUrl, 4);
  // The service's own runner, with its heavy lane (one thread unless the test's env asks for more).
  const compute = createComputeRunner(
    {
      ...config,
      COMPUTE_MODE: options.compute === 'pool' ? 'pool' : 'inline',
      COMPUTE_THREADS: options.threads ?? 2,
      COMPUTE_MAX_QUEUE: options.maxQueue ?? 512,
      COMPUTE_HEAVY_THREADS: options.env?.COMPUTE_HEAVY_THREADS ? config.COMPUTE_HEAVY_THREADS : 1,
    },
    POOL_TASKS,
  );
  // With `logLines`, everything the server logs (at trace level) is captured for inspection.
  const logger = options.logLines ? { level: 'trace', stream: { write: (line: string) => void options.logLines!.push(line) } } : false;
  const app = await buildApp({ config, db, compute, logger });
  await options.beforeListen?.(app);
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  const newKey = async (email: string, plan = 'unlimited') => (await createKeyForEmail(db, { email, plan })).key;
  const key = peer ? peer.key : await newKey(`tester${counter++}-${process.pid}@example.com`);

  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse> => {
    const isForm = body instanceof FormData;
    const res = await fetch(url + path, {
      method,
      headers: { 'x-api-key': key, ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : isForm || typeof body === 'string' ? (body as BodyInit) : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as any, headers: res.headers };
  };
  return {
    url,
    key,
    app,
    db,
    config,
    compute,
    newKey,
    request,
    post: (path, body, headers) => request('POST', path, body, headers),
    get: (path, headers) => request('GET', path, undefined, headers),
    bearer: (method, path, token, body, headers = {}) => request(method, path, body, { 'x-api-key': '', authorization: `Bearer ${token}`, ...headers }),
    token: (userId, email, tokenOptions = {}) =>
      mintToken({
        userId,
        email,
        secret: config.AUTH_JWT_SECRET!,
        ttlSeconds: tokenOptions.ttlSeconds,
        audience: config.AUTH_JWT_AUDIENCE,
        issuer: config.AUTH_JWT_ISSUER,
      }),
    async close() {
      await app.app.close();
      await compute.close();
      // After a database outage the pool may hold a connection whose last query failed; ending
      // it rejects with that failure (the pool is closed all the same).
      await db.end().catch(() => {});
      if (database) await database.close();
      // The keys go with the last server of the deployment: a peer closed after the first would
      // write its counters and queue metadata again into an emptied namespace.
      if (leaveDeployment(config.REDIS_KEY_PREFIX)) {
        if (config.REDIS_URL) {
          const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, retryStrategy: () => null });
          redis.on('error', () => {});
          await deleteKeysWithPrefix(redis, config.REDIS_KEY_PREFIX)
            .catch(() => {})
            .finally(() => redis.disconnect());
        }
      }
    },
  };
}
