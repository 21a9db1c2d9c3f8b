/**
 * The Fastify routes of the declared endpoints (endpoint.ts): one route per path of each, whose
 * schema is the declaration's (the 200 answer is the answer's own schema, so that the document
 * and the bytes cannot disagree) and whose handler prepares, computes and sends the answer.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeBinaryResponse } from '../compute/binary-response.ts';
import type { ComputeRunner } from '../compute/runner.ts';
import { serveEndpoint, type Endpoint, type EndpointInput, type EndpointServices, type Served } from './endpoint.ts';
import { sendJsonBytes } from './raw-json.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route was made from an endpoint declaration (the test that every calculation route is declared reads it). */
    declaredEndpoint?: boolean;
  }
}

function send(reply: FastifyReply, served: Served) {
  switch (served.kind) {
    case 'json':
      return sendJsonBytes(reply, served.bytes);
    case 'image': {
      const image = decodeBinaryResponse(served.bytes);
      return reply.type(image.contentType).headers(image.headers).send(image.body);
    }
    case 'body':
      return reply
        .type(served.contentType)
        .headers(served.headers ?? {})
        .send(served.body);
  }
}

function schemaOf(e: Endpoint) {
  const answer = e.answer;
  const produces = 'image' in answer ? answer.image : 'stream' in answer ? answer.produces : undefined;
  const ok = 'json' in answer ? { 200: answer.json } : {};
  return {
    tags: [...e.tags],
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    ...(produces ? { 'x-produces': [...produces] } : {}),
    ...(e.body ? { body: e.body } : {}),
    ...(e.query ? { querystring: e.query } : {}),
    ...(e.params ? { params: e.params } : {}),
    ...(e.responses || 'json' in answer ? { response: { ...ok, ...e.responses } } : {}),
  };
}

export function registerEndpoints(app: FastifyInstance, endpoints: readonly Endpoint[], deps: { compute: ComputeRunner; services?: EndpointServices }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const e of endpoints) {
    for (const url of e.paths) {
      typed.route({
        method: e.method,
        url,
        schema: schemaOf(e),
        config: { declaredEndpoint: true, ...(e.billable === false ? { billable: false } : {}) },
        handler: async (request, reply) => {
          const input: EndpointInput = { body: request.body, query: request.query, params: request.params };
          const userId = request.principal?.userId;
          const served = await serveEndpoint(e, input, {
            compute: deps.compute,
            userId,
            headers: request.headers,
            services: deps.services ?? {},
            http: { request, reply },
          });
          return send(reply, served);
        },
      });
    }
  }
}
