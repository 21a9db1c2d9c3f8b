/**
 * Public API of the numerology engine (pure; no I/O, no logging, no caching of subject data).
 *
 * HTTP layer:
 * - `POST /api/v1/numerology/profile` → `runProfileRequest(rawBody, { instance, traceId, now })`
 *   and send `{status, contentType, body}` as is.
 * - `GET /api/v1/numerology/methods` → `getRegistry()` with ETag `getRegistryEtag()`.
 * - `GET /api/v1/numerology/alphabets` → `getAlphabets()` with ETag `getAlphabetsEtag()`.
 */
export { runProfileRequest, AUTO_TZ, JSON_CONTENT_TYPE } from './run-profile-request.ts';
export type { EngineResponse, ProfileRequestContext, ProfileWarning, TimeZoneQuery } from './run-profile-request.ts';
export { getAlphabets, getAlphabetsEtag, getRegistry, getRegistryEtag, getRegistryVersion } from './registry.ts';
export type { NumerologyAlphabetsResponse, NumerologyMethodsResponse } from './registry.ts';
export { ifNoneMatchMatches } from './etag.ts';
export { NumerologyProfileRequestSchema, parseProfileRequest } from './profile-request.ts';
export type { NumerologyProfileRequest } from './profile-request.ts';
export { DEFAULT_PROBLEM_BASE_URL, PROBLEM_CATALOGUE, PROBLEM_CONTENT_TYPE, buildProblem, problemTypeUri } from './problems.ts';
export type { ProblemCode, ProblemDetails } from './problems.ts';
export { computeProfile } from './profile.ts';
export { REGISTRY_VERSION, SYSTEM_IDS } from './profiles.ts';
export type { SystemId } from './profiles.ts';
