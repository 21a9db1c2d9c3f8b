/**
 * The styling options of the Vedic chart image, as the public service's kundli clients send them:
 * `body_types` (which groups of points are drawn), `display_settings` (each point on or off by
 * name), `custom_theme` (colours over the theme's) and `chart_config` (how labels and lines are
 * drawn). One home for their schemas and for resolving them into what the renderer draws.
 */
import { z } from 'zod/v4';
import type { KundliColors } from '../../../../renderer/kundli/kundli-model.ts';
import { PALETTES } from '../../../../renderer/palettes.ts';
import type { Theme } from '../../../../renderer/chart-model.ts';
import { GRAHA_IDS, type GrahaId } from '../../../astro/vedic/grahas.ts';
import { cssColor } from '../../charts/charts-schemas.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';

/** The outer planets a kundli may show beside the nine grahas (sidereal, in the chart's ayanamsa). */
export const OUTER_PLANETS = ['uranus', 'neptune', 'pluto'] as const;
export type OuterPlanet = (typeof OUTER_PLANETS)[number];
export type KundliPoint = GrahaId | OuterPlanet | 'lagna';

export const BODY_TYPES = ['grahas', 'classical_grahas', 'nodes', 'lagna', 'outer_planets'] as const;
type BodyType = (typeof BODY_TYPES)[number];
const DEFAULT_BODY_TYPES: readonly BodyType[] = ['grahas', 'lagna'];
const MEMBERS: Record<BodyType, readonly KundliPoint[]> = {
  grahas: GRAHA_IDS,
  classical_grahas: GRAHA_IDS.filter((g) => g !== 'rahu' && g !== 'ketu'),
  nodes: ['rahu', 'ketu'],
  lagna: ['lagna'],
  outer_planets: OUTER_PLANETS,
};

const POINT_NAMES = [...GRAHA_IDS, ...OUTER_PLANETS, 'lagna'] as const;
/** Other names clients give the points in display_settings. */
const POINT_ALIASES = { ascendant: 'lagna', asc: 'lagna', north_node: 'rahu', south_node: 'ketu' } as const;

const onOff = (what: string) => z.boolean().optional().describe(what);

/**
 * What the kundli clients send beyond the drawing's own options, and how each is honoured. A key
 * of these objects that names nothing drawn here (`house_labels`, `house_text`,
 * `body_font_weight`, `sign_font_size`, a point not drawn such as `chiron`) is accepted, left
 * out, and named in X-Unknown-Fields; a value of the wrong kind is a 422 naming it.
 */
