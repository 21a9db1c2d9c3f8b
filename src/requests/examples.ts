/**
 * Requests that the service accepts as they are, for the OpenAPI document: Swagger UI's
 * "Try it out" sends a schema's first example, so each one must be a real, valid request
 * (test/integration/openapi-examples.test.ts sends every one of them).
 */

/** A birth with a known time at given coordinates and zone: the flat fields of every chart request. */
export const exampleBirth = { name: 'Ada', year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon' };

/** A second person, for the composite and synastry charts. */
export const examplePartner = { name: 'Ben', year: 1992, month: 11, day: 3, hour: 21, minute: 40, lat: 51.5, lng: -0.12, tz_str: 'Europe/London' };
