/**
 * POST /api/v2/vedic/visual/chart over real HTTP: SVG by default and PNG on request in the three
 * styles, what the kundli app sends (two divisions, four body types, its display settings, theme and
 * config: each honoured or named in X-Unknown-Fields), 422s naming the field, the OpenAPI
 * entry, and the MCP tool v2_vedic_visual_chart answering a PNG image block and the chart in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/app.ts';
import { startServerWithMcp, type v2Client } from '../helpers/mcp.ts';

let server: TestServer;
let mcp: ReturnType<typeof v2Client>;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ server, mcp, close } = await startServerWithMcp());
});
afterAll(() => close?.());

const birth = { name: 'Ada', year: 1990, month: 5, day: 17, hour: 8, minute: 15, city: 'Lisbon', tz_str: 'AUTO', ayanamsha: 'lahiri', node_type: 'mean' };

async function postRaw(body: unknown): Promise<{ status: number; type: string; headers: Headers; bytes: Buffer }> {
  const res = await fetch(`${server.url}/api/v2/vedic/visual/chart`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': server.key },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('POST /api/v2/vedic/visual/chart', () => {
  it('draws the rasi as SVG by default and every style as PNG', async () => {
    const svg = await postRaw(birth);
    expect(svg.status, svg.bytes.toString()).toBe(200);
    expect(svg.type).toMatch(/^image\/svg\+xml/);
    expect(svg.bytes.toString()).toMatch(/^<svg [^>]*data-style="north_indian"/);
    expect(svg.headers.get('x-varga')).toBe('D1');
    for (const chart_style of ['north_indian', 'south_indian', 'east_indian']) {
      const png = await postRaw({ ...birth, chart_style, format: 'png', divisions: [9] });
      expect(png.status).toBe(200);
      expect(png.type).toBe('image/png');
      expect(png.bytes.subarray(1, 4).toString()).toBe('PNG');
      expect(png.headers.get('x-chart-style')).toBe(chart_style);
      expect(png.headers.get('x-varga')).toBe('D9');
    }
  });

  it('refuses what it cannot draw with a 422 naming the field', async () => {
    const refusals: [unknown, (string | number)[]][] = [
      [{ ...birth, divisions: 5 }, ['body', 'divisions']],
      [{ ...birth, divisions: 'D11' }, ['body', 'divisions']],
      [{ ...birth, chart_style: 'western' }, ['body', 'chart_style']],
      [{ ...birth, format: 'gif' }, ['body', 'format']],
      [{ ...birth, ayanamsha: 'nope' }, ['body', 'ayanamsha']],
      [{ ...birth, month: 2, day: 30 }, ['body', 'day']],
    ];
    for (const [body, loc] of refusals) {
      const res = await server.post('/api/v2/vedic/visual/chart', body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(loc);
    }
  });

  describe("the kundli app's chart request: two divisions, four body types, its display settings, theme and config", () => {
    const kundliApp = {
      ...birth,
      lat: 38.72,
      lng: -9.14,
      house_system: 'whole_sign',
      divisions: [1, 9],
      chart_style: 'north_indian',
      format: 'svg',
      size: 700,
      theme_type: 'light',
      body_types: ['ascendant', 'classical_grahas', 'nodes', 'outer_planets'],
      ascendant_text_color: '#0B7285',
      display_settings: { ascendant: true, rahu: true, ketu: true, uranus: true, neptune: true, pluto: true, sign_labels: true },
      custom_theme: {
        background: '#fffdf7',
        panel_background: '#fffaf0',
        panel_border: '#d7b860',
        grid: '#c08a2c',
        outer_line: '#8d1f1f',
        sign_text: '#681414',
        house_text: '#7a5b1d',
        body_text: '#1c1712',
        ascendant_text: '#0B7285',
        title_text: '#681414',
        subtitle_text: '#675b4a',
        badge_background: '#fff3cf',
      },
      chart_config: {
        body_font_size: 19,
        body_font_weight: '600',
        sign_font_size: 24,
        grid_line_width: 1.1,
        outer_line_width: 1.6,
        panel_padding: 18,
        columns: 2,
      },
    };
    const labelsOf = (svg: string) => [...svg.matchAll(/data-label="([^"]+)"/g)].map((m) => m[1]!.split(' ')[0]);

    it('draws both divisions side by side, each in its panel, and names only what it cannot draw', async () => {
      const res = await postRaw(kundliApp);
      expect(res.status, res.bytes.toString()).toBe(200);
      expect(res.type).toMatch(/^image\/svg\+xml/);
      const svg = res.bytes.toString();
      expect(res.headers.get('x-varga')).toBe('D1,D9');
      expect(svg).toMatch(/^<svg [^>]*data-divisions="D1,D9"/);
      // Two panels in one row: the sheet is about twice as wide as high.
      const [, w, h] = /^<svg [^>]*width="([\d.]+)" height="([\d.]+)"/.exec(svg)!.map(Number);
      expect(w! / h!).toBeGreaterThan(1.7);
      expect([...svg.matchAll(/data-division="(D\d+)"/g)].map((m) => m[1])).toEqual(['D1', 'D9']);
      expect([...svg.matchAll(/data-badge="(D\d+)"/g)].map((m) => m[1])).toEqual(['D1', 'D9']);
      // Each body type and display setting drawn: the lagna, the seven, the nodes, the outer planets, in each chart.
      const labels = labelsOf(svg);
      for (const abbr of ['Asc', 'Su', 'Mo', 'Ma', 'Me', 'Ju', 'Ve', 'Sa', 'Ra', 'Ke', 'Ur', 'Ne', 'Pl'])
        expect(
          labels.filter((l) => l === abbr),
          abbr,
        ).toHaveLength(2);
      // Every colour of the theme is used (house_text excepted: no house numbers are drawn).
      for (const [key, colour] of Object.entries(kundliApp.custom_theme)) if (key !== 'house_text') expect(svg, key).toContain(colour);
      // The config's widths: the frame at 1.1 px, the outer square at 1.6 px, 18 px of padding.
      expect(svg).toContain('stroke="#c08a2c" stroke-width="1.1"');
      expect(svg).toMatch(/<rect [^>]*stroke="#8d1f1f" stroke-width="1.6"/);
      expect(svg).toMatch(/<svg x="(\d+)" y="\1"/);
      // What cannot apply is accepted and named (a kundli's houses are its signs, whatever the house system).
      expect(res.headers.get('x-unknown-fields')!.split(/,\s*/).sort()).toEqual([
        'chart_config.body_font_weight',
        'chart_config.sign_font_size',
        'custom_theme.house_text',
        'house_system',
      ]);
    });

    it('honours each option on its own', async () => {
      const svgOf = async (body: unknown) => {
        const res = await postRaw(body);
        expect(res.status, res.bytes.toString()).toBe(200);
        return res.bytes.toString();
      };
      const base = { ...birth, lat: 38.72, lng: -9.14 };
      expect(new Set(labelsOf(await svgOf({ ...base, body_types: ['classical_grahas'] })))).toEqual(new Set(['Su', 'Mo', 'Ma', 'Me', 'Ju', 'Ve', 'Sa']));
      expect(labelsOf(await svgOf({ ...base, body_types: ['nodes'] })).sort()).toEqual(['Ke', 'Ra']);
      expect(labelsOf(await svgOf({ ...base, body_types: ['ascendant'] }))).toEqual(['Asc']);
      expect(labelsOf(await svgOf({ ...base, body_types: ['nodes'], display_settings: { ascendant: true, ketu: false } })).sort()).toEqual(['Asc', 'Ra']);
      // One division, no panel option: the plain chart; chart_only drops its header; sign_labels false its markers.
      const plain = await svgOf({ ...base, divisions: [9] });
      expect(plain).toMatch(/^<svg [^>]*data-style="north_indian"/);
      expect(plain).not.toContain('data-division');
      const chartOnly = await svgOf({ ...base, display_settings: { chart_only: true } });
      expect(chartOnly).toMatch(/^<svg [^>]*height="600"/);
      expect((await svgOf({ ...base, display_settings: { sign_labels: false } })).length).toBeLessThan(plain.length);
      // Columns: three divisions in one column are taller than wide.
      const column = await svgOf({ ...base, divisions: ['D1', 9, 10], chart_config: { columns: 1 } });
      const [, w, h] = /^<svg [^>]*width="([\d.]+)" height="([\d.]+)"/.exec(column)!.map(Number);
      expect(h! / w!).toBeGreaterThan(2.5);
      // A badge on a single chart when asked; the title and lagna colours by their aliases.
      const badged = await svgOf({
        ...base,
        display_settings: { division_badge: true },
        ascendant_text_color: '#123456',
        custom_theme: { title_text: '#654321' },
      });
      expect(badged).toContain('data-badge="D1"');
      expect(badged).toContain('#123456');
      expect(badged).toContain('#654321');
      // The body font size scales the labels down, the grid line width sets the frame's lines.
      const small = await svgOf({ ...base, chart_config: { body_font_size: 10, grid_line_width: 3 } });
      const capOf = (svg: string) =>
        Math.max(...[...svg.matchAll(/data-label="[^"]+"/g)].map((m) => Number(/scale\(([\d.]+)\)/.exec(svg.slice(svg.lastIndexOf('<g', m.index)))![1])));
      expect(capOf(small)).toBeLessThan(capOf(plain));
      expect(small).toContain('stroke-width="3"');
      // PNG of the kundli app's request.
      const png = await postRaw({ ...kundliApp, format: 'png' });
      expect(png.status).toBe(200);
      expect(png.bytes.subarray(1, 4).toString()).toBe('PNG');
      expect(png.bytes.readUInt32BE(16)).toBeGreaterThan(png.bytes.readUInt32BE(20) * 1.7);
    });

    it('refuses values of the wrong kind with a 422 naming them', async () => {
      const refusals: [unknown, (string | number)[]][] = [
        [{ ...kundliApp, divisions: [1, 5] }, ['body', 'divisions', 1]],
        [{ ...kundliApp, body_types: ['asteroids'] }, ['body', 'body_types', 0]],
        [{ ...kundliApp, custom_theme: { grid: 'url(#x)' } }, ['body', 'custom_theme', 'grid']],
        [{ ...kundliApp, ascendant_text_color: 'not a colour' }, ['body', 'ascendant_text_color']],
        [{ ...kundliApp, chart_config: { columns: 9 } }, ['body', 'chart_config', 'columns']],
        [{ ...kundliApp, display_settings: { rahu: 3 } }, ['body', 'display_settings', 'rahu']],
      ];
      for (const [body, loc] of refusals) {
        const res = await server.post('/api/v2/vedic/visual/chart', body);
        expect(res.status, JSON.stringify(loc)).toBe(422);
        expect(res.body.detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(loc);
      }
    });
  });

  it('is in the OpenAPI document with its media types', async () => {
    const doc = await server.get('/docs/json');
    const op = doc.body.paths['/api/v2/vedic/visual/chart'].post;
    expect(op.tags).toEqual(['vedic']);
    expect(op.description).toMatch(/north_indian/);
  });

  it('the MCP tool answers the PNG and the chart in words', async () => {
    const result = await mcp.client.callTool({ name: 'v2_vedic_visual_chart', arguments: { ...birth, chart_style: 'south_indian', size: 400 } });
    expect(result.isError ?? false).toBe(false);
    const [image, text] = result.content as { type: string; data?: string; mimeType?: string; text?: string }[];
    expect(image!.type).toBe('image');
    expect(image!.mimeType).toBe('image/png');
    expect(Buffer.from(image!.data!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(text!.text).toMatch(/house 1 /);
    expect(result.structuredContent).toMatchObject({ content_type: 'image/png', width: 400, height: 434, headers: { 'X-Chart-Style': 'south_indian' } });
    // Two divisions: one PNG of two panels, its size as drawn.
    const two = await mcp.client.callTool({ name: 'v2_vedic_visual_chart', arguments: { ...birth, divisions: [1, 9], size: 400 } });
    expect(two.isError ?? false).toBe(false);
    const sheet = Buffer.from((two.content as { data: string }[])[0]!.data, 'base64');
    expect(two.structuredContent).toMatchObject({ width: sheet.readUInt32BE(16), height: sheet.readUInt32BE(20), headers: { 'X-Varga': 'D1,D9' } });
    expect((two.structuredContent as { width: number }).width).toBeGreaterThan(800);
    const refused = await mcp.client.callTool({ name: 'v2_vedic_visual_chart', arguments: { ...birth, divisions: 5 } });
    expect(refused.isError).toBe(true);
  });
});
