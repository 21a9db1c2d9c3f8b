/**
 * Request and response schemas of POST /api/v1/chinese/bazi. The answer keeps the public
 * service's shape that its clients parse (pillars as an array labelled year … hour with `gan`,
 * `zhi`, `gan_info`, `zhi_info`, `nayin`, `life_stage`, `ten_gods`; `luck_cycle`; `elements`;
 * `summary`) and adds what a careful client needs to check a chart: the conventions used and the
 * pillars another convention would give, the solar terms that bound the month, the lunar date and
 * both zodiac readings.
 */
import { z } from 'zod/v4';
import { birthFields, MAX_YEAR, MIN_YEAR } from '../../../requests/birth-schema.ts';

/** The longest range of annual pillars one answer lists. */
export const MAX_ANNUAL_YEARS = 120;
import { answerObject } from './bazi-field-text.ts';
import { langField, metaSchema } from './bazi-lang.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';
import { DAY_BOUNDARIES } from '../../../astro/chinese/pillars.ts';
import { ELEMENTS } from '../../../astro/chinese/stems-branches.ts';

export const TIME_STANDARDS = ['civil', 'local_mean', 'true_solar', 'true_solar_absolute'] as const;
export type TimeStandard = (typeof TIME_STANDARDS)[number];
/** The standards whose clocks differ: `true_solar_absolute` reads the pillars on the `true_solar` clock (it differs in the birth's date only). */
export const DISTINCT_CLOCKS = ['civil', 'local_mean', 'true_solar'] as const;

export const timeStandard = caseInsensitiveEnum(TIME_STANDARDS, {
  relative_true_solar: 'true_solar',
  absolute_true_solar: 'true_solar_absolute',
  lmt: 'local_mean',
  local_mean_time: 'local_mean',
  mean_solar: 'local_mean',
  apparent_solar: 'true_solar',
});

export const exampleBaziBirth = { name: 'Ada', year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 31.23, lng: 121.47, tz_str: 'Asia/Shanghai', sex: 'F' };

/**
 * The request fields that choose what a chart answer shows: the endpoints that take a birth for
 * another purpose (the flow, synastry, time correction) leave them out.
 */
export const CHART_OPTIONS = {
  include_ten_gods: true,
  include_pinyin: true,
  include_debug: true,
  include_stars: true,
  include_interactions: true,
  include_professional: true,
  annual_from: true,
  annual_to: true,
  current_date: true,
  include_current_flow: true,
} as const;

