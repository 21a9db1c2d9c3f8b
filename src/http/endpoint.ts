/**
 * A calculation endpoint, declared once in its family's folder as plain data: what OpenAPI says of
 * it, what it accepts, what it answers, the computation that runs in the compute pool and what
 * runs before it on the event loop, and how AI clients see it as an MCP tool. The Fastify routes
 * (endpoint-routes.ts), the pool's task table (src/pool-tasks.ts), the MCP tools
 * (features/mcp/endpoint-tools.ts) and the contract tests are all made from these declarations,
 * so that adding an endpoint is one entry in one file.
 *
 * Nothing here imports Fastify: a worker thread loads the declarations for their tasks.
 */
import type { z } from 'zod/v4';
import type { PoolTask } from '../compute/pool-task.ts';
import type { ComputeRunner } from '../compute/runner.ts';

export type EndpointMethod = 'GET' | 'POST';

/**
 * What a request brings, as its schemas parsed it (each `undefined` when the endpoint has none).
 * An MCP tool call of an endpoint with a body brings no query: its options come in the body, so a
 * `prepare` that reads both reads the query with `?.` and falls back on the body's field.
 */
export interface EndpointInput<B = unknown, Q = unknown, P = unknown> {
  body: B;
  query: Q;
  params: P;
}

/** The answer's JSON, written by the task in the order and shape its schema declares. */
export interface JsonAnswer {
  json: z.ZodType;
}

/** An image the task draws (a BinaryResponse: content type, headers, bytes), of these media types. */
export interface ImageAnswer {
  image: readonly string[];
}

/** A CSV or NDJSON export, or JSON: the endpoint's own `serve` decides (the ephemeris). */
export interface StreamAnswer {
  /** The schema of its JSON answer, for OpenAPI. */
  json: z.ZodType;
  /** Every media type it can answer in. */
  produces: readonly string[];
  stream: true;
}

export type EndpointAnswer = JsonAnswer | ImageAnswer | StreamAnswer;

/** What an endpoint whose answer is more than its task's (`serve`) can use. */
export interface EndpointContext {
  compute: ComputeRunner;
  /** The account calling (absent only without the platform layers). */
  userId: string | undefined;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Services some endpoints need beyond the compute pool, by the name they are registered under (endpoint-routes.ts). */
  services: EndpointServices;
  /**
   * The HTTP request and reply, opaque here (nothing in this file knows Fastify), for a service
   * that acts on them: the export admission reads the caller's plan and writes the quota headers.
   */
  http: { request: unknown; reply: unknown };
}

/**
 * Services an endpoint's `serve` may ask for. Each is optional: a process that lacks one answers
 * the endpoint's documented refusal.
 */
export interface EndpointServices {
  [name: string]: unknown;
}

/** What `serve` answers: JSON bytes, an image, or a body streamed with its media type. */
export type Served =
  { kind: 'json'; bytes: Buffer } | { kind: 'image'; bytes: Buffer } | { kind: 'body'; contentType: string; headers?: Record<string, string>; body: unknown };

/** A tool's text, or (for one tool per value of a path parameter) its text for those values. */
export type ToolText = string | ((params: Readonly<Record<string, string>>) => string);

/** How an endpoint appears among the MCP tools. */
export interface EndpointTool<A = unknown> {
  title: ToolText;
  /** The tool's name: by default the path's, `/api/v1/western/synastry/summary` → `v1_western_synastry_summary`. */
  name?: string;
  /** By default "`METHOD path`: summary." */
  description?: ToolText;
  /** The arguments, when they are not the request's body (or its query, read as JSON values). */
  input?: z.ZodType<A>;
  /** The request the arguments make, when they are not its body or its query alone (a path parameter among them). */
  request?: (args: A) => EndpointInput;
  /** The request's fields the tool does not take (reports, asked for through REST, cost a credit). */
  omit?: readonly string[];
  /** False when the answer depends on the moment of the call (a default date of now). */
  idempotent?: boolean;
  /** The same tool under further names clients look for. */
  aliases?: readonly { name: string; title: string; description?: string }[];
}

// A list holds endpoints of every request and task type: their functions take those types in and
// give them out, so no type but `any` fits every one of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Endpoint<B = any, Q = any, P = any, T = any> {
  method: EndpointMethod;
  /** The path, and the same operation's other spellings (v1 and v2, the public service's aliases). */
  paths: readonly [string, ...string[]];
  tags: readonly string[];
  summary: string;
  description?: string;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  answer: EndpointAnswer;
  /** Further documented answers (a report's 402 and 503). */
  responses?: Readonly<Record<number, z.ZodType>>;
  /** The computation, in the compute pool. */
  task: PoolTask<T>;
  /**
   * On the event loop, before the task: resolving the place (one bounded gazetteer and time-zone
   * cache per process), the moment of "now", checks that need either. Its errors are the request's.
   */
  prepare(input: EndpointInput<B, Q, P>, nowMs: number): T;
  /** For an answer that is more than the task's bytes (a natal chart with a report job, an export). */
  serve?: (input: EndpointInput<B, Q, P>, context: EndpointContext) => Promise<Served>;
  /** False for a POST that computes nothing billable; a calculation POST is billable by default. */
  billable?: false;
  /** The MCP tool made from this endpoint, or null for none. */
  mcp: EndpointTool | null;
}

/** Declares an endpoint with its types tied together (a list holds them as `Endpoint`). */
export function endpoint<B = undefined, Q = undefined, P = undefined, T = unknown>(declaration: Endpoint<B, Q, P, T>): Endpoint<B, Q, P, T> {
  return declaration;
}

/** The task's answer for a request: prepared on the event loop, computed in the pool. */
export function computeAnswer<B, Q, P, T>(e: Endpoint<B, Q, P, T>, compute: ComputeRunner, input: EndpointInput<B, Q, P>): Promise<Buffer> {
  return compute.run(e.task, e.prepare(input, Date.now()));
}

/** What the endpoint answers to a request, by its `serve` or its task. */
export async function serveEndpoint<B, Q, P, T>(e: Endpoint<B, Q, P, T>, input: EndpointInput<B, Q, P>, context: EndpointContext): Promise<Served> {
  if (e.serve) return e.serve(input, context);
  const bytes = await computeAnswer(e, context.compute, input);
  return 'image' in e.answer ? { kind: 'image', bytes } : { kind: 'json', bytes };
}
