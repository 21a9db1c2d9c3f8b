/**
 * The reading of a typed place shared by the search and a calculation's `city`: the name and
 * its comma qualifiers, the filter they make, and the names spelt a letter or two away.
 */
import { describe, expect, it } from 'vitest';
import { matchPlace, resolveCountry } from '../../../src/geo/gazetteer.ts';
import { searchPlaces } from '../../../src/geo/place-search.ts';
import { placeFilter, readPlaceQuery } from '../../../src/geo/place-query.ts';
import { allowedEdits, similarNames } from '../../../src/geo/similar-names.ts';
import { gazetteer } from '../../../src/geo/gazetteer-index.ts';

describe('readPlaceQuery', () => {
  it('splits the name from its qualifiers and says which qualifiers name a country', () => {
    expect(readPlaceQuery('Varanasi, Uttar Pradesh, IN', resolveCountry)).toEqual({
      name: 'varanasi',
      whole: 'varanasi uttar pradesh in',
      qualifiers: [
        { folded: 'uttar pradesh', country: undefined },
        { folded: 'in', country: 'IN' },
      ],
    });
    expect(readPlaceQuery('London, UK', resolveCountry).qualifiers).toEqual([{ folded: 'uk', country: 'GB' }]);
    expect(readPlaceQuery('  Zürich  ', resolveCountry)).toEqual({ name: 'zurich', whole: 'zurich', qualifiers: [] });
    expect(readPlaceQuery('Paris,, ', resolveCountry).qualifiers).toEqual([]);
  });
});

describe('placeFilter', () => {
  const rankOf = (name: string, country: string) =>
    gazetteer()
      .mainNames.ranksNamed(name)
      .find((rank) => gazetteer().countryOf(rank) === country)!;

  it('accepts a place whose country or region each qualifier names', () => {
    const atlanta = rankOf('atlanta', 'US');
    const tbilisi = rankOf('tbilisi', 'GE');
    const georgia = placeFilter(readPlaceQuery('x, Georgia', resolveCountry).qualifiers)!;
    expect(georgia(atlanta)).toBe(true);
    expect(georgia(tbilisi)).toBe(true);
    expect(placeFilter(readPlaceQuery('x, Texas', resolveCountry).qualifiers)!(atlanta)).toBe(false);
    expect(placeFilter(readPlaceQuery('x, GA, US', resolveCountry).qualifiers)!(atlanta)).toBe(true);
    // An explicit country holds whatever the qualifiers say.
    expect(placeFilter(readPlaceQuery('x, Georgia', resolveCountry).qualifiers, 'GE')!(atlanta)).toBe(false);
    expect(placeFilter([], undefined)).toBeUndefined();
  });
});

describe('similarNames', () => {
  it('allows no edit under four letters, one up to seven, two from eight', () => {
    expect([3, 4, 7, 8, 20].map(allowedEdits)).toEqual([0, 1, 1, 2, 2]);
    expect(similarNames('pars')).not.toEqual([]);
    expect(similarNames('rmo')).toEqual([]);
  });

  it('counts two swapped letters as one edit, closest names first', () => {
    const pairs = similarNames('pairs');
    expect(pairs).toContainEqual({ name: 'paris', distance: 1 });
    expect(pairs.every((s) => s.distance === 1)).toBe(true);
    const frankfurt = similarNames('frankfrut');
    expect(frankfurt[0]).toEqual({ name: 'frankfurt', distance: 1 });
    expect(frankfurt.map((s) => s.distance)).toEqual([...frankfurt.map((s) => s.distance)].sort());
    expect(similarNames('paris').map((s) => s.name)).not.toContain('paris');
  });
});

describe('one reading for the search and the city field', () => {
  it('resolves a city to the place the search lists first, for plain and qualified names', () => {
    for (const text of [
      'Paris',
      'Springfield, Illinois',
      'Jingzhou, Hubei',
      'Varanasi, Uttar Pradesh, IN',
      'London, UK',
      'New York, USA',
      'Portland, OR',
      'Moskva',
    ]) {
      expect(searchPlaces(text, { limit: 1 })[0]?.place.geonames_id, text).toBe(matchPlace(text)?.place.geonames_id);
    }
  });

  it('leaves a misspelt city unresolved, while the search offers the nearest names', () => {
    expect(matchPlace('Amsterdm')).toBeUndefined();
    expect(searchPlaces('Amsterdm', { limit: 1 })[0]).toMatchObject({
      place: { name: 'Amsterdam', country: 'NL' },
      match: 'similar',
      matched_name: 'amsterdam',
    });
  });
});
