/** Request and response schemas of POST /api/v1/western/astrocartography/relocation. */
import { z } from 'zod/v4';
import { natalRequest, natalResponse } from '../natal/natal-schemas.ts';
import { acgBodies, exampleAcgNatal } from './astrocartography-schemas.ts';
import { acgCityBlock, acgPlaceFields, relocationSummarySchema } from './astrocartography-city-check-schemas.ts';

// The natal request's fields without the two that order more than a chart (a report job, the interpretation text).
const { psychological_report: _report, interpretation: _interpretation, ...chartFields } = natalRequest.shape;

/** The birth, with every option of the natal chart (they shape the relocated chart as they shape the natal one). */
export const relocationNatal = z
  .object(chartFields)
  .describe(
    'The birth as for the natal chart (year, month, day, hour, minute, city or lat/lng, tz_str, time_known) with its chart options (house_system, zodiac_type, node_type, include_features, include_minor, orb_settings, include_dignity, precision...): they apply to the relocated chart. The birth time is required: `time_known: false` is a 422 on `natal.time_known`. `interpretation` and `psychological_report` are not taken here.',
  );

export const acgRelocationRequest = z
  .object({
    natal: relocationNatal,
    ...acgPlaceFields,
    bodies: acgBodies.describe(
      "Bodies the relocation summary looks for on the relocated angles (any case): default sun through pluto and true_node. The chart itself places the natal chart's points (include_features adds more).",
    ),
  })
  .meta({ id: 'AstrocartographyRelocationRequest', example: { natal: exampleAcgNatal, city: 'Lisbon', country: 'PT' } });

export type AcgRelocationRequest = z.output<typeof acgRelocationRequest>;

const place = z.object({
  city: z.string().nullable().describe('The birth city as found in the gazetteer or sent; null for bare coordinates'),
  country: z.string().nullable().describe('Its ISO country code, or null'),
  lat: z.number().describe('Latitude, degrees'),
  lng: z.number().describe('Longitude, degrees east'),
  timezone: z.string().describe('IANA zone the birth time was read in'),
});

const signPair = z.object({
  natal: z.string().describe('At the birth place'),
  relocated: z.string().describe('At the new place'),
});

export const acgRelocationResponse = z.object({
  meta: z
    .object({
      datetime_utc: z.string().describe('The birth instant, UTC: both charts are cast for it'),
      birth_datetime: z.string().describe('The birth instant as local time at the birth place, with its offset'),
      relocated_datetime: z.string().describe('The same instant as local time at the new place, with its offset'),
      birth_timezone: z.string().describe('IANA zone of the birth place'),
      relocated_timezone: z.string().describe('IANA zone of the new place'),
      house_system: z.string().describe('The house system asked for'),
      zodiac_type: z.string().describe('tropical or sidereal, as asked (the relocation summary is tropical)'),
    })
    .describe('The instant and how both charts were cast'),
  warnings: z.array(z.string()).describe('Place, local-time and house-system notices'),
  city: acgCityBlock.describe('The new place'),
  natal_place: place.describe('The birth place'),
  distance_from_natal_km: z.number().describe('Great-circle distance between the two places, km'),
  relocation_summary: relocationSummarySchema.describe('The relocated angles, the bodies on them, their themes and cautions, as in the city check'),
  comparison: z
    .object({
      natal_angles: z
        .object({ asc: z.number().describe('Ascendant'), mc: z.number().describe('Midheaven') })
        .describe("The birth chart's angles, in the chart's zodiac"),
      relocated_angles: z
        .object({ asc: z.number().describe('Ascendant'), mc: z.number().describe('Midheaven') })
        .describe("The relocated chart's angles, in the chart's zodiac"),
      asc_shift_deg: z.number().describe('Relocated ascendant minus natal, degrees of longitude, -180 to 180'),
      mc_shift_deg: z
        .number()
        .describe('Relocated midheaven minus natal, degrees of longitude, -180 to 180 (about the longitude difference, in right ascension)'),
      rising_sign: signPair.describe('The ascendant sign at each place'),
      mc_sign: signPair.describe('The midheaven sign at each place'),
      houses: z
        .array(
          z.object({
            id: z.string().describe('Point id, as in the chart'),
            natal_house: z.number().int().describe('House at the birth place'),
            relocated_house: z.number().int().describe('House at the new place'),
            changed: z.boolean().describe('Whether the house differs'),
          }),
        )
        .describe("Every point of the chart with its house at each place (the angles' own rows are left out)"),
      planets_changing_house: z.number().int().describe('How many points change house'),
    })
    .describe('What moving changes: the angles and the houses the points fall in'),
  chart: natalResponse.describe(
    "The full chart of the birth instant cast at the new place, in the natal chart's shape: subject.location is the new place and subject.datetime the instant in its zone",
  ),
});

export type AcgRelocationAnswer = z.output<typeof acgRelocationResponse>;
