/**
 * Request fields shared by the forecasting endpoints (transit timeline, transit search, transit
 * insights): the flat natal block clients send (their whole natal request), the transiting bodies,
 * the natal points, the aspects and the orb settings with their three levels.
 */
import { z } from 'zod/v4';
import { birthFields, chartSettingsFields, isoDateTimeText } from '../../../requests/birth-schema.ts';
import { exampleBirth } from '../../../requests/examples.ts';

/** The birth the transits are measured against: the natal request's fields (others a client sends with it are ignored and named in X-Unknown-Fields). */
export const forecastNatal = z
  .object({ ...birthFields, ...chartSettingsFields })
  .describe(
    "The birth: the natal request's fields (year, month, day, hour, minute, time_known, city or lat/lng, tz_str, house_system, zodiac_type, sidereal_ayanamsa, node_type). Without a birth time there are no angles or houses.",
  );
export type ForecastNatal = z.output<typeof forecastNatal>;

const orbDegrees = z.number().min(0).max(30);
const aspectOrbs = z
  .record(z.string().max(40), orbDegrees)
  .refine((o) => Object.keys(o).length <= 20, { message: 'at most 20 aspect orbs' })
  .describe('Orbs in degrees (0 to 30) by aspect name, e.g. `{"conjunction": 6, "sextile": 2}`');
/** A level of the orb settings: one orb for every aspect, or orbs by aspect. */
const levelOrbs = z.union([orbDegrees, aspectOrbs]);

export const forecastOrbSettings = z
  .object({
    by_aspect: aspectOrbs.optional().describe('Orbs by aspect name (the lowest level)'),
    by_category: z
      .object({ fast: levelOrbs.optional(), medium: levelOrbs.optional(), slow: levelOrbs.optional() })
      .strict()
      .optional()
      .describe('Orbs by category of the transiting body (fast, medium, slow): one number for every aspect, or orbs by aspect name; wins over by_aspect'),
    by_planet: z
      .record(z.string().max(40), levelOrbs)
      .refine((o) => Object.keys(o).length <= 30, { message: 'at most 30 planets' })
      .optional()
      .describe('Orbs by transiting body (`saturn`, `true_node`): one number for every aspect, or orbs by aspect name; wins over by_category and by_aspect'),
  })
  .catchall(orbDegrees)
  .describe(
    'Orbs in degrees (0 to 30). Flat aspect names (`{"Conjunction": 5, "square": 4}`) and `by_aspect` set an aspect\'s orb; `by_category` a category\'s; `by_planet` a transiting body\'s. Precedence: planet > category > aspect > the default (conjunction and opposition 5, square and trine 4, sextile 3, the minor aspects 2).',
  );
export type ForecastOrbSettings = z.output<typeof forecastOrbSettings>;

const idList = (max: number, what: string) => z.array(z.string().max(40)).max(max).describe(what);

/** Fields of a transit range request (timeline and insights). */
export const transitRangeFields = {
  natal: forecastNatal,
  range_start: isoDateTimeText().describe(
    'Start of the range: an ISO date (00:00:00 UTC) or date and time (UTC unless it carries Z or an offset), e.g. `2026-03-01`',
  ),
  range_end: isoDateTimeText().describe('End of the range: an ISO date (its 23:59:59 UTC) or date and time, e.g. `2026-03-31`'),
  include_houses: z.boolean().optional().describe("The transiting body's natal house at the exact hit and in the range (needs the birth time). Default false."),
  transit_categories: z
    .array(z.string().max(20))
    .max(4)
    .optional()
    .describe(
      'Categories of transiting bodies to keep: `fast` (Sun to Mars), `medium` (Jupiter, Saturn, Chiron, nodes, Lilith, asteroids), `slow` (Uranus, Neptune, Pluto, Pholus), or `all`',
    ),
  transit_planets: idList(
    20,
    'Transiting bodies: sun, moon, mercury … pluto, chiron, north_node (the node natal.node_type names: mean by default), true_node, mean_node, lilith, true_lilith, ceres, pallas, juno, vesta, pholus',
  ).optional(),
  natal_points: idList(
    30,
    'Natal points: the planets, north_node, south_node, chiron, lilith …, and with a birth time ascendant, midheaven, descendant, ic, vertex',
  ).optional(),
  aspect_types: idList(
    10,
    'Aspects: conjunction, opposition, square, trine, sextile (the default five), quincunx, semi_sextile, semi_square, sesquiquadrate, quintile',
  ).optional(),
  orb_settings: forecastOrbSettings.optional(),
};

export const exampleForecastNatal = { ...exampleBirth, city: 'Lisbon', time_known: true };