export const baziRequest = z
  .object({
    ...birthFields,
    hour: z.number().int().min(0).max(23).optional().describe('Hour of the local wall-clock time, 0 to 23. Default 12 (as the public service).'),
    minute: z.number().int().min(0).max(59).optional().describe('Minute, 0 to 59. Default 0.'),
    time_known: z
      .boolean()
      .default(true)
      .describe('False when the birth time is unknown: the chart is read at local noon and has no hour pillar. Default true.'),
    sex: caseInsensitiveEnum(['m', 'f'], { male: 'm', female: 'f', man: 'm', woman: 'f' })
      .default('m')
      .describe("`M` (default) or `F` (also male/female, any case): with the year stem's polarity, the direction of the luck pillars."),
    time_standard: timeStandard
      .optional()
      .describe(
        "The clock the day and hour pillars are read on: `civil` (default: the zone's wall clock, with its historical offset and DST), `local_mean` (local mean solar time: UT + longitude/15 h) or `true_solar` (local apparent solar time at the birth longitude: local mean time + the equation of time, for the day and hour pillars; the birth's calendar date stays the civil one) or `true_solar_absolute` (the same pillars, and the whole chart on that clock: the lunar date, the luck pillars' start date and the solar term of the day are read from the apparent solar date). Year and month pillars change at the solar terms' instants under every standard.",
      ),
    time_mode: timeStandard.optional().describe('Alias of `time_standard` (sent by some clients); `time_standard` wins when both are sent.'),
    day_boundary: caseInsensitiveEnum(DAY_BOUNDARIES, { '00:00': 'midnight', '23:00': 'zi_23', late_zi: 'midnight', early_zi: 'zi_23' })
      .default('midnight')
      .describe(
        "Where the day pillar changes: `midnight` (default; 23:00 to 24:00 is the late Zi hour: the day pillar stays, the hour takes the next day's Zi stem) or `zi_23` (the day pillar changes at 23:00).",
      ),
    calendar: caseInsensitiveEnum(['gregorian', 'julian'])
      .default('gregorian')
      .describe('Calendar of year/month/day: `gregorian` (default) or `julian` (converted to the Gregorian date first).'),
    include_ten_gods: z.boolean().default(true).describe('Adds `ten_gods` to each pillar. Default true.'),
    include_pinyin: z
      .boolean()
      .default(true)
      .describe('Adds `gan_pinyin`/`zhi_pinyin` to pillars and luck pillars, and `pinyin` to the day master. Default true.'),
    include_debug: z.boolean().default(true).describe("Adds `astro_debug`: the solar terms of the birth's year with their instants. Default true."),
    include_stars: z
      .boolean()
      .default(true)
      .describe('Adds `stars` (symbolic stars: Nobleman, Academic Star, Peach Blossom, Travelling Horse, Void) and `xun_kong`. Default true.'),
    annual_from: z
      .number()
      .int()
      .min(MIN_YEAR)
      .max(MAX_YEAR)
      .optional()
      .describe(
        `Adds \`annual_pillars\` (liu nian) from this year: each year's pillar from its Lichun, with the nominal age and the luck pillar then active. ${MIN_YEAR} to ${MAX_YEAR}.`,
      ),
    annual_to: z
      .number()
      .int()
      .min(MIN_YEAR)
      .max(MAX_YEAR)
      .optional()
      .describe(`Last year of \`annual_pillars\` (default annual_from + 9; at most ${MAX_ANNUAL_YEARS} years from annual_from).`),
    current_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
      .optional()
      .describe('Adds `current`: the luck, annual and monthly pillars in force at local noon of this date (YYYY-MM-DD) at the birth place.'),
    include_current_flow: z.boolean().default(false).describe('Adds `current` for today (UTC date) when `current_date` is not given. Default false.'),
    include_professional: z
      .boolean()
      .default(true)
      .describe(
        "Adds `professional`: the day master's strength (method support_ratio_seasonal), structure and the favorable and unfavorable elements. Default true.",
      ),
    include_interactions: z
      .boolean()
      .default(true)
      .describe(
        'Adds `interactions`: stem combinations and clashes, six combinations, three harmonies, clashes, punishments and harms among the pillars, with whether each transforms and why. Default true.',
      ),
    lang: langField,
  })
  .meta({ id: 'BaziRequest', example: exampleBaziBirth });
export type BaziRequest = z.output<typeof baziRequest>;

const element = z.enum(ELEMENTS);
const polarity = z.enum(['Yang', 'Yin']);

const stemInfo = answerObject({ name: z.string(), pinyin: z.string(), element, polarity });
const branchInfo = answerObject({
  name: z.string(),
  pinyin: z.string(),
  element,
  polarity,
  zodiac: z.string().describe("The branch's animal"),
  hidden: z.array(z.string()).describe('Hidden stems: main, middle, residual qi'),
});

const hiddenTenGod = answerObject({
  gan: z.string(),
  info: stemInfo,
  ten_god: z.string(),
  pinyin: z.string(),
  role: z.enum(['main', 'middle', 'residual']),
  ten_god_chinese: z.string(),
});

const pillar = answerObject({
  label: z.enum(['year', 'month', 'day', 'hour']),
  gan: z.string().describe('Heavenly stem'),
  zhi: z.string().describe('Earthly branch'),
  gan_zhi: z.string(),
  gan_info: stemInfo,
  zhi_info: branchInfo,
  nayin: z.string().describe('Nayin of the pair, in Chinese'),
  nayin_info: answerObject({ chinese: z.string(), name: z.string(), element }),
  life_stage: answerObject({ chinese: z.string(), name: z.string() }).describe('Life stage of the day master in this branch'),
  gan_pinyin: z.string().optional(),
  zhi_pinyin: z.string().optional(),
  ten_gods: answerObject({
    stem: z.string().describe('Ten god of the stem relative to the day master (`Day Master` for the day stem)'),
    stem_chinese: z.string(),
    hidden: z.array(hiddenTenGod),
  }).optional(),
});

const term = answerObject({
  chinese: z.string(),
  pinyin: z.string(),
  name: z.string(),
  longitude: z.number().describe("The Sun's apparent longitude at the term, degrees"),
  utc: z.string().describe('Instant of the term, UTC, to the second'),
  local: z.string().describe("The same instant in the birth's zone"),
});

const luckPillar = answerObject({
  start_age: z.number().int().describe("Nominal age (1 in the year of birth) in the pillar's first calendar year"),
  end_age: z.number().int(),
  start_year: z.number().int(),
  end_year: z.number().int(),
  start_date: z.string().describe('YYYY-MM-DD: the start date plus ten years per pillar before it'),
  gan_zhi: z.string(),
  gan: z.string(),
  zhi: z.string(),
  gan_pinyin: z.string().optional(),
  zhi_pinyin: z.string().optional(),
  gan_info: stemInfo,
  zhi_info: branchInfo,
  ten_god: z.string().describe("Ten god of the pillar's stem relative to the day master"),
});

