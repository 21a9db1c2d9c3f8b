/** The `mangal_dosha` block of the doshas answer and of each person in a match. */
import { z } from 'zod/v4';
import { MANGAL_CANCELLATIONS, MANGAL_REFERENCES, MANGAL_SCHOOLS } from '../../../astro/vedic/doshas/mangal-dosha.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';

const SCHOOLS = Object.keys(MANGAL_SCHOOLS) as (keyof typeof MANGAL_SCHOOLS)[];
const CANCELLATION_IDS = Object.keys(MANGAL_CANCELLATIONS) as (keyof typeof MANGAL_CANCELLATIONS)[];

export const mangalSchoolField = caseInsensitiveEnum(['south_indian', 'north_indian'], { south: 'south_indian', north: 'north_indian', kerala: 'south_indian' })
  .default('south_indian')
  .describe('Houses of Mangal dosha: `south_indian` (default: 1, 2, 4, 7, 8, 12, the Kerala count with the 2nd) or `north_indian` (1, 4, 7, 8, 12).');

const signName = z.string().describe('Sign name in English: Aries … Pisces');
const signId = z.number().int().min(1).max(12).describe('Sign number, 1 (Aries) to 12 (Pisces)');

export const mangalDoshaSchema = z
  .object({
    active: z.boolean().describe('Manglik: Mars is in a dosha house from the lagna, Moon or Venus and that dosha is not cancelled'),
    is_manglik: z.boolean().describe('The same as `active`'),
    detected: z.boolean().describe('The same as `active`'),
    present: z.boolean().describe('Mars is in a dosha house from at least one reference, before cancellations'),
    cancelled: z.boolean().describe('Present, and cancelled from every reference where it is present'),
    strength: z
      .enum(['none', 'mild', 'medium', 'strong'])
      .describe('How many references still give the dosha after cancellations: 0 none, 1 mild, 2 medium, 3 strong'),
    school: z.enum(SCHOOLS).describe('The house list used'),
    houses: z.array(z.number().int()).describe('The dosha houses of the school'),
    mars: z.object({ sign: signName, sign_id: signId }).describe("Mars's sidereal sign"),
    references: z
      .array(
        z.object({
          reference: z.enum(MANGAL_REFERENCES).describe('What the houses are counted from: lagna, moon, venus'),
          sign: signName.describe("The reference's sign"),
          sign_id: signId,
          mars_house: z.number().int().min(1).max(12).describe('The house Mars is in, counted by sign from the reference'),
          present: z.boolean().describe("Mars is in one of the school's dosha houses from this reference"),
          active: z.boolean().describe('Present and not cancelled'),
          cancellations: z.array(z.enum(CANCELLATION_IDS)).describe("Ids of the cancellations that apply to this reference's dosha"),
        }),
      )
      .describe('Per reference: the lagna (left out when the birth time is unknown), the Moon, Venus'),
    cancellations: z
      .array(z.object({ id: z.enum(CANCELLATION_IDS).describe('Cancellation id'), description: z.string().describe('The rule that applied') }))
      .describe('Every cancellation that applies to the dosha'),
    lagna_counted: z.boolean().describe('False for an untimed birth: only the Moon and Venus were counted'),
    description: z.string().describe('The finding in a sentence'),
  })
  .describe('Mangal (Kuja) dosha');
export type MangalDoshaJson = z.output<typeof mangalDoshaSchema>;
