/** The paths of the sent body that the parsed body does not have: nested, in arrays, null meaning absent. */
import { describe, expect, it } from 'vitest';
import { unknownFields } from '../../src/http/unknown-fields.ts';

describe('unknownFields', () => {
  it('names top-level, nested and array-element fields the parsed body lacks', () => {
    const sent = { city: 'Rome', citty: 'Roma', natal: { year: 1990, yaer: 1991 }, people: [{ name: 'A' }, { name: 'B', nmae: 'C' }] };
    const parsed = { city: 'Rome', natal: { year: 1990 }, people: [{ name: 'A' }, { name: 'B' }] };
    expect(unknownFields(sent, parsed)).toEqual(['citty', 'natal.yaer', 'people.1.nmae']);
  });

  it('ignores null members (null means absent) and values transformed at the leaves', () => {
    expect(unknownFields({ a: null, house_system: 'placidus' }, { house_system: 'P' })).toEqual([]);
  });

  it('lists at most twenty', () => {
    const sent = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, i]));
    expect(unknownFields(sent, {})).toHaveLength(20);
  });
});
