/**
 * Every setting of the service, read from the environment in one place and validated. Nothing
 * else reads `process.env`. With no variables set the service runs embedded: PGlite under
 * DATA_DIR instead of a PostgreSQL server, in-process stand-ins for Redis.
 */
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod/v4';

/** An Argon2id hash in the PHC string format. */
export const ARGON2ID_PHC = /^\$argon2id\$v=19\$m=\d{1,10},t=\d{1,10},p=\d{1,3}\$[A-Za-z0-9+/]{11,}\$[A-Za-z0-9+/]{16,}$/;

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['true', '1', 'yes'].includes(v));
const commaList = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
/** `a=1,b=2` → {a: '1', b: '2'}. */
const pairList = z.string().transform((v, ctx) => {
  const pairs: Record<string, string> = {};
  for (const item of v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name, value, ...rest] = item.split('=').map((s) => s.trim());
    if (!name || !value || rest.length) {
      ctx.addIssue({ code: 'custom', message: `'${item}' is not code=value` });
      return z.NEVER;
    }
    pairs[name] = value;
  }
  return pairs;
});

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback by default, so a laptop does not offer its service to the network; containers and servers set 0.0.0.0. */
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL server; unset = embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** Redis server; unset = in-process stand-ins (one API process only). */
  REDIS_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * PostgreSQL itself when DATABASE_URL is a connection pooler (PgBouncer): migrations run here,
   * away from the pooler's query timeout. Unset: through DATABASE_URL, which works too.
   */
  DATABASE_DIRECT_URL: z.string().url().optional(),
  /**
   * `pool`: Piscina worker threads; `inline`: on the event loop; `mixed`: the light tasks (natal,
   * compact natal, transits) on the event loop and the rest in the pool. Unset: `pool` for one
   * process, `mixed` for several (SERVICE_PROCESSES; see bench/ for the figures).
   */
  COMPUTE_MODE: z.enum(['pool', 'inline', 'mixed']).optional(),
  /**
   * The project's native modules left off (comma-separated: json_writer, swe_calc):
   * each then runs its JavaScript alternative, which answers the same bytes. For measuring what
   * each module buys (bench/native-modules.bench.ts); read once per thread, at load.
   */
  NATIVE_MODULES_OFF: commaList.pipe(z.array(z.enum(['json_writer', 'swe_calc']))).default([]),
  /**
   * Threads of each process's pool, one per core by default, also in a process group: there the
   * pools hold only the heavy tasks, and one process's export or chart images may then use every
   * core (with one thread per process a lone 200-year export ran at 0.84 of the pool's rows/s).
   */
  COMPUTE_THREADS: z.coerce.number().int().min(1).max(64).default(Math.max(1, os.availableParallelism())),
  /** Tasks waiting for a worker beyond this are refused with 503 and Retry-After. */
  COMPUTE_MAX_QUEUE: z.coerce.number().int().min(1).max(100_000).default(512),
  /** Tasks handed to one worker thread ahead of time (it runs them one after another). */
  COMPUTE_TASKS_PER_THREAD: z.coerce.number().int().min(1).max(64).default(8),
  /**
   * Threads of the heavy lane (searches, timelines, returns over long windows, muhurat searches,
   * export chunks: src/compute/heavy-tasks.ts); 0: one more than COMPUTE_THREADS, so that another
   * caller's heavy task starts while one caller holds as many as it may.
   */
  COMPUTE_HEAVY_THREADS: z.coerce.number().int().min(0).max(64).default(0),
  /**
   * The nice value of the heavy lane's threads (Linux, 0-19): the kernel gives the cores to the
   * light work and the event loop first, and all of them to heavy work while nothing else runs.
   */
  COMPUTE_HEAVY_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** Heavy requests one account may have running or waiting at once, across processes; 429 with Retry-After beyond. */
  HEAVY_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(2),
  /**
   * Per-plan overrides of HEAVY_MAX_PER_ACCOUNT: `plan=count` pairs, comma-separated
   * (the default keeps a free account to one, and lets the operator's unlimited plan run four).
   */
  HEAVY_MAX_PER_ACCOUNT_BY_PLAN: pairList
    .default({ free: '1', unlimited: '4' })
    .refine((pairs) => Object.values(pairs).every((n) => /^\d{1,4}$/.test(n) && Number(n) >= 1), 'each count is a whole number from 1')
    .transform((pairs) => Object.fromEntries(Object.entries(pairs).map(([plan, n]) => [plan, Number(n)]))),
  /** Milliseconds of compute a heavy request gets for one unit of the request quota (rounded up, at least one unit). */
  HEAVY_MS_PER_UNIT: z.coerce.number().int().min(1).max(3_600_000).default(250),
  /**
   * API processes sharing PORT (node:cluster); one, the default, is this process itself. More
   * need DATABASE_URL and REDIS_URL: the embedded database and the in-process stand-ins of Redis
   * belong to one process.
   */
  SERVICE_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  KEY_CACHE_SIZE: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  KEY_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Key lookups finding no valid key, per client address and minute, before its uncached keys get 429 (0 = no limit). */
  AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(30),
  /**
   * Whether X-Forwarded-For names the client: `false` (the socket's address), `true` (any proxy),
   * a number of proxy hops, or a comma-separated list of proxy addresses/CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string | ((address: string, hop: number) => boolean) => {
      if (v === 'true' || v === 'false') return v === 'true';
      if (!/^\d+$/.test(v)) return v;
      const hops = Number(v);
      return (_address, hop) => hop < hops;
    }),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  /** Slow clients: the whole request must arrive within REQUEST_TIMEOUT_MS (its headers within HEADERS_TIMEOUT_MS), else 408. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /** A connection that sends and reads nothing for this long is closed (0 = never). */
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** How long an idle keep-alive connection waits for its next request (above a load balancer's idle timeout). */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(72_000),
  /** Open connections per client address (IPv6: per /64); 0 = no cap. Behind a proxy, above its pool or 0. */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).max(1_000_000).default(256),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Graceful shutdown: in-flight requests get this long, then open connections (streams) are ended. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  /** Apply pending migrations at start (the CLI's `migrate` does it on demand). */
  MIGRATE_ON_START: bool.default(true),
  /**
   * With MIGRATE_ON_START=false and DATABASE_URL: how long a starting API process or report worker
   * waits for another (a Job, `cli migrate`) to have applied every migration it knows; 0 = start at once.
   */
  SCHEMA_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(0),

  /**
   * REDIS_URL names one node of a Redis Cluster: the client learns the others from it and follows
   * failovers. Keys are hash-tagged so that what one script touches shares a slot.
   */
  REDIS_CLUSTER: bool.default(false),
  /** Namespace of every Redis key and channel of this deployment (tests give each app its own). */
  REDIS_KEY_PREFIX: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9:_.-]+$/)
    .default('astro:'),

  /** Dashboard identity: the identity provider's JWKS endpoint (RS256/ES256/EdDSA tokens)... */
  AUTH_JWKS_URL: z.string().url().optional(),
  /** ...and/or an HS256 shared secret. With neither, one is generated and kept in DATA_DIR. */
  AUTH_JWT_SECRET: z.string().min(32, 'at least 32 characters (256 bits for HS256)').optional(),
  /**
   * Development only: with DATABASE_URL and neither AUTH_JWT_SECRET nor AUTH_JWKS_URL, accept the
   * secret generated under DATA_DIR. Every machine then makes its own: its tokens and idempotent
   * retries are recognised by no other machine, so a shared database refuses to start without it.
   */
  ALLOW_GENERATED_SECRET: bool.default(false),
  AUTH_JWT_AUDIENCE: z.string().optional(),
  AUTH_JWT_ISSUER: z.string().optional(),
  /** Longest lifetime of a dashboard token that is accepted (and that `cli token` mints). */
  AUTH_JWT_MAX_LIFETIME_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(366 * 86400)
    .default(86400),

  /** Usage log: rows are buffered and written in one INSERT per batch. */
  USAGE_FLUSH_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  USAGE_FLUSH_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1000),
  /** Rows kept while the database cannot take them; beyond this the oldest are dropped (and counted). */
  USAGE_BUFFER_MAX: z.coerce.number().int().min(100).max(10_000_000).default(200_000),

  /** Idempotency records: how long a completed response is replayed, and how long an in-flight claim holds. */
  /** Key of the idempotency fingerprints' HMAC (the same on every process); derived from AUTH_JWT_SECRET when unset. */
  IDEMPOTENCY_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  IDEMPOTENCY_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86400)
    .default(86400),
  IDEMPOTENCY_LOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** Responses larger than this are not stored for replay (a retry recomputes). */
  IDEMPOTENCY_MAX_RESPONSE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(8 * 1024 * 1024),
  /** Bytes of stored records (compressed) one user may keep over IDEMPOTENCY_TTL_SECONDS; beyond, responses are not stored. */
  IDEMPOTENCY_MAX_BYTES_PER_USER: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(32 * 1024 * 1024),

  /** Sites whose scripts may call the API: `*` (any; credentials are headers, never cookies) or a comma-separated list of origins. */
  CORS_ORIGINS: z.string().min(1).default('*'),

  /** Bearer token for /metrics and the error text of /readyz; unset = only loopback clients get them. */
  OPS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),

  /** Exports (streamed CSV/NDJSON) cost one unit of the request quota per this many rows (rounded up). */
  EXPORT_ROWS_PER_UNIT: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
  /** Exports streamed at once by one process (beyond: 503 + Retry-After), and per account (429 + Retry-After). */
  EXPORT_MAX_CONCURRENT: z.coerce.number().int().min(1).max(10_000).default(4),
  EXPORT_MAX_PER_USER: z.coerce.number().int().min(1).max(10_000).default(2),
  /** Worker-pool tasks all exports together may hold; 0 = compute threads + 1. */
  EXPORT_COMPUTE_SLOTS: z.coerce.number().int().min(0).max(1024).default(0),

  /** Active API keys one user may hold. */
  KEYS_MAX_PER_USER: z.coerce.number().int().min(1).max(1000).default(25),

  /** Stripe: the secret API key; without it billing endpoints answer 503 (plans still list). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Webhook signing secrets, comma-separated: several during a rotation. */
  STRIPE_WEBHOOK_SECRETS: commaList.default([]),
  /** Largest age of a webhook signature's timestamp. */
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** Where the Stripe SDK sends its requests: a local stand-in in tests, a proxy if needed. */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['https', 'http']).optional(),
  STRIPE_MAX_NETWORK_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** Refuse any Stripe host but the loopback (always on under the test runner). */
  STRIPE_LOOPBACK_ONLY: bool.default(false),
  /** Product code → Stripe Price id, `entry=price_123,reports_5=price_456`; wins over the plans table. */
  STRIPE_PRICES: pairList.default({}),
  /** Origins that checkout and portal return URLs may point to, comma-separated. */
  BILLING_REDIRECT_ORIGINS: commaList.default([]),
  /** The dashboard's address: default return URLs of the request-pack checkout, and allowed as an origin. */
  DASHBOARD_URL: z.string().url().optional(),
  /** How long a past-due subscription keeps its paid plan before it counts as free. */
  BILLING_PAST_DUE_GRACE_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 90)
    .default(7 * 24),

  /** Outgoing e-mail: an SMTP URL, or host/port/user/password. Without either, e-mails wait in the outbox table. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL')
    .optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASS: z.string().min(1).optional(),
  /** Implicit TLS (port 465); otherwise STARTTLS is used when the server offers it. */
  SMTP_SECURE: bool.default(false),
  MAIL_FROM: z.string().min(3).default('Astrology API <no-reply@localhost>'),

  /** How often each API process looks for account deletions to run or resume. */
  ACCOUNT_DELETION_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(30),
  /**
   * The address clients reach the service at (scheme, host, optional port and path prefix): the
   * OAuth issuer and the MCP resource are named after it. Unset: the address the server listens on.
   */
  PUBLIC_BASE_URL: z
    .string()
    .url()
    .refine((v) => {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.search && !u.hash && !u.username && !u.password;
    }, 'an http(s) URL without query, fragment or credentials')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /**
   * Browser origins besides the service's own that may call /mcp (comma-separated, e.g.
   * `https://app.example.com`; `*` allows any). Requests without an Origin header are not browsers' and pass.
   */
  MCP_ALLOWED_ORIGINS: z
    .string()
    .max(4000)
    .default('')
    .transform((v, ctx) => {
      const origins = v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean);
      for (const origin of origins) {
        if (origin === '*') continue;
        let parsed: URL | undefined;
        try {
          parsed = new URL(origin);
        } catch {
          /* reported below */
        }
        if (!parsed || parsed.origin !== origin) ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port]): ${origin}` });
      }
      return origins;
    }),

  /** OAuth for MCP clients: access tokens (1 h), refresh tokens (30 days, rotated on use). */
  OAUTH_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  OAUTH_REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(3600)
    .max(365 * 86_400)
    .default(30 * 86_400),
  /** A rotated refresh token still works this long, for a client's parallel refreshes; a later use revokes the grant. */
  OAUTH_REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** Authorization codes: single use, and this short-lived. */
  OAUTH_CODE_TTL_SECONDS: z.coerce.number().int().min(10).max(600).default(60),
  /** Dynamic client registrations per clock hour from one client address, and from everywhere; beyond: 429. */
  OAUTH_REGISTRATIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  OAUTH_REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /**
   * The consent page of a separate dashboard (it receives `authorization_id` and decides through
   * /mcp/oauth/requests/{id}); unset: the service's own page at /mcp/oauth/consent/{id}.
   */
  OAUTH_CONSENT_URL: z
    .string()
    .url()
    .refine((v) => /^https?:/.test(v), 'an http(s) URL')
    .optional(),
  /** The dashboard's OpenID Connect provider (its issuer URL); "Sign in with" is on only with this and OIDC_CLIENT_ID. */
  OIDC_ISSUER_URL: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  /** Default: PUBLIC_BASE_URL + /api/v1/dashboard/oidc/callback. Register it with the provider. */
  OIDC_REDIRECT_URL: z.string().url().optional(),
  /** The name on the button: "Sign in with <name>". */
  OIDC_PROVIDER_NAME: z.string().min(1).max(60).default('your organisation'),
  /** The operator's login name; admin is on only with this and ADMIN_PASSWORD_HASH. */
  ADMIN_USERNAME: z.string().min(1).max(100).optional(),
  /** An Argon2id PHC string made by `cli admin hash-password`; plain passwords are refused. */
  ADMIN_PASSWORD_HASH: z
    .string()
    .regex(ARGON2ID_PHC, 'an Argon2id PHC string ($argon2id$v=19$m=...,t=...,p=...$salt$hash); make one with `npm run cli -- admin hash-password`')
    .optional(),
  /** Lifetime of an operator session token. */
  ADMIN_SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86400)
    .default(8 * 3600),
  /** Failed logins counted per name and per address within this window; beyond the limits: 429. */
  ADMIN_LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(900),
  ADMIN_LOGIN_MAX_FAILURES_PER_NAME: z.coerce.number().int().min(1).max(1000).default(5),
  ADMIN_LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Failed logins of one name from every address per window; beyond, its attempts are slowed (never locked). */
  ADMIN_LOGIN_MAX_FAILURES_TOTAL: z.coerce.number().int().min(1).max(100_000).default(100),

  /** Maintain the usage rollups as the log is written (the statistics read them); off only to measure their cost. */
  USAGE_ROLLUPS: bool.default(true),
  /** Days the raw request log is kept (0: for ever); rollups are kept. */
  USAGE_LOG_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(90),
  /** How often an API process runs the maintenance (log pruning, expired sessions and cache entries). */
  MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().min(1).max(86400).default(3600),
  /** Entries the admin analytics cache holds; beyond, the least recently written go. */
  ANALYTICS_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).max(1_000_000).default(1000),

  /**
   * Headless Chromium that renders report PDFs (Debian: `apt-get install chromium`). Unset: the
   * first of /usr/bin/chromium, /usr/bin/chromium-browser, /usr/bin/google-chrome that exists.
   */
  CHROMIUM_PATH: z.string().min(1).optional(),
  /**
   * Where report jobs run: `in_process` (a worker inside the API process, the embedded mode's
   * way), `external` (`cli worker reports` processes), `auto` (in_process without DATABASE_URL).
   */
  REPORT_WORKER: z.enum(['auto', 'in_process', 'external']).default('auto'),
  /** Jobs one worker process renders at once (one Chromium, one page per job). */
  REPORT_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** A worker renews its hold on a job this often / 3; a job whose hold ran out is taken up by another worker. */
  REPORT_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** Tries of a job that meets transient faults (bad input is never retried); backoff doubles from the base. */
  REPORT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  REPORT_RETRY_BASE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** A job not finished this long after its submission fails, and its credit is refunded. */
  REPORT_DEADLINE_SECONDS: z.coerce.number().min(10).max(86_400).default(900),
  /** How often a worker's sweeper looks for jobs never queued, abandoned or overdue. */
  REPORT_SWEEP_INTERVAL_SECONDS: z.coerce.number().min(0.2).max(3600).default(15),
  /** Without Redis, how often a worker looks for a runnable job in PostgreSQL. */
  REPORT_POLL_INTERVAL_MS: z.coerce.number().int().min(20).max(60_000).default(500),
  /** Largest time one PDF render may take before it counts as a transient fault. */
  REPORT_RENDER_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** Callback deliveries: tries, first backoff (doubling) and the deadline of one whole POST (connection to the last byte of the answer). */
  REPORT_CALLBACK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
  REPORT_CALLBACK_RETRY_BASE_SECONDS: z.coerce.number().min(0.05).max(3600).default(10),
  REPORT_CALLBACK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Callback POSTs one worker has in flight at once, and of those, at most this many to one receiving host. */
  REPORT_CALLBACK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  REPORT_CALLBACK_CONCURRENCY_PER_HOST: z.coerce.number().int().min(1).max(256).default(2),
  /**
   * Free (demo) report jobs waiting or running at once: per account (beyond: 429) and in the whole
   * deployment (beyond: 503), so that free reports cannot fill the queue that paid ones share.
   */
  REPORT_DEMO_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(2),
  REPORT_DEMO_MAX_OPEN: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Tests only (refused elsewhere): callbacks may go to http://127.0.0.1. */
  REPORT_CALLBACK_ALLOW_LOOPBACK: bool.default(false),
  /** Signs e-mail links; without it a key is derived from AUTH_JWT_SECRET. */
  EMAIL_LINK_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  /** How long a verification link works. */
  EMAIL_VERIFICATION_TTL_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(48),
});

type ParsedConfig = z.output<typeof configSchema>;

/**
 * NATIVE_MODULES_OFF alone, for the modules that choose their path when they load (in every
 * worker thread too, which has no Config): the same rule as loadConfig's, which refuses a bad value at start.
 */
export function nativeModulesOff(env: NodeJS.ProcessEnv = process.env): ReadonlySet<string> {
  const parsed = configSchema.shape.NATIVE_MODULES_OFF.safeParse(env.NATIVE_MODULES_OFF || undefined);
  if (!parsed.success) throw new ConfigError(`invalid configuration:\n  NATIVE_MODULES_OFF: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return new Set(parsed.data);
}

