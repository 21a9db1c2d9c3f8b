/**
 * English and former names that must win over a place whose own name they are. The gazetteer
 * prefers a place's own name to another place's alternate name unless that one is far larger
 * (gazetteer.ts), which keeps "Islamabad" from resolving to Chattogram (one of whose old names it
 * is) but would send "Geneva" to a town of 21,000 in Illinois and "St. Petersburg" to Florida.
 * Each alias names the place by its main name in the gazetteer, with its country (a test checks
 * that each exists); an explicit country in the request still wins.
 */
const ALIASES: Record<string, readonly [name: string, country: string]> = {
  // English names of European cities
  geneva: ['Genève', 'CH'],
  lucerne: ['Luzern', 'CH'],
  cologne: ['Köln', 'DE'],
  nuremberg: ['Nürnberg', 'DE'],
  hanover: ['Hannover', 'DE'],
  brunswick: ['Braunschweig', 'DE'],
  frankfurt: ['Frankfurt am Main', 'DE'],
  antwerp: ['Antwerpen', 'BE'],
  cracow: ['Kraków', 'PL'],
  seville: ['Sevilla', 'ES'],
  gothenburg: ['Göteborg', 'SE'],
  marseilles: ['Marseille', 'FR'],
  dunkirk: ['Dunkerque', 'FR'],
  salonica: ['Thessaloníki', 'GR'],
  thessaloniki: ['Thessaloníki', 'GR'],
  odessa: ['Odesa', 'UA'],
  'st petersburg': ['Saint Petersburg', 'RU'],
  // Short forms people write
  'new york': ['New York City', 'US'],
  nyc: ['New York City', 'US'],
  washington: ['Washington', 'US'],
  'washington dc': ['Washington', 'US'],
  mexico: ['Mexico City', 'MX'],
  // Former names (births are often recorded under them)
  bombay: ['Mumbai', 'IN'],
  calcutta: ['Kolkata', 'IN'],
  madras: ['Chennai', 'IN'],
  bangalore: ['Bengaluru', 'IN'],
  kiev: ['Kyiv', 'UA'],
  kharkov: ['Kharkiv', 'UA'],
  lemberg: ['Lviv', 'UA'],
  peking: ['Beijing', 'CN'],
  saigon: ['Ho Chi Minh City', 'VN'],
  leningrad: ['Saint Petersburg', 'RU'],
  constantinople: ['Istanbul', 'TR'],
  rangoon: ['Yangon', 'MM'],
};

/** Keyed by folded name; a Map, so that "constructor" or "__proto__" are names like any other. */
export const PLACE_ALIASES: ReadonlyMap<string, { name: string; country: string }> = new Map(
  Object.entries(ALIASES).map(([alias, [name, country]]) => [alias, { name, country }]),
);
