/**
 * POST /api/v2/vedic/visual/chart over real HTTP: SVG by default and PNG on request in the three
 * styles, what the kundli app sends (divisions as a list), 422s naming the field, the OpenAPI
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
    const refused = await mcp.client.callTool({ name: 'v2_vedic_visual_chart', arguments: { ...birth, divisions: 5 } });
    expect(refused.isError).toBe(true);
  });
});
