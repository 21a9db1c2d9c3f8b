/**
 * The astrocartography world map (renderer/acg-map, the map task): one path per line, each the
 * line's own vertices projected; lines split at ±180° drawn as runs that end on the map's edge and
 * never cross it; the marked place drawn where a fresh Equal Earth projection, fitted to the drawn
 * globe, puts it; every line labelled, plates apart; the PNG decodes; the refusals.
 */
import { crc32, inflateSync } from 'node:zlib';
import { geoEqualEarth, geoEquirectangular } from 'd3-geo';
import { describe, expect, it } from 'vitest';
import { initEphemeris } from '../../../src/astro/ephemeris.ts';
import { decodeBinaryResponse, encodeBinaryResponse } from '../../../src/compute/binary-response.ts';
import { resolveTarget } from '../../../src/features/western/astrocartography/acg-place.ts';
import { acgMapImage, MARKED_CROSSING_MAX_LAT } from '../../../src/features/western/astrocartography/astrocartography-map-service.ts';
import { acgMapRequest } from '../../../src/features/western/astrocartography/astrocartography-map-schemas.ts';
import { computeAcgLines } from '../../../src/features/western/astrocartography/astrocartography-service.ts';
import { acgLinesRequest, exampleAcgNatal } from '../../../src/features/western/astrocartography/astrocartography-schemas.ts';
import { resolveSubjectPlace } from '../../../src/requests/place.ts';
import { RequestFieldError } from '../../../src/requests/request-error.ts';

initEphemeris();

/** Auckland 1987: several horizon lines cross ±180° over the Pacific. */
const auckland = { name: 'Auckland test', year: 1987, month: 3, day: 2, hour: 6, minute: 40, city: 'Auckland', tz_str: 'Pacific/Auckland' };

function draw(body: Record<string, unknown>) {
  const request = acgMapRequest.parse(body);
  const marked = request.city !== undefined || request.lat !== undefined;
  const task = { request, place: resolveSubjectPlace(request.natal, ['body', 'natal']), target: marked ? resolveTarget(request) : null };
  return decodeBinaryResponse(Buffer.from(encodeBinaryResponse(acgMapImage(task))));
}

const linesOf = (body: Record<string, unknown>) => {
  const request = acgLinesRequest.parse({ ...body, include_crossings: true });
  return computeAcgLines({ request, place: resolveSubjectPlace(request.natal, ['body', 'natal']) });
};

/** The runs (M … L …) of a path's d, as points. */
function runsOf(d: string): [number, number][][] {
  return d
    .split('M')
    .filter(Boolean)
    .map((run) => run.split('L').map((p) => p.trim().split(/\s+/).map(Number) as [number, number]));
}

const pathsOf = (svg: string) =>
  [...svg.matchAll(/<path class="acg-line" data-line-id="([^"]+)"[^>]* d="([^"]*)"/g)].map((m) => ({ id: m[1]!, runs: runsOf(m[2]!) }));

/** The drawn globe's frame: the bounds of the basemap's first path (the sphere). */
function globeFrame(svg: string) {
  const d = /<g id="basemap"[^>]*><path d="([^"]+)"/.exec(svg)![1]!;
  const nums = [...d.matchAll(/-?\d+(\.\d+)?/g)].map((m) => Number(m[0]));
  const xs = nums.filter((_, i) => i % 2 === 0);
  const ys = nums.filter((_, i) => i % 2 === 1);
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
}

