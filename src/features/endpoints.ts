/**
 * Every declared calculation endpoint (src/http/endpoint.ts), by MCP family: the routes, the
 * pool's tasks, the MCP tools and the contract tests are made from this list. A family's folder
 * keeps its own list; adding an endpoint touches that folder only.
 */
import type { Endpoint } from '../http/endpoint.ts';
import type { Family } from './mcp/families.ts';
import { WESTERN_ENDPOINTS } from './western/western-endpoints.ts';
import { CHART_ENDPOINTS } from './charts/charts-endpoints.ts';
import { EPHEMERIS_ENDPOINTS } from './ephemeris/ephemeris-endpoints.ts';
import { SKY_EVENTS_ENDPOINTS } from './sky-events/sky-events-endpoints.ts';
import { MOON_ENDPOINTS } from './moon/moon-endpoints.ts';
import { VEDIC_ENDPOINTS } from './vedic/vedic-endpoints.ts';
import { CHINESE_ENDPOINTS } from './chinese/chinese-endpoints.ts';

export interface FamilyEndpoints {
  family: Family;
  endpoints: readonly Endpoint[];
}

export const ENDPOINT_FAMILIES: readonly FamilyEndpoints[] = [
  { family: 'western', endpoints: WESTERN_ENDPOINTS },
  { family: 'ephemeris', endpoints: [...EPHEMERIS_ENDPOINTS, ...SKY_EVENTS_ENDPOINTS, ...MOON_ENDPOINTS] },
  { family: 'charts', endpoints: CHART_ENDPOINTS },
  { family: 'vedic', endpoints: VEDIC_ENDPOINTS },
  { family: 'chinese', endpoints: CHINESE_ENDPOINTS },
];

export const ENDPOINTS: readonly Endpoint[] = ENDPOINT_FAMILIES.flatMap((f) => f.endpoints);
