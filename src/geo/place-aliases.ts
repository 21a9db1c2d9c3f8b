/**
 * English and former names of cities that the gazetteer lists under another name. The GeoNames
 * extract carries one name per place, usually the local one: without these, "Geneva" finds a
 * town of 21,000 in Illinois and "Bombay" nothing. Each alias names the place as the gazetteer
 * has it, with its country; an explicit country in the request still wins.
 */
export const PLACE_ALIASES: Readonly<Record<string, readonly [name: string, country: string]>> = {
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
  // Short forms people write
  'new york': ['New York City', 'US'],
  nyc: ['New York City', 'US'],
  washington: ['Washington, D.C.', 'US'],
  'washington dc': ['Washington, D.C.', 'US'],
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