export const kundliOptionFields = {
  body_types: z
    .array(
      caseInsensitiveEnum(BODY_TYPES, {
        planets: 'grahas',
        navagraha: 'grahas',
        classical: 'classical_grahas',
        classical_planets: 'classical_grahas',
        node: 'nodes',
        lunar_nodes: 'nodes',
        ascendant: 'lagna',
        outer: 'outer_planets',
      }),
    )
    .max(12)
    .optional()
    .describe(
      'The groups of points drawn: `grahas` (the nine, Sun to Ketu), `classical_grahas` (the seven, Sun to Saturn), `nodes` (Rahu and Ketu), `lagna` (alias `ascendant`), `outer_planets` (Uranus, Neptune, Pluto, sidereal). Default ["grahas", "lagna"]. `display_settings` then turns single points on or off.',
    ),
  display_settings: z
    .object({
      ...(Object.fromEntries(POINT_NAMES.map((p) => [p, onOff(`Draw ${p === 'lagna' ? 'the lagna' : p} (true) or not (false)`)])) as Record<
        (typeof POINT_NAMES)[number],
        ReturnType<typeof onOff>
      >),
      ascendant: onOff('Alias of `lagna`'),
      asc: onOff('Alias of `lagna`'),
      north_node: onOff('Alias of `rahu`'),
      south_node: onOff('Alias of `ketu`'),
      sign_labels: onOff('The sign numbers (North Indian) or names in the cells (default true; the same as `chart_config.show_sign_markers`)'),
      chart_only: onOff('Only the chart: no header with the name, date and varga (default false; the same as `show_metadata: false`)'),
      division_badge: onOff('A badge with the division (D1, D9 …) at the top left of each chart (default: true when several divisions are drawn)'),
    })
    .optional()
    .describe(
      'Each point on (true) or off (false) by name, over `body_types`: `sun` … `ketu` (`north_node`, `south_node`), `uranus`, `neptune`, `pluto`, `lagna` (`ascendant`); and `sign_labels`, `chart_only`, `division_badge`. Points not named follow `body_types`.',
    ),
  custom_theme: z
    .object({
      background: cssColor.optional().describe('Background of the image (CSS colour, or "transparent")'),
      panel_background: cssColor.optional().describe('Background of each chart’s panel (default: `background`)'),
      panel_border: cssColor.optional().describe('A border around each chart’s panel (default: none)'),
      frame: cssColor.optional().describe('Lines of the chart’s frame'),
      grid: cssColor.optional().describe('Alias of `frame`'),
      outer_line: cssColor.optional().describe('The outer square of the chart, drawn over the frame (default: the frame’s colour)'),
      sign_marker: cssColor.optional().describe('The sign numbers (North Indian) or names (South, East Indian)'),
      sign_text: cssColor.optional().describe('Alias of `sign_marker`'),
      graha: cssColor.optional().describe('The labels of the grahas and outer planets'),
      body_text: cssColor.optional().describe('Alias of `graha`'),
      lagna: cssColor.optional().describe('The lagna’s label and the mark of its cell'),
      ascendant_text: cssColor.optional().describe('Alias of `lagna`'),
      text: cssColor.optional().describe('The header’s title'),
      title_text: cssColor.optional().describe('Alias of `text`'),
      subtitle_text: cssColor.optional().describe('The header’s second line'),
      badge_background: cssColor.optional().describe('The division badge’s fill'),
    })
    .optional()
    .describe('Colours over those of `theme_type`; each a CSS colour, anything else a 422.'),
  ascendant_text_color: cssColor.optional().describe('Colour of the lagna’s label (as `custom_theme.ascendant_text`, which wins)'),
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
      body_font_size: z
        .number()
        .min(4)
        .max(96)
        .optional()
        .describe(
          'Largest size of the labels in px of the chart (its font size; the labels’ cap height is 0.7 of it); as label_scale, within 0.5-1.5 of the default, and never overflowing a cell',
        ),
      line_width: z.number().min(0.25).max(4).optional().describe('Width of the frame’s lines, times the default (1)'),
      grid_line_width: z.number().min(0.1).max(20).optional().describe('Width of the frame’s lines in px (within 0.25-4 times the default)'),
      outer_line_width: z
        .number()
        .min(0)
        .max(20)
        .optional()
        .describe('Width in px of the outer square drawn over the frame (default: 1.5 times the frame’s when `outer_line` is given)'),
      panel_padding: z
        .number()
        .min(0)
        .max(200)
        .optional()
        .describe('Space in px between a panel’s border and its chart (default 0 for one chart, 2 % of the size for several)'),
      columns: z.number().int().min(1).max(4).optional().describe('Charts per row when several divisions are drawn (default 2)'),
      show_degrees: z.boolean().optional().describe('Each label with its degree and minute in the sign (default true), or the abbreviation alone'),
      show_retrograde: z.boolean().optional().describe('The ℞ after a retrograde planet (default true; Rahu and Ketu, always retrograde, are never marked)'),
      show_sign_markers: z.boolean().optional().describe('The sign numbers or names in the cells (default true)'),
    })
    .optional()
    .describe('How the labels, lines and panels are drawn.'),
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
  /** The header above each chart (false with `show_metadata: false` or `display_settings.chart_only`). */
  showMetadata: boolean;
  panel: PanelOptions;
}

