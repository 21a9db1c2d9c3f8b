/** City lookup: the most populous place of a name, English and former names, country narrowing. */
import { describe, expect, it } from 'vitest';
import { findPlace, normalizePlaceName } from '../../../src/geo/gazetteer.ts';
import { PLACE_ALIASES } from '../../../src/geo/place-aliases.ts';

describe('findPlace', () => {
  it('finds the most populous place of a name', () => {
    expect(findPlace('Paris')).toMatchObject({ country: 'FR' });
    expect(findPlace('london')).toMatchObject({ country: 'GB' });
  });

  it('understands English and former names of cities listed under another name', () => {
    expect(findPlace('Geneva')).toMatchObject({ name: 'Genève', country: 'CH' });
    expect(findPlace('Cologne')).toMatchObject({ name: 'Köln', country: 'DE' });
    expect(findPlace('New York')).toMatchObject({ name: 'New York City', country: 'US' });
    expect(findPlace('Washington')).toMatchObject({ name: 'Washington, D.C.', country: 'US' });
    expect(findPlace('Bombay')).toMatchObject({ name: 'Mumbai', country: 'IN' });
    expect(findPlace('Kiev')).toMatchObject({ name: 'Kyiv', country: 'UA' });
  });

  it('lets an explicit country win over an alias', () => {
    expect(findPlace('Geneva', 'US')).toMatchObject({ name: 'Geneva', country: 'US' });
    expect(findPlace('Geneva, Switzerland')).toMatchObject({ name: 'Genève', country: 'CH' });
    expect(findPlace('Washington', 'GB')).toMatchObject({ name: 'Washington', country: 'GB' });
  });

  it('has every alias in normalised form, pointing at a place that exists', () => {
    for (const [alias, [name, country]] of Object.entries(PLACE_ALIASES)) {
      expect(normalizePlaceName(alias), alias).toBe(alias);
      expect(findPlace(name, country), alias).toMatchObject({ name, country });
    }
  });
});
