/** The chart images' endpoints. */
import type { Endpoint } from '../../http/endpoint.ts';

export const CHART_ENDPOINTS: readonly Endpoint[] = [];