/** How the charts sit on the image: each in a panel, the panels in rows. */
export interface PanelOptions {
  background: string;
  border: string | undefined;
  /** Colour and width (px) of the chart's outer square drawn over the frame; undefined: not drawn. */
  outerLine: { color: string; width: number } | undefined;
  padding: number | undefined;
  columns: number | undefined;
  badge: boolean | undefined;
  badgeBackground: string | undefined;
}

/** The default cap height of the labels, as a share of the chart's size (the renderer's). */
const DEFAULT_LABEL_CAP = 0.03;
/** The default width of the frame's lines, as a share of the chart's size (the renderer's). */
const DEFAULT_LINE = 1 / 320;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The theme's colours for a kundli, with the request's custom colours (and their aliases) over them. */
function kundliColors(theme: Theme, custom: KundliOptionsRequest['custom_theme'], ascendantColor: string | undefined): KundliColors {
  const pal = PALETTES[theme];
  const c = custom ?? {};
  return {
    background: c.panel_background ?? c.background ?? pal.background,
    frame: c.frame ?? c.grid ?? pal.ringOuter,
    signMarker: c.sign_marker ?? c.sign_text ?? pal.muted,
    graha: c.graha ?? c.body_text ?? pal.planet,
    lagna: c.lagna ?? c.ascendant_text ?? ascendantColor ?? pal.angle,
    text: c.text ?? c.title_text ?? pal.text,
    muted: c.subtitle_text ?? pal.muted,
  };
}

/** The points drawn: the groups of body_types, then single points on or off by display_settings (aliases read as their point). */
function pointsOf(request: KundliOptionsRequest): Set<KundliPoint> {
  const points = new Set<KundliPoint>((request.body_types ?? DEFAULT_BODY_TYPES).flatMap((t) => MEMBERS[t]));
  const settings: Record<string, boolean | undefined> = request.display_settings ?? {};
  const named = (name: string): KundliPoint | undefined =>
    (POINT_NAMES as readonly string[]).includes(name) ? (name as KundliPoint) : POINT_ALIASES[name as keyof typeof POINT_ALIASES];
  for (const [name, on] of Object.entries(settings)) {
    const point = named(name);
    if (point === undefined) continue;
    if (on === true) points.add(point);
    if (on === false) points.delete(point);
  }
  return points;
}

export function resolveKundliOptions(request: KundliOptionsRequest & { show_metadata?: boolean | undefined }, size: number): KundliOptions {
  const config = request.chart_config ?? {};
  const custom = request.custom_theme ?? {};
  const display = request.display_settings ?? {};
  const colors = kundliColors(request.theme_type ?? 'light', request.custom_theme, request.ascendant_text_color);
  const labelScale =
    config.label_scale ?? (config.body_font_size === undefined ? 1 : clamp((config.body_font_size * 0.7) / (size * DEFAULT_LABEL_CAP), 0.5, 1.5));
  const lineScale = config.line_width ?? (config.grid_line_width === undefined ? 1 : clamp(config.grid_line_width / (size * DEFAULT_LINE), 0.25, 4));
  const outerWanted = custom.outer_line !== undefined || config.outer_line_width !== undefined;
  return {
    points: pointsOf(request),
    colors,
    labelScale,
    lineScale,
    showDegrees: config.show_degrees ?? true,
    showRetrograde: config.show_retrograde ?? true,
    showSignMarkers: config.show_sign_markers ?? display.sign_labels ?? true,
    showMetadata: display.chart_only === true ? false : (request.show_metadata ?? true),
    panel: {
      background: custom.background ?? PALETTES[request.theme_type ?? 'light'].background,
      border: custom.panel_border,
      outerLine: outerWanted
        ? { color: custom.outer_line ?? colors.frame, width: config.outer_line_width ?? size * DEFAULT_LINE * lineScale * 1.5 }
        : undefined,
      padding: config.panel_padding,
      columns: config.columns,
      badge: display.division_badge,
      badgeBackground: custom.badge_background,
    },
  };
}
