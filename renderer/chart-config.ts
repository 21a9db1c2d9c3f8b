/**
 * `chart_config` style keys (field-reference §4.2) understood by the renderer. Every key is
 * optional; absent keys fall back to the theme. Widths are pixels at the reference size of
 * 700 px and scale with the image so a style looks the same at any `size`.
 */
import { z } from 'zod/v4';
import { isCssColor } from './colors.ts';

export const ASPECT_TYPES = [
  'conjunction',
  'opposition',
  'trine',
  'square',
  'sextile',
  'quincunx',
  'semi_sextile',
  'semi_square',
  'sesquiquadrate',
  'quintile',
] as const;

const color = z
  .string()
  .max(64)
  .refine((v) => isCssColor(v), { message: 'expected a CSS colour (#hex, rgb()/rgba(), hsl()/hsla() or a named colour)' });
const width = z.number().min(0).max(20);
const unit = z.number().min(0).max(1);
const scale = z.number().min(0.3).max(3);

export const chartConfigSchema = z.object({
  french_style: z.boolean().optional().describe('Roman house numerals and AS/DS/MC/FC angle labels'),
  show_horoscope_shape: z.boolean().optional(),
  horoscope_shape_style: z.enum(['polygon', 'arcs', 'label']).optional(),
  horoscope_shape_color: color.optional(),
  horoscope_shape_label: z.boolean().optional(),
  embed_horoscope_shape_metadata: z.boolean().optional(),

  chart_background: color.optional().describe('CSS colour or "transparent"'),
  show_color_background: z.boolean().optional().describe('element tints behind the signs'),
  show_sign_background: z.boolean().optional(),
  show_house_background: z.boolean().optional(),
  sign_background_opacity: unit.optional(),
  house_background_opacity: unit.optional(),
  custom_planet_color: color.optional(),
  custom_sign_color: color.optional(),
  custom_house_color: color.optional(),
  custom_sign_bg_color: color.optional(),
  custom_house_bg_color: color.optional(),
  custom_sign_colors: z.array(color).max(12).optional().describe('per-sign background colours, Aries first'),
  custom_house_colors: z.array(color).max(12).optional().describe('per house background, house 1 first'),

  sign_line_color: color.optional(),
  sign_line_width: width.optional(),
  house_line_color: color.optional(),
  house_line_width: width.optional(),
  sign_ring_inner_color: color.optional(),
  sign_ring_inner_width: width.optional(),
  sign_ring_outer_color: color.optional(),
  sign_ring_outer_width: width.optional(),
  house_ring_inner_color: color.optional(),
  house_ring_inner_width: width.optional(),
  house_ring_outer_color: color.optional(),
  house_ring_outer_width: width.optional(),
  sign_tick_color: color.optional(),
  sign_tick_width: width.optional(),
  asc_line_color: color.optional(),
  asc_line_width: width.optional(),
  dsc_line_color: color.optional(),
  dsc_line_width: width.optional(),
  mc_line_color: color.optional(),
  mc_line_width: width.optional(),
  ic_line_color: color.optional(),
  ic_line_width: width.optional(),
  aspect_conjunction_color: color.optional(),
  aspect_conjunction_width: width.optional(),
  aspect_opposition_color: color.optional(),
  aspect_opposition_width: width.optional(),
  aspect_trine_color: color.optional(),
  aspect_trine_width: width.optional(),
  aspect_square_color: color.optional(),
  aspect_square_width: width.optional(),
  aspect_sextile_color: color.optional(),
  aspect_sextile_width: width.optional(),
  aspect_quincunx_color: color.optional(),
  aspect_quincunx_width: width.optional(),
  aspect_semi_sextile_color: color.optional(),
  aspect_semi_sextile_width: width.optional(),
  aspect_semi_square_color: color.optional(),
  aspect_semi_square_width: width.optional(),
  aspect_sesquiquadrate_color: color.optional(),
  aspect_sesquiquadrate_width: width.optional(),
  aspect_quintile_color: color.optional(),
  aspect_quintile_width: width.optional(),

  show_retrograde_markers: z.boolean().optional(),
  retrograde_marker_style: z.enum(['symbol', 'rx', 'r']).optional().describe('℞ glyph, "Rx" or "R"'),
  show_aspect_symbols: z.boolean().optional(),
  stroke_opacity: unit.optional().describe('opacity of aspect lines'),

  font_size_fraction: z.number().min(0.015).max(0.08).optional().describe('label cap height / wheel radius (default ≈0.034)'),
  ring_thickness_fraction: z.number().min(0.1).max(0.6).optional().describe('planet ring(s) thickness / wheel radius'),
  sign_ring_thickness_fraction: z.number().min(0.06).max(0.25).optional().describe('zodiac ring thickness / wheel radius (default 0.13)'),
  house_ring_thickness_fraction: z.number().min(0.03).max(0.15).optional().describe('house number ring thickness / wheel radius (default 0.065)'),
  center_disk_fraction: z.number().min(0.15).max(0.7).optional().describe('aspect disk radius / wheel radius'),
  planet_symbol_scale: scale.optional(),
  sign_symbol_scale: scale.optional(),
  house_number_scale: scale.optional(),
  sign_symbol_stroke_width: z.number().min(0.2).max(6).optional().describe('zodiac glyph stroke in px at 700 px (default ≈1.8)'),
  houses_inside_planets: z.boolean().optional().describe('house number ring inside (default) or outside the planet ring'),
  show_aspect_grid: z.boolean().optional().describe('aspect grid in a panel right of the wheel (the image grows wider)'),
  show_positions_table: z.boolean().optional().describe('table of positions and house cusps in a panel right of the wheel'),
});

export type ChartConfig = z.infer<typeof chartConfigSchema>;
