/**
 * POST /api/v2/vedic/muhurat/personalized-search: the muhurta search of one person. The request is
 * the public service's Python client's (peer-families-2 §4.2: `start_date`, `end_date` at most 31
 * days apart, `lat`, `lng`, `tz_str`, `ayanamsha`, `strictness`, `limit`, `subject`, `purpose`);
 * the answer is the muhurat search's with, per window, `public_score` and `personal_score`, and
 * `best_moment`, `rejected_windows[]` and `selection_explanation{decision, headline, summary}`.
 */
import { z } from 'zod/v4';
import { MUHURTA_PURPOSES } from '../../../astro/vedic/muhurta/muhurta-rules.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';
import { exampleVedicBirth, vedicBirth } from '../vedic-request-schemas.ts';
import { vedicSubjectSchema } from '../vedic-schemas.ts';
import { muhuratSearchRequest, muhuratSearchResponse } from './vedic-muhurta-schemas.ts';
import { readingFactorSchema } from '../reading/reading-factor.ts';

export const STRICTNESS = ['traditional', 'balanced', 'relaxed'] as const;
export type Strictness = (typeof STRICTNESS)[number];

const base = muhuratSearchRequest.shape;

export const personalMuhuratRequest = z
  .object({
    purpose: caseInsensitiveEnum(MUHURTA_PURPOSES)
      .default('general_work')
      .describe(`What the muhurta is for: ${MUHURTA_PURPOSES.join(', ')} (default general_work)`),
    start_date: base.start_date,
    end_date: base.end_date,
    city: base.city,
    country: base.country,
    lat: base.lat,
    lng: base.lng,
    tz_str: base.tz_str,
    timezone: base.timezone,
    ayanamsha: base.ayanamsha,
    ayanamsa: base.ayanamsa,
    language: base.language,
    limit: base.limit,
    strictness: caseInsensitiveEnum(STRICTNESS)
      .default('traditional')
      .describe('traditional (default), balanced or relaxed: which windows are rejected (docs/api/vedic.md)'),
    subject: vedicBirth.optional().describe("The person's birth (the Vedic birth block): required (or `birth`)"),
    birth: vedicBirth.optional().describe('Alias of `subject`'),
  })
  .meta({
    example: {
      purpose: 'vehicle_purchase',
      start_date: '2026-12-01',
      end_date: '2026-12-31',
      lat: 28.6139,
      lng: 77.209,
      tz_str: 'Asia/Kolkata',
      ayanamsha: 'lahiri',
      strictness: 'traditional',
      limit: 10,
      subject: exampleVedicBirth,
    },
  });
export type PersonalMuhuratRequest = z.output<typeof personalMuhuratRequest>;

const baseWindow = muhuratSearchResponse.shape.best_windows.element;
const localTime = z.string().describe("Local date and time in the place's zone with its UTC offset");

const personalFactor = z.object({ ...readingFactorSchema.shape, points: z.number().describe('Points it adds to the personal score (negative: against)') });

export const personalWindow = z.object({
  ...baseWindow.shape,
  score: z.number().int().min(0).max(100).describe('0.6 × public_score + 0.4 × personal_score, rounded'),
  quality: baseWindow.shape.quality.describe('By `score`: excellent from 80, good from 65, fair from 50, poor below'),
  public_score: z.number().int().min(0).max(100).describe('The window for anyone: the muhurat search’s score without tara and chandra bala'),
  personal_score: z
    .number()
    .int()
    .min(0)
    .max(100)
    .describe(
      'The window for this person: tara bala, chandra bala, dasha sandhi, the nakshatra lord in the natal chart, the dasha lord’s gochara, Saturn’s gochara',
    ),
  personal_factors: z.array(personalFactor).describe('Each personal factor, true of the window and the natal chart'),
});

export const personalMuhuratResponse = z.object({
  purpose: z.string().describe('The purpose searched for'),
  range: muhuratSearchResponse.shape.range,
  strictness: z.enum(STRICTNESS).describe('The strictness used'),
  subject: vedicSubjectSchema,
  natal: z
    .object({
      moon_sign: z.string().describe('The natal Moon’s sign (chandra bala counts from it)'),
      moon_nakshatra: z.string().describe('The natal Moon’s nakshatra (tara bala counts from it)'),
      lagna: z.string().nullable().describe('The lagna’s sign; null untimed'),
      running_dasha: z
        .array(
          z.object({
            level_name: z.enum(['mahadasha', 'antardasha']).describe('The level'),
            lord: z.string().describe('Its lord'),
            start: z.string().describe('UTC'),
            end: z.string().describe('UTC'),
          }),
        )
        .describe('The periods running at the start of the range'),
      saturn_from_moon: z.number().int().min(1).max(12).describe('Saturn’s house from the natal Moon at the start of the range'),
    })
    .describe('The natal facts the personal factors read'),
  best_windows: z.array(personalWindow).describe('The windows that pass the strictness, best `score` first'),
  best_moment: z
    .object({
      datetime: localTime.describe('The start of the best window'),
      score: z.number().int().describe('Its score'),
      quality: baseWindow.shape.quality,
      explanation: z.object({ headline: z.string().describe('In a line'), decision: z.string().describe('Why it was chosen') }).describe('Why this moment'),
    })
    .nullable()
    .describe(
      'The moment promoted: the best window’s start when its score reaches the strictness’s bar (traditional 65, balanced 58, relaxed 50); null otherwise',
    ),
  rejected_windows: z
    .array(
      z.object({
        date: z.string().describe('YYYY-MM-DD'),
        start: localTime.describe('Start'),
        end: localTime.describe('End'),
        public_score: z.number().int().describe('Its public score'),
        personal_score: z.number().int().describe('Its personal score'),
        rejected_because: z.array(z.string()).describe('The rules that rejected it'),
      }),
    )
    .describe('Windows the strictness rejected, best public score first, at most `limit`'),
  selection_explanation: z
    .object({
      decision: z.enum(['best_moment_found', 'no_best_moment']).describe('Whether a moment was promoted'),
      headline: z.string().describe('The decision in a line'),
      summary: z.string().describe('Why, in a few sentences'),
    })
    .describe('How the answer was chosen'),
  location: muhuratSearchResponse.shape.location,
  metadata: muhuratSearchResponse.shape.metadata
    .extend({
      dasha_sandhi_days: z.number().describe('Days either side of a dasha change counted as its sandhi'),
      rejected_count: z.number().int().describe('Windows rejected by the strictness'),
    })
    .describe('How the search was made'),
  warnings: z.array(z.string()).describe('What to know: Sade Sati or Dhaiya over the range, an untimed birth, skipped polar dates'),
});
export type PersonalMuhuratAnswer = z.output<typeof personalMuhuratResponse>;
