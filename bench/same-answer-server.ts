/**
 * The ceiling of serving a route's answer over HTTP on this box: a bare Fastify server whose one
 * POST route parses the JSON body and answers the same object every time (serialised per
 * request, as any answer is), a real answer of the measured route recorded by the bench before
 * the runs (ANSWER_FILE, at ROUTE_PATH). No validation, no computation, no platform layers.
 * Bench only.
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const answer = JSON.parse(fs.readFileSync(process.env.ANSWER_FILE!, 'utf8')) as unknown;
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/readyz', async () => ({ status: 'ready' }));
app.post(process.env.ROUTE_PATH!, async () => answer);
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
