/** The ephemeris tables' endpoints. */
import type { Endpoint } from '../../http/endpoint.ts';

export const EPHEMERIS_ENDPOINTS: readonly Endpoint[] = [];
