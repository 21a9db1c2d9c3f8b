/** Request schema of POST /api/v1/western/astrocartography/map: the lines' request, an optional marked place and the image options. */
import { z } from 'zod/v4';
import { MAP_PROJECTIONS } from '../../../../renderer/acg-map/world-basemap.ts';
import { ACG_MAP_THEMES } from '../../../../renderer/acg-map/acg-map-palette.ts';
import { latitude, longitude } from '../../../requests/birth-schema.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';
import { acgAngles, acgBodies, acgMode, acgNatal, exampleAcgNatal } from './astrocartography-schemas.ts';

export const MAP_MIN_WIDTH = 600;
export const MAP_MAX_WIDTH = 3000;
export const MAP_DEFAULT_WIDTH = 1200;

export const acgMapRequest = z
  .object({
    natal: acgNatal,
    mode: acgMode,
    bodies: acgBodies,
    angles: acgAngles,
    topocentric: z.boolean().default(false).describe('Horizon lines with parallax (in_mundo only), as for the lines. Default false.'),
    include_crossings: z.boolean().default(true).describe('Marks the points where lines of two different bodies cross (rings). Default true.'),
    city: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('A place to mark on the map: a city name, optionally with its country after a comma (`Lisbon, Portugal`). Optional; or send lat and lng.'),
    country: z.string().min(2).max(100).optional().describe('Country (ISO code or English name) narrowing the city lookup, e.g. `PT`.'),
    lat: latitude.optional().describe('Latitude of the place to mark, -90 to 90 (with lng, instead of a city).'),
    lng: longitude.optional().describe('Longitude of the place to mark, -180 to 180 (east positive).'),
    projection: caseInsensitiveEnum(MAP_PROJECTIONS)
      .default('equal_earth')
      .describe('`equal_earth` (default: areas true, the shapes readers know), `natural_earth` or `equirectangular` (longitude and latitude as x and y).'),
    format: caseInsensitiveEnum(['svg', 'png']).default('svg').describe('`svg` (default) or `png`'),
    theme_type: caseInsensitiveEnum(ACG_MAP_THEMES).default('light').describe('`light` (default) or `dark`'),
    width: z
      .number()
      .int()
      .min(MAP_MIN_WIDTH)
      .max(MAP_MAX_WIDTH)
      .default(MAP_DEFAULT_WIDTH)
      .describe(
        `Width in px, ${MAP_MIN_WIDTH}-${MAP_MAX_WIDTH} (default ${MAP_DEFAULT_WIDTH}); the height follows from the projection, with the header and legend`,
      ),
    png_quality_scale: z.number().min(1).max(3).default(1).describe('PNG pixels per unit (default 1: the PNG is `width` pixels wide)'),
    show_metadata: z.boolean().default(true).describe('The header with the name, birth, mode and projection (default true)'),
  })
  .meta({ id: 'AstrocartographyMapRequest', example: { natal: exampleAcgNatal, city: 'Lisbon', country: 'PT', format: 'png', theme_type: 'light' } });

export type AcgMapRequest = z.output<typeof acgMapRequest>;

/** The MCP tool's largest width: an image block a model reads (and a chat shows) needs no more. */
export const MCP_MAX_MAP_WIDTH = 1600;

/** The tool's arguments: the REST body without the format and pixel density, which it sets (a PNG at one pixel per unit). */
export const acgMapToolInput = acgMapRequest
  .omit({ format: true, png_quality_scale: true })
  .extend({
    width: z
      .number()
      .int()
      .min(MAP_MIN_WIDTH)
      .max(MCP_MAX_MAP_WIDTH)
      .default(MAP_DEFAULT_WIDTH)
      .describe(`Width in px, ${MAP_MIN_WIDTH}-${MCP_MAX_MAP_WIDTH} (default ${MAP_DEFAULT_WIDTH})`),
  })
  .meta({ example: { natal: exampleAcgNatal, city: 'Lisbon', country: 'PT', width: 800 } })
  .transform((args) => ({ ...args, format: 'png' as const, png_quality_scale: 1 }));

export const ACG_MAP_DESCRIPTION =
  "The image itself: `image/svg+xml` (default) or `image/png` with `format: \"png\"`. The birth's astrocartography lines (as POST /api/v1/western/astrocartography/lines draws them: `mode`, `bodies`, `angles`, `topocentric`) on a world map: Natural Earth's land and country borders (1:110m below 1000 px wide, 1:50m from there), the graticule every 10°, in the `projection` asked (Equal Earth by default). One path per line in its body's colour, rising (AC) and culminating (MC) lines solid, setting (DC) and anti-culminating (IC) dashed; a line that crosses ±180° is drawn as separate runs that end on the map's edge, never across it. Each line carries a plate with the body's glyph and its angle, placed on the line where it overlaps no other plate. `include_crossings` (default true) rings the crossings of two bodies' lines within 70° of the equator. A place named by `city` (with `country`) or `lat`/`lng` is marked with its name. Header X-Map-Projection, X-Map-Lines, X-Warnings. See docs/api/astrocartography.md, \"World map\".";
