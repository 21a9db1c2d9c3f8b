/**
 * The astrocartography world map: the lines of the birth (as the lines endpoint draws them), the
 * crossings and the marked place, drawn by renderer/acg-map over Natural Earth's coasts and
 * borders, as SVG or PNG. Runs in a compute worker.
 */
import { renderAcgMap, bodyName } from '../../../../renderer/acg-map/acg-map-render.ts';
import { svgToPng } from '../../../../renderer/index.ts';
import { distanceToLine } from '../../../astro/acg-distance.ts';
import { astrocartographyLines, lineCrossings, normalizeLongitude, runPositions, type LonLat } from '../../../astro/astrocartography.ts';
import type { BinaryResponse } from '../../../compute/binary-response.ts';
import { KM_PER_DEG } from '../../../geo/city-grid.ts';
import { momentWarnings } from '../../../requests/moment.ts';
import type { ResolvedPlace } from '../../../requests/place.ts';
import { adjustmentsHeader } from '../../charts/chart-config-request.ts';
import { fitPngScale, imageWarnings } from '../../charts/output.ts';
import { targetTitle, type AcgTarget } from './acg-place.ts';
import { castAcgSky } from './acg-sky.ts';
import { checkAcgRequest, orderedAngles } from './astrocartography-service.ts';
import type { AcgMapRequest } from './astrocartography-map-schemas.ts';

export interface AcgMapTask {
  request: AcgMapRequest;
  place: ResolvedPlace;
  /** The place to mark, when the request names one. */
  target: AcgTarget | null;
}

/**
 * Crossings poleward of this latitude are not marked: every rising and setting line runs up to
 * 90° − |δ|, so near the poles they meet by the dozen and their rings would hide the map's edge.
 */
export const MARKED_CROSSING_MAX_LAT = 70;

/** How many of the lines nearest the marked place the image's words name. */
const NEAREST_NAMED = 3;

/**
 * A run with a position at least every degree of longitude and of latitude, by straight steps
 * along its segments, for the picture: the renderer projects positions and joins them straight on
 * the image, where a meridian (written every 30°) or a long segment near a pole is curved. The
 * added positions lie on the answer's segments, so within its stated error of the true line.
 */
function forDrawing(run: LonLat[]): LonLat[] {
  const out: LonLat[] = [run[0]!];
  for (let i = 1; i < run.length; i++) {
    const [lon0, lat0] = run[i - 1]!;
    const [lon1, lat1] = run[i]!;
    const steps = Math.max(1, Math.ceil(Math.max(Math.abs(lon1 - lon0), Math.abs(lat1 - lat0))));
    for (let k = 1; k < steps; k++) out.push([lon0 + ((lon1 - lon0) * k) / steps, lat0 + ((lat1 - lat0) * k) / steps]);
    out.push(run[i]!);
  }
  return out;
}

export function acgMapImage(task: AcgMapTask): BinaryResponse {
  const { request, place, target } = task;
  checkAcgRequest(request);
  const sky = castAcgSky(request, place);
  const angles = orderedAngles(request.angles);
  const lines = astrocartographyLines(sky.bodies, sky.gastDeg, angles);
  const crossings = request.include_crossings ? lineCrossings(lines).filter((c) => Math.abs(c.lat) <= MARKED_CROSSING_MAX_LAT) : [];
  const when = `${sky.moment.localIso.slice(0, 16).replace('T', ' ')} ${sky.moment.zone}`;
  const born = place.city ?? `${place.lat}, ${place.lng}`;
  const how = `${request.mode === 'projected' ? 'projected' : 'in mundo'}, ${request.topocentric ? 'topocentric' : 'geocentric'}`;
  const title = `Astrocartography: ${request.natal.name ?? `born ${when}`}`;
  const image = renderAcgMap({
    width: request.width,
    theme: request.theme_type,
    projection: request.projection,
    showMetadata: request.show_metadata,
    title,
    subtitle: `${when} · ${born} · ${how}`,
    bodies: sky.ids,
    lines: lines.map((l) => ({ id: l.id, body: l.body, angle: l.angle, segments: l.segments.map((run) => forDrawing(runPositions(run))) })),
    crossings: crossings.map((c) => ({ lon: normalizeLongitude(c.lon), lat: c.lat })),
    city: target ? { name: target.name, lat: target.lat, lng: target.lng } : null,
  });

  const summary = [
    title,
    `${lines.length} lines (${angles.join(', ')}) of ${sky.ids.map(bodyName).join(', ')}, ${how}, born ${when} in ${born}; ${crossings.length} crossings marked.`,
  ];
  if (target) {
    const nearest = sky.bodies
      .flatMap((body) =>
        angles.map((angle) => ({ id: `${body.id}:${angle}`, km: distanceToLine(body, sky.gastDeg, angle, target.lat, target.lng).deg * KM_PER_DEG })),
      )
      .sort((a, b) => a.km - b.km)
      .slice(0, NEAREST_NAMED);
    summary.push(
      `Marked: ${targetTitle(target)} (${target.lat}, ${target.lng}); nearest lines: ${nearest.map((n) => `${n.id} ${Math.round(n.km)} km`).join(', ')}.`,
    );
  }
  if (image.crowdedLabels.length) summary.push(`Labels overlapping another for want of room: ${image.crowdedLabels.join(', ')}.`);

  const warnings = [...(momentWarnings(sky.moment) ?? []), ...(target?.ambiguity ? [target.ambiguity] : [])];
  const headers = { ...imageWarnings([place], [{ warnings }]), 'X-Map-Projection': request.projection, 'X-Map-Lines': String(lines.length) };
  if (request.format === 'png') {
    const scale = fitPngScale(image.width, request.png_quality_scale, image.height / image.width);
    // A scale lowered to keep the image within the PNG's pixel bound is said, as the charts say it.
    if (scale !== request.png_quality_scale)
      Object.assign(headers, { 'X-Chart-Adjustments': adjustmentsHeader([{ field: 'png_quality_scale', from: request.png_quality_scale, to: scale }]) });
    return { kind: 'binary', contentType: 'image/png', headers, summary, body: new Uint8Array(svgToPng(image.svg, scale)) };
  }
  return { kind: 'binary', contentType: 'image/svg+xml; charset=utf-8', headers, summary, body: image.svg };
}