export type Config = Omit<ParsedConfig, 'COMPUTE_MODE'> & {
  COMPUTE_MODE: NonNullable<ParsedConfig['COMPUTE_MODE']>;
  dataDir: string;
  /** AUTH_JWT_SECRET was generated under DATA_DIR, not given: only this service mints its tokens. */
  jwtSecretGenerated?: boolean;
};

/** Largest `limit` of GET /api/v1/auth/logs (field-reference §11 "Limits"). */
/**
 * How long a report worker's Chromium check (launch and one probe page) may take. An embedded
 * server runs it before it says it is ready (so that a ready server takes reports), which is why
 * the start-up hooks are given longer than this (startupHookTimeoutMs).
 */
export const reportProbeTimeoutMs = (config: Pick<Config, 'REPORT_RENDER_TIMEOUT_MS'>) => Math.min(config.REPORT_RENDER_TIMEOUT_MS, 30_000);

/**
 * Fastify's limit for each start-up hook: its default of 10 s was shorter than the Chromium check,
 * which took 7-8 s alone at a load of 16 and so failed whole starts (FST_ERR_HOOK_TIMEOUT) on a busy box.
 */
export const startupHookTimeoutMs = (config: Pick<Config, 'REPORT_RENDER_TIMEOUT_MS'>) => reportProbeTimeoutMs(config) + 15_000;

