// The reference of `npm run bench:served` (bench/served-as-run.bench.ts): a bare Fastify process
// whose one POST route answers the same bytes every time, a natal answer the served service gave
// (ANSWER_FILE), at ROUTE_PATH. Fastify parses the JSON body as it parses any; nothing else runs:
// no validation, no computation, no serialisation, no logger. Plain JavaScript, so that it runs
// under node as the compiled service does, with no loader. Bench only.
import fs from 'node:fs';
import Fastify from 'fastify';

const answer = fs.readFileSync(process.env.ANSWER_FILE);
const app = Fastify({ logger: false });
app.get('/readyz', async () => ({ status: 'ready' }));
app.post(process.env.ROUTE_PATH, async (_request, reply) => reply.type('application/json; charset=utf-8').send(answer));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
