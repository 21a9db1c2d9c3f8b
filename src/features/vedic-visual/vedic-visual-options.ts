/**
 * The styling options of the Vedic chart image, as the public service's kundli clients send them:
 * `body_types` (which groups of points are drawn), `display_settings` (each point on or off by
 * name), `custom_theme` (colours over the theme's) and `chart_config` (how labels and lines are
 * drawn). One home for their schemas and for resolving them into what the renderer draws.
 */
import { z } from 'zod/v4';
import type { KundliColors } from '../../../renderer/kundli/kundli-model.ts';
import { PALETTES } from '../../../renderer/palettes.ts';
import type { Theme } from '../../../renderer/chart-model.ts';
import { GRAHA_IDS, type GrahaId } from '../../astro/vedic/grahas.ts';
import { cssColor } from '../charts/charts-schemas.ts';
import { caseInsensitiveEnum } from '../schema-fields/lenient-enum.ts';

/** The outer planets a kundli may show beside the nine grahas (sidereal, in the chart's ayanamsa). */
export const OUTER_PLANETS = ['uranus', 'neptune', 'pluto'] as const;
export type OuterPlanet = (typeof OUTER_PLANETS)[number];
export type KundliPoint = GrahaId | OuterPlanet | 'lagna';

export const BODY_TYPES = ['grahas', 'lagna', 'outer_planets'] as const;
type BodyType = (typeof BODY_TYPES)[number];
const DEFAULT_BODY_TYPES: readonly BodyType[] = ['grahas', 'lagna'];
const MEMBERS: Record<BodyType, readonly KundliPoint[]> = { grahas: GRAHA_IDS, lagna: ['lagna'], outer_planets: OUTER_PLANETS };

const POINT_NAMES = [...GRAHA_IDS, ...OUTER_PLANETS, 'lagna'] as const;

export const kundliOptionFields = {
  body_types: z
    .array(caseInsensitiveEnum(BODY_TYPES, { planets: 'grahas', ascendant: 'lagna', outer: 'outer_planets' }))
    .max(BODY_TYPES.length)
    .optional()
    .describe(
      'The groups of points drawn: `grahas` (the nine, Sun to Ketu), `lagna`, `outer_planets` (Uranus, Neptune, Pluto, sidereal). Default ["grahas", "lagna"]. `display_settings` then turns single points on or off.',
    ),
  display_settings: z
    .object(
      Object.fromEntries(
        POINT_NAMES.map((p) => [
          p,
          z
            .boolean()
            .optional()
            .describe(`Draw ${p === 'lagna' ? 'the lagna' : p} (true) or not (false)`),
        ]),
      ) as Record<(typeof POINT_NAMES)[number], z.ZodOptional<z.ZodBoolean>>,
    )
    .strict()
    .optional()
    .describe(
      'Each point on (true) or off (false) by name, over `body_types`: `sun` … `ketu`, `uranus`, `neptune`, `pluto`, `lagna`. Points not named follow `body_types`.',
    ),
  custom_theme: z
    .object({
      background: cssColor.optional().describe('Background (CSS colour, or "transparent")'),
      frame: cssColor.optional().describe('Lines of the chart’s frame'),
      sign_marker: cssColor.optional().describe('The sign numbers (North Indian) or names (South, East Indian)'),
      graha: cssColor.optional().describe('The labels of the grahas and outer planets'),
      lagna: cssColor.optional().describe('The lagna’s label and the mark of its cell'),
      text: cssColor.optional().describe('The header’s title'),
    })
    .strict()
    .optional()
    .describe('Colours over those of `theme_type`; each a CSS colour, anything else a 422.'),
  chart_config: z
    .object({
      label_scale: z
        .number()
        .min(0.5)
        .max(1.5)
        .optional()
        .describe(
          'Size of the labels, times the size fitted to the fullest cell (default 1); labels never overflow their cell, so a larger scale may be drawn smaller',
        ),
      line_width: z.number().min(0.25).max(4).optional().describe('Width of the frame’s lines, times the default (1)'),
      show_degrees: z.boolean().optional().describe('Each label with its degree and minute in the sign (default true), or the abbreviation alone'),
      show_retrograde: z.boolean().optional().describe('The ℞ after a retrograde planet (default true; Rahu and Ketu, always retrograde, are never marked)'),
      show_sign_markers: z.boolean().optional().describe('The sign numbers or names in the cells (default true)'),
    })
    .strict()
    .optional()
    .describe('How the labels and lines are drawn.'),
};

type KundliOptionsRequest = z.output<z.ZodObject<typeof kundliOptionFields>> & { theme_type?: Theme | undefined };

export interface KundliOptions {
  /** The points drawn, by name. */
  points: ReadonlySet<KundliPoint>;
  colors: KundliColors;
  labelScale: number;
  lineScale: number;
  showDegrees: boolean;
  showRetrograde: boolean;
  showSignMarkers: boolean;
}

/** The theme's colours for a kundli, with the request's custom colours over them. */
function kundliColors(theme: Theme, custom: KundliOptionsRequest['custom_theme']): KundliColors {
  const pal = PALETTES[theme];
  return {
    background: custom?.background ?? pal.background,
    frame: custom?.frame ?? pal.ringOuter,
    signMarker: custom?.sign_marker ?? pal.muted,
    graha: custom?.graha ?? pal.planet,
    lagna: custom?.lagna ?? pal.angle,
    text: custom?.text ?? pal.text,
    muted: pal.muted,
  };
}

export function resolveKundliOptions(request: KundliOptionsRequest): KundliOptions {
  const points = new Set<KundliPoint>((request.body_types ?? DEFAULT_BODY_TYPES).flatMap((t) => MEMBERS[t]));
  for (const [name, on] of Object.entries(request.display_settings ?? {})) {
    if (on === true) points.add(name as KundliPoint);
    if (on === false) points.delete(name as KundliPoint);
  }
  const config = request.chart_config ?? {};
  return {
    points,
    colors: kundliColors(request.theme_type ?? 'light', request.custom_theme),
    labelScale: config.label_scale ?? 1,
    lineScale: config.line_width ?? 1,
    showDegrees: config.show_degrees ?? true,
    showRetrograde: config.show_retrograde ?? true,
    showSignMarkers: config.show_sign_markers ?? true,
  };
}
