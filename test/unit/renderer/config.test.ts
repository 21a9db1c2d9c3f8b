import { describe, expect, it } from 'vitest';
import { chartConfigSchema, isCssColor } from '../../../renderer/index.ts';

describe('chartConfigSchema', () => {
  it('accepts documented keys', () => {
    const cfg = chartConfigSchema.parse({
      french_style: true,
      chart_background: 'transparent',
      custom_planet_color: '#1565C0',
      sign_line_color: 'rgb(10, 20, 30)',
      house_line_color: 'rgba(10 20 30 / 0.5)',
      aspect_trine_color: 'hsl(210, 80%, 40%)',
      aspect_square_width: 2.5,
      stroke_opacity: 0.7,
      retrograde_marker_style: 'rx',
      custom_sign_colors: ['red', '#fff', '#ffffff80'],
      planet_symbol_scale: 1.2,
    });
    expect(cfg.french_style).toBe(true);
    expect(cfg.aspect_square_width).toBe(2.5);
  });

  it('rejects anything that could smuggle markup or references', () => {
    for (const bad of ['url(#x)', 'red;fill:blue', '"><script>', 'expression(alert(1))', 'var(--x)', '#12345', 'notacolor', 'red ']) {
      const r = chartConfigSchema.safeParse({ custom_planet_color: bad });
      expect(r.success, bad).toBe(bad === 'red ' ? true : false);
    }
  });

  it('bounds numbers', () => {
    expect(chartConfigSchema.safeParse({ stroke_opacity: 2 }).success).toBe(false);
    expect(chartConfigSchema.safeParse({ house_line_width: -1 }).success).toBe(false);
    expect(chartConfigSchema.safeParse({ planet_symbol_scale: 100 }).success).toBe(false);
    expect(chartConfigSchema.safeParse({ center_disk_fraction: 0.01 }).success).toBe(false);
  });

  it('drops unknown keys', () => {
    expect(chartConfigSchema.parse({ nope: 1 })).toEqual({});
  });

  it('recognises CSS colours', () => {
    expect(isCssColor('#abc')).toBe(true);
    expect(isCssColor('RebeccaPurple')).toBe(true);
    expect(isCssColor('transparent')).toBe(true);
    expect(isCssColor('transparent', false)).toBe(false);
    expect(isCssColor('rgb(1,2)')).toBe(false);
  });
});
