/**
 * Source records cited by the registry (`content_sources`). They document where each rule and
 * table comes from; the engine never fetches them.
 */
import { deepFreeze } from './deep-freeze.ts';

export interface ContentSource {
  id: string;
  type: 'specification' | 'test_corpus' | 'book' | 'web_page' | 'encyclopedia' | 'software_package' | 'forum_post';
  authority_class: 'normative' | 'primary' | 'practitioner' | 'secondary' | 'reference_implementation' | 'community';
  title: string;
  usage: string;
  supports: string[];
  does_not_support: string[];
  url?: string;
  locator?: string;
  evidence?: string;
  edition?: string;
  accessed_at?: string;
}

const SOURCES: ContentSource[] = [
  {
    id: 'numerology-spec-v1',
    type: 'specification',
    authority_class: 'normative',
    title: 'Numerology calculation specification (v1)',
    usage: 'normative arithmetic for every profile',
    supports: ['pythagorean', 'chaldean', 'kabbalah', 'ank_jyotish'],
    does_not_support: ['interpretation texts'],
    locator: 'spec.md §0–§9',
  },
  {
    id: 'numerology-trusted-vectors-v1',
    type: 'test_corpus',
    authority_class: 'normative',
    title: 'Numerology calculation API – trusted vectors v1',
    usage: 'conformance oracle (116 vectors, 32 source-checked)',
    supports: ['pythagorean', 'chaldean', 'kabbalah', 'ank_jyotish'],
    does_not_support: [],
    locator: 'vectors.json',
  },
  {
    id: 'decoz-numerology-course',
    type: 'web_page',
    authority_class: 'practitioner',
    title: 'Hans Decoz numerology course and chart pages',
    usage: 'component life path, per-name reduction, pinnacles, challenges, balance, maturity, subconscious self',
    supports: ['life_path', 'expression', 'pinnacles', 'challenges', 'balance', 'maturity', 'subconscious_self'],
    does_not_support: ['raw digit-sum life path'],
    url: 'http://www.decoz.com/numerology-Course-02.htm',
    evidence: 'also Course-05 (challenges), Course-19 (pinnacles), Calculations3/4a, do-your-own-numerology-report',
  },
  {
    id: 'decoz-master-numbers',
    type: 'web_page',
    authority_class: 'practitioner',
    title: 'When Master Numbers Matter (Hans Decoz, numerology.com)',
    usage: 'master policy preserve_core_11_22_33: where masters are kept and where they are reduced',
    supports: ['preserve_core_11_22_33'],
    does_not_support: ['masters in personal cycles', 'masters in challenges'],
    url: 'https://www.numerology.com/blog/karmic-master-number-numerology',
  },
  {
    id: 'decoz-hearts-desire-y-rule',
    type: 'web_page',
    authority_class: 'practitioner',
    title: "Decoz: Heart's Desire number and the letter Y",
    usage: 'phonetic Y rule reproduced by the positional rule pythagorean-y-positional-v1',
    supports: ['soul_urge', 'personality'],
    does_not_support: ['Y always consonant', 'Y always vowel', 'W as vowel'],
    url: 'https://www.decoz.com/do-your-ow-numerology-hearts-desire-number.htm',
  },
  {
    id: 'worldnumerology-decoz',
    type: 'web_page',
    authority_class: 'practitioner',
    title: 'World Numerology (Decoz): karmic debt, karmic lessons, hidden passion, monthly forecast, birthday numbers',
    usage: 'karmic debt carriers, karmic lessons and hidden passion counts, personal month and day addends',
    supports: ['karmic_debt', 'karmic_lessons', 'hidden_passion', 'personal_month', 'personal_day', 'birthday'],
    does_not_support: [],
    url: 'https://www.worldnumerology.com/numerology-karmic-debt-numbers/',
    evidence: 'also blog/Numerology-Karmic-Lessons.html, numerology-Course-11a.htm, monthly-numerology-forecast.html',
  },
  {
    id: 'tokenrock-hearts-desire',
    type: 'web_page',
    authority_class: 'secondary',
    title: "TokenRock: Heart's Desire number (Y examples)",
    usage: 'cross-check of the Y rule examples',
    supports: ['soul_urge'],
    does_not_support: [],
    url: 'http://www.tokenrock.com/numerology/hearts_desire_number.php',
  },
  {
    id: 'numberscape-definitions',
    type: 'web_page',
    authority_class: 'secondary',
    title: 'Numberscape definitions (raw digit-sum life path)',
    usage: 'raw-date profile life path',
    supports: ['life_path'],
    does_not_support: ['month + day + year as whole numbers'],
    url: 'https://numberscape.app/definitions',
  },
  {
    id: 'freetarot-rational-thought',
    type: 'web_page',
    authority_class: 'secondary',
    title: 'Freetarot: rational thought number',
    usage: 'rational thought = first name + birth day',
    supports: ['rational_thought'],
    does_not_support: ['full-name rational thought'],
    url: 'http://www.freetarot.com/numerology/rational-thought/',
  },
  {
    id: 'inspiredcreatively-personal-cycles',
    type: 'web_page',
    authority_class: 'secondary',
    title: 'Inspired Creatively: personal daily, monthly and yearly numerology',
    usage: 'cross-check of personal year and month',
    supports: ['personal_year', 'personal_month'],
    does_not_support: [],
    url: 'https://inspiredcreatively.com/creatively-mystical/numerology/personal-daily-monthly-and-yearly-numerology/',
  },
  {
    id: 'cheiro-book-of-numbers',
    type: 'book',
    authority_class: 'primary',
    title: "Cheiro's Book of Numbers",
    usage: 'Chaldean letter table (no 9) and compound numbers up to 52',
    supports: ['chaldean_name_number', 'namank'],
    does_not_support: ['Sepharial letter variants', 'master numbers'],
    edition: 'London, 1926 (public domain)',
  },
  {
    id: 'bostjanlovrat-cheiro-variants',
    type: 'web_page',
    authority_class: 'secondary',
    title: 'Boštjan Lovrat: Cheiro vs Sepharial/Kozminsky letter variants; compounds above 52',
    usage: 'documents rejected letter variants and the 10..52 compound range',
    supports: ['chaldean_name_number'],
    does_not_support: [],
    url: 'https://bostjanlovrat.com/2024/09/05/extended-cheiros-rule-for-numbers-above-52',
  },
  {
    id: 'mahajyotish-name-numerology',
    type: 'web_page',
    authority_class: 'secondary',
    title: 'Mahajyotish: name numerology',
    usage: 'Cheiro table reproduction and worked name examples',
    supports: ['chaldean_name_number', 'namank'],
    does_not_support: ['Pythagorean table for Namank'],
    url: 'https://mahajyotish.com/blog/numerology-4-name-numerology',
  },
  {
    id: 'wikipedia-gematria',
    type: 'encyclopedia',
    authority_class: 'secondary',
    title: 'Wikipedia: Gematria',
    usage: 'methods hechrechi, siduri, katan, katan mispari and milui; example יין = סוד = 70',
    supports: ['kabbalah_gematria'],
    does_not_support: ['mispar gadol profile'],
    url: 'https://en.wikipedia.org/wiki/Gematria',
  },
  {
    id: 'pypi-hebrew',
    type: 'software_package',
    authority_class: 'reference_implementation',
    title: 'hebrew (PyPI, avi-perl/hebrew): gematria.py and chars.py',
    usage: 'letter names (הא, ואו, פא, צדי) and Genesis 1:1 = 2701 check',
    supports: ['kabbalah_gematria'],
    does_not_support: ['siduri finals 23–27'],
    url: 'https://pypi.org/project/hebrew/',
  },
  {
    id: 'npm-gematria',
    type: 'software_package',
    authority_class: 'reference_implementation',
    title: 'gematria (npm, Akiva Levy)',
    usage: 'cross-check of hechrechi and siduri',
    supports: ['kabbalah_gematria'],
    does_not_support: [],
  },
  {
    id: 'inner-org-gematria',
    type: 'web_page',
    authority_class: 'practitioner',
    title: 'Gal Einai (inner.org): full gematria and milui variants',
    usage: 'alef filling (מ״ה = 45) and חן = 524',
    supports: ['kabbalah_gematria'],
    does_not_support: ['yod and he fillings'],
    url: 'http://www.inner.org/gematria/gemfull.php',
  },
  {
    id: 'ankjyotish-learn',
    type: 'web_page',
    authority_class: 'secondary',
    title: 'ankjyotish.in: learn (Moolank and Bhagyank worked example)',
    usage: 'Moolank = reduced birth day; Bhagyank = reduced DDMMYYYY digit sum',
    supports: ['moolank', 'bhagyank'],
    does_not_support: ['sunrise-based Vedic day'],
    url: 'https://ankjyotish.in/en/learn',
  },
  {
    id: 'vedhoroscope-mulank-bhagyank-namank',
    type: 'web_page',
    authority_class: 'secondary',
    title: 'Vedhoroscope: Mulank, Bhagyank and Namank explained',
    usage: 'definitions of the three numbers',
    supports: ['moolank', 'bhagyank', 'namank'],
    does_not_support: [],
    url: 'https://www.vedhoroscope.com/articles/numerology-mulank-bhagyank-namank-explained',
  },
  {
    id: 'vaastu-vigyan-vol-1',
    type: 'book',
    authority_class: 'secondary',
    title: 'Vaastu Vigyan, volume I',
    usage: 'Hindi terms मूलांक, भाग्यांक, नामांक and the 1–9 graha list',
    supports: ['moolank', 'bhagyank', 'namank', 'graha_mapping'],
    does_not_support: [],
    url: 'https://view.joomag.com/vaastu-vigyan-volume-i/0872566001390271631?page=24',
    locator: 'p. 24',
  },
  {
    id: 'free-calculators-numerology-report',
    type: 'web_page',
    authority_class: 'community',
    title: 'free-calculators.net numerology report (planet table with romanizations)',
    usage: 'common romanizations of the graha names',
    supports: ['graha_mapping'],
    does_not_support: [],
    url: 'https://www.free-calculators.net/numerology-report.html',
  },
];

const FROZEN_SOURCES = deepFreeze(SOURCES);

export function contentSources(): readonly ContentSource[] {
  return FROZEN_SOURCES as readonly ContentSource[];
}

export function isContentSourceId(id: string): boolean {
  return SOURCES.some((s) => s.id === id);
}
