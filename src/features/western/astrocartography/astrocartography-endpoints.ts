/** POST /api/v1/western/astrocartography/lines: where each body was on an angle at the birth instant, as GeoJSON. */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { checkAcgRequest, computeAcgLines, type AcgLinesTask } from './astrocartography-service.ts';
import { acgLinesRequest, acgLinesResponse } from './astrocartography-schemas.ts';

const acgLinesAnswer = schemaSerializer(acgLinesResponse);

// About 3 ms for the eleven default bodies' 44 lines, 20 ms more with their crossings: the light lane.
export const acgLinesTask = poolTask('astrocartography_lines', (task: AcgLinesTask) => acgLinesAnswer(computeAcgLines(task)));

export const ASTROCARTOGRAPHY_ENDPOINTS = [
  endpoint({
    method: 'POST',
    paths: ['/api/v1/western/astrocartography/lines'],
    tags: ['western'],
    summary: 'Astrocartography lines: where each body rose, set, culminated and anti-culminated at birth, as GeoJSON',
    description:
      "For the birth instant, each body's lines on the world map in WGS84 GeoJSON ([longitude, latitude]): MC and IC as meridians from pole to pole, ASC (rising) and DSC (setting) as curves where the body's centre is on the horizon (true altitude 0, no refraction), ending at the latitude beyond which the body is circumpolar. Lines crossing ±180° are split into a MultiLineString. `mode` `in_mundo` (default) draws the body where it is, `projected` its zodiacal degree on the ecliptic; `topocentric` adds parallax to the horizon lines (in_mundo only). `include_crossings` adds the points where lines of two bodies cross. Drawn lines are within 0.01° of the true ones. The birth time is required (`time_known: false` is a 422 on `natal.time_known`). See docs/api/astrocartography.md.",
    body: acgLinesRequest,
    answer: { json: acgLinesResponse },
    task: acgLinesTask,
    prepare: ({ body }) => {
      checkAcgRequest(body);
      return { request: body, place: resolveSubjectPlace(body.natal, ['body', 'natal']) };
    },
    mcp: {
      title: 'Astrocartography lines',
      description:
        "POST /api/v1/western/astrocartography/lines: the birth's astrocartography map as GeoJSON lines (`lines[]` with `id` `<body>:<angle>`, `body`, `angle` asc/dsc/mc/ic and `geometry`), optional `crossings[]` (GeoJSON points where two bodies' lines cross) and `warnings`. `natal`: the birth as for the natal chart (year, month, day, hour, minute, city or lat/lng, tz_str); the birth time is required. `mode` in_mundo (default) or projected; `bodies` (default sun to pluto and true_node); `angles`; `topocentric`; `include_crossings`.",
    },
  }),
];
