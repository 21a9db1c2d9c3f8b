/**
 * POST /api/v1/western/astrocartography/map over real HTTP and MCP: SVG by default and PNG on
 * request, the headers, the 422s naming the field, the OpenAPI entry, and the MCP tool
 * v1_western_astrocartography_map answering a PNG image block and the map in words.
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

const PATH = '/api/v1/western/astrocartography/map';
const paris = { name: 'Ada', year: 1995, month: 9, day: 5, hour: 20, minute: 0, city: 'Paris', tz_str: 'Europe/Paris', time_known: true };

async function postRaw(body: unknown): Promise<{ status: number; type: string; headers: Headers; bytes: Buffer }> {
  const res = await fetch(`${server.url}${PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': server.key },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe(`POST ${PATH}`, () => {
  it('draws the map as SVG by default and as PNG on request', async () => {
    const svg = await postRaw({ natal: paris, city: 'Lisbon', country: 'PT' });
    expect(svg.status, svg.bytes.toString().slice(0, 300)).toBe(200);
    expect(svg.type).toMatch(/^image\/svg\+xml/);
    expect(svg.headers.get('x-map-lines')).toBe('44');
    expect(svg.headers.get('x-map-projection')).toBe('equal_earth');
    const text = svg.bytes.toString();
    expect(text.match(/class="acg-line"/g)).toHaveLength(44);
    expect(text).toContain('<g id="acg-city" data-lat="38.71667" data-lng="-9.13333">');
    const png = await postRaw({ natal: paris, format: 'PNG', theme_type: 'dark', projection: 'equirectangular', width: 640 });
    expect(png.status).toBe(200);
    expect(png.type).toBe('image/png');
    expect(png.bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(png.bytes.readUInt32BE(16)).toBe(640);
  });

  it('refuses bad input with a 422 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ natal: { ...paris, time_known: false } }, 'body.natal.time_known'],
      [{ natal: paris, lat: 95, lng: 0 }, 'body.lat'],
      [{ natal: paris, bodies: [] }, 'body.bodies'],
      [{ natal: paris, width: 10 }, 'body.width'],
      [{ natal: paris, projection: 'mercator' }, 'body.projection'],
      [{ natal: paris, theme_type: 'sepia' }, 'body.theme_type'],
      [{ natal: paris, city: 'Nowhereville Qqq' }, 'body.city'],
      [{ natal: paris, mode: 'projected', topocentric: true }, 'body.topocentric'],
    ];
    for (const [body, field] of cases) {
      const res = await server.post(PATH, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toContain(field);
    }
  });

  it('is in the OpenAPI document with its media types', async () => {
    const doc = await server.get('/docs/json');
    const op = doc.body.paths[PATH].post;
    expect(op.tags).toEqual(['western']);
    expect(Object.keys(op.responses['200'].content)).toEqual(expect.arrayContaining(['image/svg+xml', 'image/png']));
  });

  it('is the MCP tool v1_western_astrocartography_map: a PNG image block and the map in words', async () => {
    const result = await mcp.client.callTool({
      name: 'v1_western_astrocartography_map',
      arguments: { natal: paris, city: 'Lisbon', country: 'PT', width: 800 },
    });
    expect(result.isError ?? false).toBe(false);
    const [image, words] = result.content as { type: string; data?: string; mimeType?: string; text?: string }[];
    expect(image!.type).toBe('image');
    expect(image!.mimeType).toBe('image/png');
    expect(Buffer.from(image!.data!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(words!.text).toMatch(/44 lines/);
    expect(words!.text).toMatch(/nearest lines: jupiter:mc \d+ km/);
    expect(result.structuredContent).toMatchObject({ content_type: 'image/png', width: 800, headers: { 'X-Map-Projection': 'equal_earth' } });
    const refused = await mcp.client.callTool({ name: 'v1_western_astrocartography_map', arguments: { natal: paris, width: 5000 } });
    expect(refused.isError).toBe(true);
  });
});
