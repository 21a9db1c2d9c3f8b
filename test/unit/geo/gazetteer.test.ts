/**
 * City lookup: names as people type them (local, English, former, other scripts), folded
 * accents and letters, ranking by population, country and region narrowing, namesakes.
 */
import { describe, expect, it } from 'vitest';
import { describePlace, findPlace, foldPlaceName, matchPlace, resolveCountry } from '../../../src/geo/gazetteer.ts';

describe('foldPlaceName', () => {
  it('folds case, accents and the letters Unicode does not decompose', () => {
    expect(foldPlaceName('Łódź')).toBe('lodz');
    expect(foldPlaceName('København')).toBe('kobenhavn');
    expect(foldPlaceName('Æøå-Straße')).toBe('aeoa strasse');
    expect(foldPlaceName('Đakovo')).toBe('dakovo');
    expect(foldPlaceName('  St. Petersburg ')).toBe('st petersburg');
    expect(foldPlaceName('İstanbul')).toBe('istanbul');
    expect(foldPlaceName('Москва')).toBe('москва');
  });
});

describe('findPlace', () => {
  it('finds the most populous place of a name', () => {
    expect(findPlace('Paris')).toMatchObject({ country: 'FR', region: 'Île-de-France', timezone: 'Europe/Paris' });
    expect(findPlace('london')).toMatchObject({ country: 'GB' });
  });

  it.each([
    ['München', 'Munich', 'DE'],
    ['Wien', 'Vienna', 'AT'],
    ['Milano', 'Milan', 'IT'],
    ['Praha', 'Prague', 'CZ'],
    ['Warszawa', 'Warsaw', 'PL'],
    ['Lisboa', 'Lisbon', 'PT'],
    ['Firenze', 'Florence', 'IT'],
    ['Napoli', 'Naples', 'IT'],
    ['Den Haag', 'The Hague', 'NL'],
    ['Bruxelles', 'Brussels', 'BE'],
    ['København', 'Copenhagen', 'DK'],
    ['Kobenhavn', 'Copenhagen', 'DK'],
    ['Lodz', 'Łódź', 'PL'],
    ['Москва', 'Moscow', 'RU'],
    ['東京', 'Tokyo', 'JP'],
    ['Roma', 'Rome', 'IT'],
    ['Moskva', 'Moscow', 'RU'],
    ['St. Petersburg', 'Saint Petersburg', 'RU'],
    ['Tromso', 'Tromsø', 'NO'],
  ])('resolves the local or other-language name %s to %s', (typed, name, country) => {
    expect(findPlace(typed)).toMatchObject({ name, country });
  });

  it('understands English and former names of cities listed under another name', () => {
    expect(findPlace('Geneva')).toMatchObject({ name: 'Genève', country: 'CH' });
    expect(findPlace('Cologne')).toMatchObject({ name: 'Köln', country: 'DE' });
    expect(findPlace('New York')).toMatchObject({ name: 'New York City', country: 'US' });
    expect(findPlace('Washington')).toMatchObject({ name: 'Washington', country: 'US', region: 'District of Columbia' });
    expect(findPlace('Bombay')).toMatchObject({ name: 'Mumbai', country: 'IN' });
    expect(findPlace('Kiev')).toMatchObject({ name: 'Kyiv', country: 'UA' });
    expect(findPlace('Leningrad')).toMatchObject({ name: 'Saint Petersburg', country: 'RU' });
  });

  it('lets an explicit country win, as a code, an English name or a trailing part', () => {
    expect(findPlace('Geneva', 'US')).toMatchObject({ name: 'Geneva', country: 'US' });
    expect(findPlace('Roma', 'AU')).toMatchObject({ name: 'Roma', country: 'AU' });
    expect(findPlace('St. Petersburg', 'United States')).toMatchObject({ name: 'St. Petersburg', country: 'US', region: 'Florida' });
    expect(findPlace('Geneva, Switzerland')).toMatchObject({ name: 'Genève', country: 'CH' });
    expect(findPlace('Washington', 'GB')).toMatchObject({ name: 'Washington', country: 'GB' });
    expect(findPlace('Paris', 'Atlantis')).toBeUndefined();
  });

  it('narrows by a trailing region: a state name or its postal code', () => {
    expect(findPlace('Paris, Texas')).toMatchObject({ name: 'Paris', country: 'US', region: 'Texas' });
    expect(findPlace('Portland, OR')).toMatchObject({ name: 'Portland', country: 'US', region: 'Oregon' });
  });

  it('answers undefined for names it does not know', () => {
    expect(findPlace('Qwertyuiopville')).toBeUndefined();
    expect(findPlace('')).toBeUndefined();
    expect(findPlace(' , ')).toBeUndefined();
  });

  it('is safe against names of built-in object properties', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'prototype', 'valueOf']) {
      expect(() => findPlace(name), name).not.toThrow();
      expect(() => findPlace('Paris', name), name).not.toThrow();
      expect(findPlace('Paris', name), name).toBeUndefined();
      expect(resolveCountry(name), name).toBeUndefined();
    }
    expect(findPlace('constructor')).toBeUndefined();
    expect(findPlace('__proto__')).toBeUndefined();
  });
});

describe('matchPlace', () => {
  it('names the most populous namesakes in other countries when no country is given', () => {
    const rome = matchPlace('Roma')!;
    expect(rome.place).toMatchObject({ name: 'Rome', country: 'IT', region: 'Lazio' });
    expect(rome.namesakes.length).toBeGreaterThan(0);
    expect(rome.namesakes.every((p) => p.country !== 'IT')).toBe(true);
    expect(new Set(rome.namesakes.map((p) => p.country)).size).toBe(rome.namesakes.length);
    expect(describePlace(rome.place)).toBe('Rome, Lazio, Italy');
  });

  it('has no namesakes when the country is given or the name is unique', () => {
    expect(matchPlace('Roma', 'IT')!.namesakes).toEqual([]);
    expect(matchPlace('Tromsø')!.namesakes).toEqual([]);
  });
});

describe('place aliases', () => {
  it('are folded names of places that exist under the given main name and country', async () => {
    const { PLACE_ALIASES } = await import('../../../src/geo/place-aliases.ts');
    for (const [alias, { name, country }] of PLACE_ALIASES) {
      expect(foldPlaceName(alias), alias).toBe(alias);
      expect(findPlace(name, country), alias).toMatchObject({ name, country });
    }
  });

  it('keep a place of its own name from losing to an old name of another one', () => {
    expect(findPlace('Islamabad')).toMatchObject({ country: 'PK' });
    expect(findPlace('Parma')).toMatchObject({ country: 'IT' });
    expect(findPlace('Alessandria')).toMatchObject({ country: 'IT' });
    expect(findPlace('Odessa')).toMatchObject({ name: 'Odesa', country: 'UA' });
  });
});
