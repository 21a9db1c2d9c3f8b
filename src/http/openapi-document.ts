/**
 * The OpenAPI document at /openapi.json (made from the routes' zod schemas) and its interactive
 * reference at /docs: registered before any route, so that every route is in it.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { registerApiReference } from './api-reference-page.ts';
import { API_INTRODUCTION, SECURITY_SCHEMES } from './openapi-families.ts';
import { transformOpenApiObject } from './openapi.ts';

export async function registerOpenApi(app: FastifyInstance, config: Config, mcpScopes: Record<string, string>): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Astrology Calculation Service', version: '1.0.0', description: API_INTRODUCTION },
      components: { securitySchemes: SECURITY_SCHEMES(mcpScopes) },
    },
    transform: jsonSchemaTransform,
    transformObject: transformOpenApiObject,
  });
  await registerApiReference(app, { publicBaseUrl: config.PUBLIC_BASE_URL });
}
