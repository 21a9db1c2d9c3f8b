import { describe, expect, it } from 'vitest';
import { PROBLEM_CONTENT_TYPE } from '../../../src/numerology/index.ts';
import { loadVectors, requestForVector, run } from './helpers.ts';
import type { AnyJson } from './helpers.ts';

const file = loadVectors();

describe('numerology trusted vectors (spec.md §7)', () => {
  it('has the published number of vectors', () => {
    expect(file.count).toBe(116);
    expect(file.vectors).toHaveLength(116);
  });

  describe.each(file.vectors.map((v) => [v.id, v] as const))('%s', (_id, vector) => {
    it(`${vector.profile_id} / ${vector.calculation}`, () => {
      const res = run(requestForVector(vector));
      const body = res.body as AnyJson;
      if (vector.expected.error) {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.contentType).toBe(PROBLEM_CONTENT_TYPE);
        expect({ code: body.code, field: body.field }).toEqual(vector.expected.error);
        return;
      }
      expect(res.status).toBe(200);
      expect(body.data.kind).toBe(vector.system);
      expect(body.method.system).toBe(vector.system);
      expect(body.method.profile_id).toBe(vector.profile_id);
      expect(Object.keys(body.data.calculations)).toEqual([vector.calculation]);
      // Every expected field must match; extra fields are allowed (spec.md §6).
      expect(body.data.calculations[vector.calculation]).toMatchObject(vector.expected);
    });
  });
});