const annualPillar = answerObject({
  year: z.number().int(),
  gan_zhi: z.string(),
  gan: z.string(),
  zhi: z.string(),
  gan_pinyin: z.string().optional(),
  zhi_pinyin: z.string().optional(),
  starts: z.string().describe('The Lichun that opens it, UTC'),
  age: z.number().int().describe('Nominal age in that year'),
  ten_god: z.string(),
  luck_pillar: z.string().nullable().describe('The luck pillar in force in that year (the one that started by then), or null before the first'),
});

const byElement = answerObject({ Wood: z.number(), Fire: z.number(), Earth: z.number(), Metal: z.number(), Water: z.number() });

const zodiacReading = answerObject({
  animal: z.string(),
  branch: z.string(),
  year: z.number().int(),
  starts: z.string().describe("When that year began: the Lichun instant (UTC) or the lunar new year's date (UTC+8)"),
});

export const starSchema = answerObject({
  name: z.string(),
  chinese: z.string(),
  pillar: z.enum(['year', 'month', 'day', 'hour']).describe('The pillar whose branch holds the star'),
  zhi: z.string(),
  desc: z.string(),
  trigger_rule: answerObject({
    type: z.enum(['dm_mapping', 'ref_mapping', 'void']).describe("`dm_mapping`: from a stem; `ref_mapping`: from a branch; `void`: from the day pillar's week"),
    reference_pillar: z.enum(['year', 'month', 'day', 'hour']),
    reference: z.string().describe('The reference stem, branch or pillar'),
    targets: z.array(z.string()).describe('The branches the rule names'),
  }),
  trigger_text: z.string(),
});

export const interactionSchema = answerObject({
  id: z.string(),
  type: z.string(),
  chinese: z.string(),
  kind: z.enum(['stem_combination', 'stem_clash', 'six_combination', 'three_harmony', 'half_three_harmony', 'clash', 'punishment', 'self_punishment', 'harm']),
  scope: z.string().describe('`natal`, or where the outside pillar comes from (`luck`, `annual`, `monthly`)'),
  pillars: z.array(z.string()),
  branches: z.array(z.string()).describe('The branches involved (empty for stem interactions)'),
  stems: z.array(z.string()).describe('The stems involved (empty for branch interactions)'),
  is_formed: z.boolean().describe('The pattern is present (always true for a listed interaction)'),
  transform_level: z.enum(['full', 'partial', 'none']),
  transform_to: z.enum(ELEMENTS).nullable(),
  transforms: z.boolean(),
  note: z.string().describe('Why it transforms or not'),
});

const xunKong = answerObject({ void_branches: z.array(z.string()), xun_name: z.string(), xun_index: z.number().int(), day_pillar: z.string() });

const alternative = answerObject({
  time_standard: z.enum(TIME_STANDARDS),
  day_boundary: z.enum(DAY_BOUNDARIES),
  changes: z.array(answerObject({ label: z.enum(['day', 'hour']), gan_zhi: z.string() })),
});