export const LOGS_MAX_LIMIT = 500;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(configSchema.shape)
      .filter((k) => env[k] !== undefined && env[k] !== '')
      .map((k) => [k, env[k]]),
  );
  const parsed = configSchema.safeParse(known);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  const problems = crossChecks(parsed.data, underTestRunner(env));
  if (problems.length) throw new ConfigError(`invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  if (parsed.data.ADMIN_PASSWORD_HASH && !parsed.data.ADMIN_USERNAME) {
    throw new ConfigError('invalid configuration:\n  ADMIN_USERNAME: required with ADMIN_PASSWORD_HASH');
  }
  return { ...parsed.data, ...computeDefaults(parsed.data), dataDir: path.resolve(parsed.data.DATA_DIR) };
}

/** One process hands its tasks to its pool; several compute their light tasks on their own event loops. */
function computeDefaults(c: ParsedConfig): Pick<Config, 'COMPUTE_MODE'> {
  return { COMPUTE_MODE: c.COMPUTE_MODE ?? (c.SERVICE_PROCESSES > 1 ? 'mixed' : 'pool') };
}

/** The test runner marks its processes; tests must never reach the real payment provider. */
function underTestRunner(env: NodeJS.ProcessEnv): boolean {
  return [env, process.env].some((e) => e.NODE_ENV === 'test' || e.VITEST !== undefined);
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);
export const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host);

/** Rules that involve several settings. */
function crossChecks(c: z.output<typeof configSchema>, testRunner: boolean): string[] {
  const problems: string[] = [];
  if (c.STRIPE_LOOPBACK_ONLY || testRunner) {
    const host = c.STRIPE_API_HOST ?? (c.STRIPE_SECRET_KEY ? 'api.stripe.com' : undefined);
    if (host !== undefined && !isLoopbackHost(host)) {
      problems.push(
        `STRIPE_API_HOST: '${host}' is not a loopback address; ${testRunner ? 'under the test runner' : 'with STRIPE_LOOPBACK_ONLY'} Stripe is reached only on 127.0.0.1`,
      );
    }
  }
  if (c.SERVICE_PROCESSES > 1) {
    const missing = [c.DATABASE_URL ? '' : 'DATABASE_URL', c.REDIS_URL ? '' : 'REDIS_URL'].filter(Boolean);
    if (missing.length)
      problems.push(
        `SERVICE_PROCESSES: ${c.SERVICE_PROCESSES} processes need ${missing.join(' and ')} (the embedded database and the in-process stand-ins of Redis belong to one process)`,
      );
  }
  if (c.REPORT_CALLBACK_ALLOW_LOOPBACK && !testRunner)
    problems.push('REPORT_CALLBACK_ALLOW_LOOPBACK: only for the test runner; callbacks go to public https addresses');
  for (const origin of c.BILLING_REDIRECT_ORIGINS) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      /* reported below */
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, '')) {
      problems.push(`BILLING_REDIRECT_ORIGINS: '${origin}' is not an origin like https://app.example.com`);
    }
  }
  return problems;
}
