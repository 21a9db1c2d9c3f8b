/**
 * What each field of the Chinese answers (BaZi, its flow, the calendar day) holds, by field name,
 * for the fields whose schema does not say it itself: `answerObject` gives every field of an
 * object its text, so that the OpenAPI document describes every field of every answer.
 */
import { z } from 'zod/v4';

const FIELD_TEXT: Record<string, string> = {
  Wood: 'Wood', Fire: 'Fire', Earth: 'Earth', Metal: 'Metal', Water: 'Water',
  animal: 'The animal of the branch', annual_pillar: 'The annual pillar (liu nian)', annual_pillars: 'The annual pillars (liu nian) of the requested years',
  astro_debug: 'The solar terms behind the pillars', branch: 'Earthly branch, in Chinese', by_lichun: 'By the year that begins at Lichun',
  by_lunar_new_year: 'By the lunar year that begins at the lunar new year', calendar: 'Calendar of the request\'s date: gregorian or julian',
  changes: 'Pillars that another convention, or an instant inside the day, changes', chinese: 'Name in Chinese characters', conventions: 'The conventions used and what they give',
  date: 'Date, YYYY-MM-DD', day: 'Day of the month', day_boundary: 'Where the day pillar changes: midnight or zi_23', day_master: 'The day stem, the self of the chart',
  day_pillar: 'The day pillar, stem and branch', days: 'Days', days_to_jie: 'Days from the birth to the reference jie',
  desc: 'What the star is read as', direction_rule: 'Why the luck pillars run this way', dominant: 'The element with the most points', element: 'Element (Wood, Fire, Earth, Metal, Water)',
  elements: 'The balance of the five elements', end_age: 'Nominal age in the last year', end_year: 'Last calendar year', from: 'Start, HH:MM local time',
  gan: 'Heavenly stem, in Chinese', gan_info: 'The stem: name, pinyin, element, polarity', gan_pinyin: 'Pinyin of the stem, with its tone', gan_zhi: 'Stem and branch, in Chinese',
  hidden: 'Hidden stems of the branch, in Chinese (main, middle, residual)', hidden_stem: 'Points of a hidden stem', id: 'Identifier: kind and pillars', index: 'Position, from 1',
  info: 'The stem: name, pinyin, element, polarity', interactions: 'Interactions with their rules', is_forward: 'The luck pillars run forward through the cycle',
  is_leap_month: 'The month is a leap month', kind: 'Kind of interaction', label: 'Which pillar', local: 'The instant in the local zone, ISO 8601 with its offset',
  local_mean_time: 'Local mean solar time of the birth', longitude: 'Longitude, degrees', luck_cycle: 'The luck pillars (da yun)', month: 'Month number',
  month_days: 'Days in the lunar month (29 or 30)', monthly_pillar: 'The monthly pillar', monthly_pillars: 'The twelve monthly pillars of the year', months: 'The twelve months of the year',
  name: 'Name in English (stems and branches romanised)', natal: 'The birth chart', nayin: 'Nayin of the pair, in Chinese', nayin_info: 'Nayin: Chinese, English and element',
  next: 'The next solar term', next_jie: 'The jie that ends the birth\'s month', percentages: 'Share of the points, percent', pillars: 'The pillars',
  pinyin: 'Pinyin, with tones', professional: 'The day master\'s strength, structure and useful elements', professional_debug: 'How the strength was worked out', points: 'Weighted points by element', polarity: 'Yang or Yin', previous_jie: 'The jie that opened the birth\'s month',
  reference: 'The stem, branch or pillar the rule starts from', reference_pillar: 'The pillar that holds the reference', role: 'Main, middle or residual qi',
  scoring_model: 'Name of the scoring model', solar_term: 'Solar term', stars: 'Symbolic stars (shen sha) with their rules', start_date: 'First day, YYYY-MM-DD',
  start_year: 'First calendar year', starts: 'When it begins, UTC', stem: 'Heavenly stem, in Chinese', stem_chinese: 'Ten god of the stem, in Chinese',
  summary: 'Lunar date, zodiac animal and solar term, in the public service\'s form', target_year: 'The year read', ten_god: 'Ten god relative to the day master',
  ten_god_chinese: 'Ten god, in Chinese', ten_gods: 'Ten gods of the stem and hidden stems', text: 'The lunar date written in Chinese', time_known: 'The birth time was given',
  time_standard: 'The clock the day and hour pillars were read on', time_zone: 'Zone the lunar months are reckoned in', timezone: 'IANA time zone of the day',
  to: 'End, HH:MM local time', transform_level: 'full, partial or none', transform_to: 'The element it transforms to (or leans to)', transforms: 'It transforms',
  trigger_rule: 'The rule that places the star', trigger_text: 'The rule in words', true_solar_time: 'Apparent solar time of the birth', type: 'Kind, in words',
  utc: 'Instant, UTC, ISO 8601', void_branches: 'The two void branches', warnings: 'What a reader should know about the input', weights: 'Points per stem, branch and hidden stem',
  xun_index: 'Which of the six weeks of the cycle (1 to 6)', xun_kong: 'The void branches of the day pillar\'s week', xun_name: 'The pair that opens the week',
  year: 'Year', years: 'The years read (one)', zhi: 'Earthly branch, in Chinese', zhi_info: 'The branch: name, pinyin, element, polarity, animal, hidden stems',
  zhi_pinyin: 'Pinyin of the branch, with its tone', zodiac: 'The animal', zone: 'IANA zone of the birth',
};

/** An answer object whose fields without a description of their own get the text of their name. */
export function answerObject<T extends z.ZodRawShape>(shape: T) {
  const out: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(shape) as [string, z.ZodType][]) {
    out[key] = field.description === undefined && FIELD_TEXT[key] !== undefined ? field.describe(FIELD_TEXT[key]) : field;
  }
  return z.object(out as unknown as T);
}
