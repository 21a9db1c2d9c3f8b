/** The other spellings of lat and lng: read where the schema knows the field, refused when they disagree. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { readCoordinateSpellings, spellingTree } from '../../src/http/coordinate-spellings.ts';
import { RequestFieldError } from '../../src/requests/request-error.ts';
import { toolSchema } from '../../src/features/mcp/tool-schema.ts';

const place = z.object({ lat: z.number().optional(), lng: z.number().optional(), city: z.string().optional() });
const schema = z.object({
  ...place.shape,
  natal: place.optional(),
  people: z.array(place).max(3).optional(),
  current_lat: z.number().optional(),
  current_lng: z.number().optional(),
  picked: z.union([place, z.string()]).optional(),
  wrapped: place
    .default({})
    .transform((p) => p)
    .optional(),
  // A schema that names `longitude` itself keeps it.
  own: z.object({ lng: z.number(), longitude: z.string() }).optional(),
});

function read(value: Record<string, unknown>) {
  readCoordinateSpellings(value, spellingTree(schema), ['body']);
  return value;
}

describe('coordinate spellings', () => {
  it('reads lon, long, longitude and latitude as lng and lat, at every level the schema has them', () => {
    expect(read({ lat: 1, lon: 2 })).toEqual({ lat: 1, lng: 2 });
    expect(read({ latitude: 1, long: 2 })).toEqual({ lat: 1, lng: 2 });
    expect(read({ natal: { latitude: 1, longitude: 2 } })).toEqual({ natal: { lat: 1, lng: 2 } });
    expect(read({ people: [{ lon: 2 }, { lat: 3, lng: 4 }] })).toEqual({ people: [{ lng: 2 }, { lat: 3, lng: 4 }] });
    expect(read({ current_lon: 5, current_latitude: 6 })).toEqual({ current_lng: 5, current_lat: 6 });
    expect(read({ picked: { lon: 1 }, wrapped: { longitude: 9 } })).toEqual({ picked: { lng: 1 }, wrapped: { lng: 9 } });
    expect(read({ own: { lng: 1, longitude: 'east' } })).toEqual({ own: { lng: 1, longitude: 'east' } });
  });

  it('leaves a spelling where the schema has no place (it stays unknown), and a null alone', () => {
    expect(read({ city: 'x', extra: { lon: 1 } })).toEqual({ city: 'x', extra: { lon: 1 } });
    expect(read({ lng: 1, lon: null })).toEqual({ lng: 1, lon: null });
  });

  it('takes one value sent twice, and refuses two values naming both fields', () => {
    expect(read({ lng: 2.35, lon: '2.350' })).toEqual({ lng: 2.35 });
    let error: unknown;
    try {
      read({ natal: { lng: 2.35, longitude: 2.4 } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RequestFieldError);
    const { loc, alsoAt, message } = error as RequestFieldError;
    expect([loc, ...alsoAt]).toEqual([
      ['body', 'natal', 'lng'],
      ['body', 'natal', 'longitude'],
    ]);
    expect(message).toMatch(/lng.*longitude/);
  });

  it('gives MCP tools the same reading, and a conflict as an issue on both paths', () => {
    const tool = toolSchema(z.object({ lat: z.number(), lng: z.number() }));
    expect(tool['~standard'].validate({ latitude: 1, lon: 2 })).toEqual({ value: { lat: 1, lng: 2 } });
    const refused = tool['~standard'].validate({ lat: 1, lng: 2, lon: 3 }) as unknown as { issues: { path: unknown[] }[] };
    expect(refused.issues.map((i) => i.path)).toEqual([['lng'], ['lon']]);
  });
});