describe('the astrocartography world map', () => {
  it('draws one path per line, through its own projected vertices', () => {
    const image = draw({ natal: exampleAcgNatal });
    const svg = image.body.toString();
    const paths = pathsOf(svg);
    const lines = linesOf({ natal: exampleAcgNatal }).lines;
    expect(paths.map((p) => p.id)).toEqual(lines.map((l) => l.id));
    expect(image.headers['X-Map-Lines']).toBe('44');
    // A fresh Equal Earth projection fitted to the drawn globe: each run's vertices are the line's, projected.
    const frame = globeFrame(svg);
    const projection = geoEqualEarth().fitExtent(
      [
        [frame.x0, frame.y0],
        [frame.x1, frame.y1],
      ],
      { type: 'Sphere' },
    );
    for (const line of lines) {
      const path = paths.find((p) => p.id === line.id)!;
      const coords = line.geometry.type === 'LineString' ? [line.geometry.coordinates] : line.geometry.coordinates;
      expect(path.runs.length).toBe(coords.length);
      path.runs.forEach((run, i) => {
        // The renderer adds positions along the segments (a meridian is written every 30°, and is curved on the
        // image): every vertex of the answer is on the drawn run, projected, in order (within the SVG's 0.01 px and the frame's rounding).
        let at = 0;
        for (const vertex of coords[i]!) {
          const [x, y] = projection(vertex as [number, number])!;
          while (at < run.length && Math.hypot(run[at]![0] - x, run[at]![1] - y) >= 0.2) at++;
          expect(at, `${line.id} vertex ${String(vertex)}`).toBeLessThan(run.length);
        }
        expect(run.length).toBeGreaterThanOrEqual(coords[i]!.length);
      });
    }
  });

  it('draws lines split at ±180° as runs that end on the map edge and never cross the map', () => {
    for (const projection of ['equal_earth', 'equirectangular'] as const) {
      const svg = draw({ natal: auckland, projection }).body.toString();
      const frame = globeFrame(svg);
      const width = frame.x1 - frame.x0;
      const split = linesOf({ natal: auckland }).lines.filter((l) => l.split_at_antimeridian);
      expect(split.length).toBeGreaterThan(0);
      const fresh = (projection === 'equal_earth' ? geoEqualEarth() : geoEquirectangular()).fitExtent(
        [
          [frame.x0, frame.y0],
          [frame.x1, frame.y1],
        ],
        { type: 'Sphere' },
      );
      for (const path of pathsOf(svg)) {
        for (const run of path.runs) {
          for (let k = 1; k < run.length; k++) {
            // A step of a run is at most a degree or two of the line: never a jump across the map.
            expect(Math.abs(run[k]![0] - run[k - 1]![0]), `${path.id} step ${k}`).toBeLessThan(width / 20);
          }
        }
      }
      for (const line of split) {
        const path = pathsOf(svg).find((p) => p.id === line.id)!;
        expect(path.runs.length).toBeGreaterThan(1);
        // Where a run was cut, it ends on the edge of the globe at that latitude: x of ±180° there.
        const coords = line.geometry.coordinates as number[][][];
        coords.forEach((c, i) => {
          for (const k of [0, c.length - 1]) {
            const [lon, lat] = c[k]!;
            if (Math.abs(lon!) !== 180) continue;
            const [edgeX] = fresh([lon!, lat!])!;
            expect(Math.abs(path.runs[i]!.at(k === 0 ? 0 : -1)![0] - edgeX)).toBeLessThan(0.2);
            expect(lon! > 0 ? edgeX > (frame.x0 + frame.x1) / 2 : edgeX < (frame.x0 + frame.x1) / 2).toBe(true);
          }
        });
      }
    }
  });

  it('marks the place where a fresh projection fitted to the drawn globe puts it', () => {
    for (const place of [
      { city: 'Lisbon', country: 'PT' },
      { lat: -33.9, lng: 151.2 },
      { lat: 64.1, lng: -21.9 },
    ]) {
      const svg = draw({ natal: exampleAcgNatal, ...place }).body.toString();
      const dot = /<circle class="acg-city-dot" cx="([^"]+)" cy="([^"]+)"/.exec(svg)!;
      const g = /<g id="acg-city" data-lat="([^"]+)" data-lng="([^"]+)"/.exec(svg)!;
      const frame = globeFrame(svg);
      const [x, y] = geoEqualEarth().fitExtent(
        [
          [frame.x0, frame.y0],
          [frame.x1, frame.y1],
        ],
        { type: 'Sphere' },
      )([Number(g[2]), Number(g[1])])!;
      if ('lat' in place) expect([Number(g[1]), Number(g[2])]).toEqual([place.lat, place.lng]);
      expect(Math.abs(Number(dot[1]) - x)).toBeLessThan(0.2);
      expect(Math.abs(Number(dot[2]) - y)).toBeLessThan(0.2);
    }
  });

  it('labels every line once, plates apart, and rings the crossings within the marked latitudes', () => {
    const image = draw({ natal: exampleAcgNatal, city: 'Lisbon', country: 'PT' });
    const svg = image.body.toString();
    const plates = [...svg.matchAll(/<g class="acg-label" data-line-id="([^"]+)"><rect x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)"/g)].map(
      (m) => ({
        id: m[1]!,
        x: Number(m[2]),
        y: Number(m[3]),
        w: Number(m[4]),
        h: Number(m[5]),
      }),
    );
    expect(plates.map((p) => p.id).sort()).toEqual(
      pathsOf(svg)
        .map((p) => p.id)
        .sort(),
    );
    for (let i = 0; i < plates.length; i++)
      for (let j = i + 1; j < plates.length; j++) {
        const a = plates[i]!;
        const b = plates[j]!;
        const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
        expect(apart, `${a.id} and ${b.id}`).toBe(true);
      }
    const crossings = linesOf({ natal: exampleAcgNatal }).crossings.filter((c) => Math.abs(c.lat) <= MARKED_CROSSING_MAX_LAT);
    expect(svg.match(/class="acg-crossing"/g)!.length).toBe(crossings.length);
    expect(image.summary.join(' ')).toMatch(/Marked: Lisbon, Portugal .*nearest lines: jupiter:mc \d+ km/);
    const none = draw({ natal: exampleAcgNatal, include_crossings: false }).body.toString();
    expect(none).not.toContain('class="acg-crossing"');
  });

  it('answers a PNG that decodes, in both themes', () => {
    for (const theme_type of ['light', 'dark']) {
      const image = draw({ natal: exampleAcgNatal, format: 'png', theme_type, width: 800 });
      expect(image.contentType).toBe('image/png');
      const png = readPng(image.body);
      expect(png.width).toBe(800);
      expect(png.data.length).toBe((png.width * 4 + 1) * png.height);
    }
    expect(draw({ natal: exampleAcgNatal, theme_type: 'dark' }).body.toString()).toMatch(/^<svg [^>]*data-theme="dark"/);
    // 3000 px at 3 pixels a unit would pass the PNG's 16 million pixels: the scale is lowered and said.
    const big = draw({ natal: exampleAcgNatal, format: 'png', width: 3000, png_quality_scale: 3, include_crossings: false });
    expect(big.headers['X-Chart-Adjustments']).toMatch(/^png_quality_scale=3->1\.\d+$/);
    const png = readPng(big.body);
    expect(png.width * png.height).toBeLessThanOrEqual(4000 * 4000);
  });

  it('refuses an untimed birth, a bad place and values out of range, naming the field', () => {
    const loc = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        if (e instanceof RequestFieldError) return e.loc.join('.');
        if (e instanceof Error && 'issues' in e) return (e as unknown as { issues: { path: PropertyKey[] }[] }).issues[0]!.path.join('.');
        throw e;
      }
      return 'accepted';
    };
    expect(loc(() => draw({ natal: { ...exampleAcgNatal, time_known: false } }))).toBe('body.natal.time_known');
    expect(loc(() => draw({ natal: exampleAcgNatal, lat: 91, lng: 0 }))).toBe('lat');
    expect(loc(() => draw({ natal: exampleAcgNatal, width: 100 }))).toBe('width');
    expect(loc(() => draw({ natal: exampleAcgNatal, projection: 'mercator' }))).toBe('projection');
    expect(loc(() => draw({ natal: exampleAcgNatal, bodies: [] }))).toBe('bodies');
    expect(loc(() => draw({ natal: exampleAcgNatal, city: 'Nowhereville Qqq' }))).toBe('body.city');
  });
});

/** A small PNG reader: signature, chunk CRCs, IHDR and the inflated image data. */
function readPng(buf: Buffer) {
  expect([...buf.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let off = 8;
  let ihdr: Buffer | undefined;
  const idat: Buffer[] = [];
  while (off < buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.toString('latin1', off + 4, off + 8);
    expect(buf.readUInt32BE(off + 8 + len)).toBe(crc32(buf.subarray(off + 4, off + 8 + len)) >>> 0);
    if (type === 'IHDR') ihdr = buf.subarray(off + 8, off + 8 + len);
    if (type === 'IDAT') idat.push(buf.subarray(off + 8, off + 8 + len));
    off += 12 + len;
  }
  return { width: ihdr!.readUInt32BE(0), height: ihdr!.readUInt32BE(4), data: inflateSync(Buffer.concat(idat)) };
}
