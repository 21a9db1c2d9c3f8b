/**
 * Request and response schemas of the gochara timeline: POST /api/v1/vedic/gochar/timeline and
 * /api/v2/vedic/gochar/timeline. One request (the Vedic birth block and a range), one answer in
 * each version's sign-number name (`sign_num` in v1, `sign_id` in v2, as the Vedic chart names it).
 */
import { z } from 'zod/v4';
import { isoDateTimeText } from '../../../requests/birth-schema.ts';
import { exampleVedicBirth, vedicBirthFields } from '../vedic-request-schemas.ts';
import { vedicSubjectSchema } from '../vedic-schemas.ts';

/** The longest range (days): longer than Saturn's stay in a sign; with the Moon's stays, a year. */
export const GOCHARA_MAX_DAYS = 1096;
export const GOCHARA_MAX_DAYS_WITH_MOON = 366;

export const vedicGocharRequest = z
  .object({
    ...vedicBirthFields,
    start_date: isoDateTimeText().describe(
      'Start of the range: an ISO date (its 00:00:00 UTC) or a date and time (UTC unless it carries Z or an offset), e.g. `2026-01-01`',
    ),
    end_date: isoDateTimeText().describe(
      `End of the range: an ISO date (its 23:59:59 UTC) or a date and time. At most ${GOCHARA_MAX_DAYS} days after start_date (${GOCHARA_MAX_DAYS_WITH_MOON} with include_moon); more is a 422.`,
    ),
    include_moon: z.boolean().default(false).describe("Adds the Moon's own stays in the signs (a new sign every two and a quarter days). Default false."),
    vedha_by_moon: z
      .boolean()
      .default(false)
      .describe(
        "Counts the Moon's passages through a vedha house as obstructions (looked for within the range only). Default false: the Moon crosses every vedha house each month, so it would obstruct every long stay.",
      ),
    vedha_by_nodes: z
      .boolean()
      .default(false)
      .describe('Counts Rahu and Ketu as obstructors too, as the schools that reckon vedha among all nine grahas do. Default false: vedha among the seven.'),
  })
  .meta({ example: { ...exampleVedicBirth, start_date: '2026-01-01', end_date: '2026-12-31' } });
export type VedicGocharRequest = z.output<typeof vedicGocharRequest>;

const instant = z.string().describe('UTC instant, ISO 8601 with Z, to the second');
const openInstant = instant.nullable();
const grahaName = z.string().describe('Graha: Sun, Moon, Mars, Mercury, Jupiter, Venus, Saturn, Rahu, Ketu');
const signName = z.string().describe('Sidereal sign in English: Aries … Pisces');
const house = z.number().int().min(1).max(12);

type SignKey = 'sign_num' | 'sign_id';
/** The sign number under the version's name. */
const signNumberField = <K extends SignKey>(key: K) =>
  ({ [key]: z.number().int().min(1).max(12).describe('Sign number, 1 (Aries) to 12 (Pisces)') }) as { [k in K]: z.ZodNumber };

function staySchema<K extends SignKey>(signKey: K) {
  const signNumber = signNumberField(signKey);
  return z.object({
    sign: signName,
    ...signNumber,
    start: openInstant.describe('Ingress: when the graha entered the sign (may be before start_date); null only beyond the ephemeris years'),
    end: openInstant.describe('Egress: when it leaves the sign (may be after end_date); null only beyond the ephemeris years'),
    duration_days: z.number().nullable().describe('Length of the stay in days, to 0.001; null when an end is open'),
    entered_retrograde: z.boolean().describe('Entered moving backwards: a retrograde re-entry (always for Rahu and Ketu with the mean node)'),
    leaves_retrograde: z.boolean().describe('Leaves moving backwards'),
    house_from_moon: house.describe("House of the sign counted from the natal Moon's sign (1 = the Moon's own sign)"),
    favourable: z
      .boolean()
      .describe("Whether this house is favourable for the graha by the classical gochara table (Phaladeepika 26; Rahu and Ketu by Saturn's row)"),
    vedha: z
      .object({
        house: house.describe("The obstructing house, counted from the natal Moon's sign"),
        sign: signName.describe('Its sign'),
        kind: z
          .enum(['vedha', 'vipareeta_vedha'])
          .describe('`vedha`: a graha there obstructs this favourable transit; `vipareeta_vedha`: a graha there relieves this unfavourable one'),
        obstructed: z
          .boolean()
          .describe('Whether any graha occupies the vedha house during the stay (the Sun-Saturn and Moon-Mercury pairs never obstruct each other)'),
        obstructed_by: z
          .array(
            z.object({
              graha: grahaName.describe('The graha in the vedha house'),
              start: instant.describe('From when, within the stay'),
              end: instant.describe('Until when, within the stay'),
            }),
          )
          .describe('Each passage of a graha through the vedha house while the stay lasts, by start'),
      })
      .nullable()
      .describe('The vedha of this transit; null when the house is neither favourable nor the vedha house of a favourable one'),
  });
}

function responseSchema<K extends SignKey>(signKey: K) {
  const signNumber = signNumberField(signKey);
  return z.object({
    subject: vedicSubjectSchema,
    natal_moon: z
      .object({
        sign: signName,
        ...signNumber,
        longitude: z.number().describe("The natal Moon's sidereal longitude, degrees"),
        nakshatra: z.string().describe("The natal Moon's nakshatra"),
      })
      .describe('The natal Moon, whose sign the houses of the transits count from'),
    range: z
      .object({
        start: instant.describe('Start of the range, UTC'),
        end: instant.describe('End of the range, UTC'),
        days: z.number().describe('Its length in days'),
      })
      .describe('The range searched'),
    transits: z
      .array(
        z.object({
          graha: grahaName,
          favourable_houses: z.array(house).describe('The houses from the Moon in which this graha transits favourably'),
          stays: z
            .array(staySchema(signKey))
            .describe('Every stay in a sign that overlaps the range, in time order, retrograde re-entries as stays of their own'),
        }),
      )
      .describe('Sun, Mars, Mercury, Jupiter, Venus, Saturn, Rahu, Ketu (the Moon first when include_moon)'),
    metadata: z
      .object({
        ayanamsha: z.string().describe('Ayanamsa of the sidereal signs'),
        node_type: z.enum(['mean', 'true']).describe('Rahu as the mean or the true node; Ketu opposite'),
        reference: z.literal('natal_moon_sign').describe('What the houses count from'),
        table: z.string().describe('The gochara table used'),
        vedha_by_moon: z.boolean().describe('Whether the Moon counts as an obstructor'),
        vedha_by_nodes: z.boolean().describe('Whether Rahu and Ketu count as obstructors'),
        max_range_days: z.number().int().describe('The longest range this request could ask for'),
      })
      .describe('How the transits were read'),
    warnings: z.array(z.string()).describe('What to know: an untimed birth (the Moon at noon), a place name that names several places'),
  });
}

export const vedicGocharV1Response = responseSchema('sign_num');
export const vedicGocharV2Response = responseSchema('sign_id');
export type VedicGocharV1Answer = z.output<typeof vedicGocharV1Response>;
export type VedicGocharV2Answer = z.output<typeof vedicGocharV2Response>;