export const baziResponse = answerObject({
  day_master: answerObject({ stem: z.string(), info: stemInfo, pinyin: z.string().optional() }),
  pillars: z.array(pillar).describe('year, month, day, hour (no hour pillar when time_known is false)'),
  luck_cycle: answerObject({
    start_age_years: z.number().int().describe('Whole years from birth to the first luck pillar'),
    start_offset: answerObject({ years: z.number().int(), months: z.number().int(), days: z.number().int() }).describe(
      'Birth to the first luck pillar, at three days to a year',
    ),
    start_age_decimal: z.number().describe('The same in years, unrounded (days to the jie / 3)'),
    start_date: z.string().describe('YYYY-MM-DD when the first luck pillar begins'),
    is_forward: z.boolean(),
    direction_rule: z.string(),
    reference_jie: term.describe('The jie whose distance from the birth fixes the start'),
    days_to_jie: z.number(),
    pillars: z.array(luckPillar),
  }),
  elements: answerObject({
    scoring_model: z.literal('basic_weighted'),
    weights: answerObject({ stem: z.number(), branch: z.number(), hidden_stem: z.number() }),
    points: byElement,
    percentages: byElement,
    counts: byElement.describe('Visible stems and branches of each element, unweighted'),
    dominant: element,
    deficient: z.array(element).describe('Elements under 10% of the points'),
  }),
  summary: answerObject({
    lunar_date: z.string().describe('The lunar date in Chinese, e.g. 一九九〇年 四月 廿三'),
    zodiac: z.string().describe('Animal of the year pillar (the year from Lichun)'),
    solar_term: z.string().nullable().describe("A solar term whose instant falls on the birth's local date (Chinese name), else null"),
  }),
  lunar_date: answerObject({
    year: z.number().int(),
    month: z.number().int(),
    day: z.number().int(),
    is_leap_month: z.boolean(),
    month_days: z.number().int(),
    new_year_date: z.string().describe("YYYY-MM-DD (UTC+8) of that lunar year's new year"),
    text: z.string(),
    time_zone: z.literal('UTC+8'),
  }).describe("The lunar date of the birth's local calendar date; the lunar months (new moons, principal terms) are reckoned in China Standard Time (UTC+8)"),
  zodiac: answerObject({ by_lichun: zodiacReading, by_lunar_new_year: zodiacReading }),
  solar_terms: answerObject({ previous_jie: term, next_jie: term }).describe("The jie that opened the birth's month and the one that ends it"),
  conventions: answerObject({
    time_standard: z.enum(TIME_STANDARDS),
    day_boundary: z.enum(DAY_BOUNDARIES),
    calendar: z.enum(['gregorian', 'julian']),
    gregorian_date: z.string().describe('YYYY-MM-DD of the birth in the Gregorian calendar'),
    time_known: z.boolean(),
    zone: z.string(),
    utc_offset: z.string().describe("The zone's offset at the birth (historical offsets and DST from the time-zone database)"),
    dst_applied: z.boolean().describe('The wall time fell in a DST gap or fold and dst_policy decided it'),
    utc: z.string(),
    longitude: z.number(),
    clock_time_local: z.string().describe("The birth on the zone's clock"),
    local_mean_time: z.string(),
    true_solar_time: z.string(),
    equation_of_time_minutes: z.number().describe('Apparent minus mean solar time, minutes'),
    effective_time: z.string().describe('The local time the day and hour pillars were read from'),
    day_pillar_date: z.string().describe('YYYY-MM-DD whose sexagenary count gives the day pillar'),
    alternatives: z.array(alternative).describe('Other time standards and day boundaries that would change the day or hour pillar, with the pillars they give'),
  }),
  stars: z.array(starSchema).optional(),
  xun_kong: xunKong.optional(),
  interactions: z.array(interactionSchema).optional(),
  professional: answerObject({
    dm_strength: z.enum(['Strong', 'Weak', 'Balanced']).describe("The day master's strength"),
    structure: z.string().describe("The ten god of the month branch's main hidden stem, as a structure"),
    yong_shen_candidates: z.array(z.string()).describe('Useful elements: the favorable ones'),
    favorable_elements: z.array(z.string()).describe('Elements that bring the day master to balance, as `Wood (Mu)`'),
    unfavorable_elements: z.array(z.string()).describe('Elements that take it further from balance'),
    professional_debug: answerObject({
      method: z.literal('support_ratio_seasonal').describe('Name of the method'),
      dm_strength_score: z.number().describe('balance_ratio − 0.5 + seasonal_factor'),
      seasonal_factor: z.number().describe("From the month branch's element"),
      season_reason: z.string().describe("The month branch's relation to the day master"),
      balance_ratio: z.number().describe("Share of the element points held by the day master's element and its resource"),
      structure_rationale: z.string().describe('Why this structure'),
    }),
  }).optional(),
  annual_pillars: z.array(annualPillar).optional(),
  current: answerObject({
    date: z.string(),
    age: z.number().int().describe('Nominal age (1 in the year of birth) in the year of the date'),
    luck_pillar: answerObject({ gan_zhi: z.string(), start_year: z.number().int(), end_year: z.number().int() })
      .nullable()
      .describe('The luck pillar in force (null before the first begins)'),
    annual_pillar: answerObject({ gan_zhi: z.string(), gan: z.string(), zhi: z.string(), ten_god: z.string() }),
    monthly_pillar: answerObject({ gan_zhi: z.string(), gan: z.string(), zhi: z.string(), ten_god: z.string() }),
  })
    .optional()
    .describe('The pillars in force at local noon of `current_date` (or today)'),
  astro_debug: answerObject({
    solar_terms: z.array(term).describe('The 24 terms from the Lichun before the birth'),
  }).optional(),
  warnings: z.array(z.string()),
  meta: metaSchema.optional().describe('The language of the names, when the request sent `lang`'),
}).meta({ id: 'BaziResponse' });
export type BaziResponse = z.output<typeof baziResponse>;
