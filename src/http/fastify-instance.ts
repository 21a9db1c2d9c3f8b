/**
 * The Fastify instance every route of the service runs in, with the rules that hold for every
 * request before any route: logging with secrets redacted, request parsing and validation, the
 * API's error shapes, compression, connection limits and browser headers.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifySchema, type FastifySerializerCompiler } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { startupHookTimeoutMs, type Config } from '../config.ts';
import { registerCors, registerNoSniff } from './browser-headers.ts';
import { registerCompression } from './compression.ts';
import { capConnectionsPerClient, closeAfterEarlyAnswer, closeSilentConnections, serverTimeouts } from './connection-limits.ts';
import { coordinateSpellings } from './coordinate-spellings.ts';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './errors.ts';
import { registerForwardedHeaderWarning } from './forwarded-headers.ts';
import { registerJsonBodyParser } from './json-body.ts';
import { laxValidatorCompiler } from './lax-validation.ts';
import { requestSerializer } from './log-redaction.ts';
import { declareValidationErrors } from './openapi.ts';
import { refuseWhileClosing } from './shutdown-refusal.ts';
import { registerUnknownFieldWarnings } from './unknown-fields.ts';

export interface LoggerChoice {
  logger?: boolean | object;
  /** A pino logger made before the app; wins over `logger`. */
  loggerInstance?: FastifyBaseLogger;
}

export async function createFastify(config: Config, choice: LoggerChoice): Promise<FastifyInstance> {
  // Request lines show the URL with secret-looking query values redacted.
  const serializers = { req: requestSerializer };
  const logger =
    choice.logger === undefined
      ? { level: config.LOG_LEVEL, serializers }
      : typeof choice.logger === 'object'
        ? { ...choice.logger, serializers }
        : choice.logger;
  const app = Fastify({
    ...(choice.loggerInstance ? { loggerInstance: choice.loggerInstance } : { logger }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // `/api/v1/natal/chart` finds `/api/v1/natal/chart/`: the public service's framework redirects
    // one to the other, and clients written against it call either.
    routerOptions: { ignoreTrailingSlash: true },
    // Never trust a client-sent request id in logs; generate our own.
    genReqId: undefined,
    // Client addresses (rate of failed key lookups) from X-Forwarded-For only behind trusted proxies.
    trustProxy: config.TRUST_PROXY,
    // Errors answered before any route runs keep the API's {detail} shape.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    ...serverTimeouts(config),
    // Requests refused while closing get the API's own 503 shape (shutdown-refusal.ts).
    return503OnClosing: false,
    // An embedded server checks its report worker's Chromium before it is ready (config.ts).
    pluginTimeout: startupHookTimeoutMs(config),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(laxValidatorCompiler);
  // The provider types its compiler through a fastify path its package does not export (it reads as an error type).
  app.setSerializerCompiler(serializerCompiler as FastifySerializerCompiler<FastifySchema>);
  registerErrorHandling(app);
  refuseWhileClosing(app);
  registerJsonBodyParser(app);
  declareValidationErrors(app);
  registerUnknownFieldWarnings(app);
  registerForwardedHeaderWarning(app);
  // lon, long, longitude and latitude read as lng and lat on every route that has them.
  app.addHook('preValidation', coordinateSpellings);
  // Before every route: the plugin hooks each route as it is declared.
  await registerCompression(app);
  capConnectionsPerClient(app.server, config.MAX_CONNECTIONS_PER_CLIENT);
  closeSilentConnections(app.server, config.IDLE_TIMEOUT_MS);
  app.addHook('onSend', closeAfterEarlyAnswer);
  registerNoSniff(app);
  await registerCors(app, config.CORS_ORIGINS);
  return app;
}
