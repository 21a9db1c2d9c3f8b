/**
 * The request every Vedic endpoint takes (peer-families §6, common request): the flat birth fields
 * with the Vedic settings under the public service's names (`ayanamsha`, `house_system`
 * `whole_sign` by default, `node_type`).
 */
import { z } from 'zod/v4';
import { AYANAMSA_ACCEPTED_NAMES, resolveAyanamsa } from '../../astro/ayanamsas.ts';
import { HOUSE_SYSTEM_ACCEPTED_NAMES, resolveHouseSystem, type HouseSystemName } from '../../astro/house-systems.ts';
import { ianaZone } from '../../astro/civil-time.ts';
import { birthFields } from '../../requests/birth-schema.ts';
import { caseInsensitiveEnum } from '../../requests/lenient-enum.ts';

const ayanamshaField = z
  .string()
  .max(40)
  .refine((v) => resolveAyanamsa(v) !== undefined, { message: `unknown ayanamsha; one of: ${AYANAMSA_ACCEPTED_NAMES.join(', ')}` })
  .transform((v) => resolveAyanamsa(v)!);

/** `bhava_chalit` names the Sripati bhavas, as Jyotish software calls the chart they give. */
function resolveVedicHouseSystem(name: string): HouseSystemName | undefined {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return key === 'bhava_chalit' || key === 'chalit' ? 'sripati' : resolveHouseSystem(name);
}

export const vedicHouseSystem = z
  .string()
  .max(40)
  .refine((v) => resolveVedicHouseSystem(v) !== undefined, {
    message: `unknown house system; one of: bhava_chalit, ${HOUSE_SYSTEM_ACCEPTED_NAMES.join(', ')}`,
  })
  .transform((v) => resolveVedicHouseSystem(v)!);

/** A zone name, `AUTO`, or `LMT`: local mean time at the place's longitude (UT + longitude / 15 h), as the public service's calculate call takes. */
const vedicZone = z
  .string()
  .min(1)
  .max(64)
  .refine((v) => ['AUTO', 'LMT'].includes(v.toUpperCase()) || ianaZone(v) !== undefined, {
    message: 'unknown time zone: use an IANA name such as Asia/Kolkata, AUTO, or LMT',
  });

/** Whether a request gives its time in local mean time. */
export const isLocalMeanTime = (request: { tz_str?: string | null | undefined; timezone?: string | null | undefined }) =>
  request.tz_str?.toUpperCase() === 'LMT' || (!request.tz_str && request.timezone?.toUpperCase() === 'LMT');

export const vedicBirthFields = {
  ...birthFields,
  tz_str: vedicZone
    .optional()
    .describe(
      "IANA time zone of the wall-clock time (e.g. `Asia/Kolkata`), `AUTO` (the place's zone; default), or `LMT`: local mean time at the place's longitude (UT + longitude/15 h).",
    ),
  timezone: vedicZone.optional().describe('Alias of `tz_str`.'),
  ayanamsha: ayanamshaField
    .optional()
    .describe(
      `Ayanamsa of the sidereal zodiac, any case: lahiri (default, Chitrapaksha), raman, krishnamurti (kp), true_citra, yukteshwar … (${AYANAMSA_ACCEPTED_NAMES.length} names). Its value at the birth is in the answer.`,
    ),
  ayanamsa: ayanamshaField.optional().describe('Alias of `ayanamsha`; `ayanamsha` wins when both are sent.'),
  house_system: vedicHouseSystem
    .optional()
    .describe(
      "`whole_sign` (default: each sign one house, counted from the lagna's sign), `bhava_chalit` (= `sripati`: bhavas from the Sripati cusps, half a Porphyry house each side of the bhava madhya), or any house system by name (`placidus`, `equal` …): the grahas' `house` is then read from its cusps. `whole_sign_house` is always given.",
    ),
  node_type: caseInsensitiveEnum(['mean', 'true'])
    .default('mean')
    .describe('Rahu as the `mean` node (default) or the `true` (osculating) one; Ketu is always exactly opposite.'),
};

export const vedicBirth = z.object(vedicBirthFields);
export type VedicBirthRequest = z.output<typeof vedicBirth>;

export const exampleVedicBirth = { name: 'Asha', year: 1990, month: 8, day: 15, hour: 6, minute: 30, lat: 28.6139, lng: 77.209, tz_str: 'Asia/Kolkata' };
