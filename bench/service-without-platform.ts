/**
 * The service itself (same app, routes, logger and data) without its platform layers: no API
 * key, no rate limit, no idempotency, no usage log, no request metrics. The reference the
 * benchmark holds the platform cost against. Bench only.
 */
import { serve } from '../src/main.ts';

await serve({ platformLayers: false });
