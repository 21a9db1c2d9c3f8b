/**
 * The sky of a birth as astrocartography reads it: each body's apparent right ascension and
 * declination of date (or its zodiacal degree's, in projected mode), its parallax when the
 * lines are topocentric, and Greenwich apparent sidereal time, at the birth instant resolved as
 * the natal chart resolves it. Every endpoint of the family starts from it.
 */
import { equatorialFromEcliptic, type AcgBody } from '../../../astro/astrocartography.ts';
import { bodyInfo } from '../../../astro/bodies.ts';
import { calcBody, calcEquatorial, EphemerisError, noPositionAtBirthText, siderealTimeHours, trueObliquity } from '../../../astro/ephemeris.ts';
import { birthMoment, type ResolvedMoment } from '../../../requests/moment.ts';
import type { ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import type { BirthInput } from '../../../requests/birth-schema.ts';
import { DEFAULT_ACG_BODIES, type AcgBodyId } from './astrocartography-schemas.ts';

/** Earth's equatorial radius (WGS84) and the astronomical unit, km: the horizontal parallax of a body at a distance in AU. */
const EARTH_RADIUS_KM = 6378.137;
const AU_KM = 149_597_870.7;

export interface AcgSkyRequest {
  natal: BirthInput;
  mode?: 'in_mundo' | 'projected' | undefined;
  bodies?: readonly AcgBodyId[] | undefined;
  topocentric?: boolean | undefined;
}

export interface AcgPosition {
  body: string;
  right_ascension: number;
  declination: number;
  distance_au: number | null;
  circumpolar_beyond_lat: number | null;
}

export interface AcgSky {
  moment: ResolvedMoment;
  jdUt: number;
  gastDeg: number;
  obliquity: number;
  /** The bodies asked for, each once, in the order first named. */
  ids: AcgBodyId[];
  bodies: AcgBody[];
  positions: AcgPosition[];
}

/** Bodies with a distance have a parallax; the nodes and the Liliths are points of the Moon's orbit, drawn geocentrically. */
const hasParallax = (id: AcgBodyId) => !['true_node', 'mean_node', 'lilith', 'true_lilith'].includes(id);

/**
 * The refusal every endpoint of the family shares: an untimed birth (the lines, parans and
 * relocated angles all need the birth instant). Run on the event loop by `prepare` and again in the task.
 */
export function requireBirthTime(natal: BirthInput, loc: (string | number)[] = ['body', 'natal']): void {
  if (natal.time_known === false) {
    throw new RequestFieldError(
      [...loc, 'time_known'],
      'astrocartography needs the birth time (the Earth turns a degree every four minutes): send time_known true with hour and minute',
      'value_error.time_unknown',
    );
  }
  for (const field of ['hour', 'minute'] as const) {
    if (natal[field] === undefined) {
      throw new RequestFieldError([...loc, field], `astrocartography needs the birth time: send ${field} (and time_known true)`, 'value_error.time_unknown');
    }
  }
}

export function castAcgSky(request: AcgSkyRequest, place: ResolvedPlace): AcgSky {
  requireBirthTime(request.natal);
  const moment = birthMoment(request.natal, place, ['body', 'natal']);
  const ids = [...new Set(request.bodies ?? DEFAULT_ACG_BODIES)];
  const jdUt = moment.jdUt;
  const gastDeg = siderealTimeHours(jdUt) * 15;
  const obliquity = trueObliquity(jdUt);
  const projected = request.mode === 'projected';
  const bodies: AcgBody[] = [];
  const positions: AcgPosition[] = [];
  for (const id of ids) {
    const se = bodyInfo(id).se!;
    let ra: number;
    let dec: number;
    let distAu: number | null = null;
    try {
      if (projected) {
        // The zodiacal degree: the body's apparent ecliptic longitude of date, put on the ecliptic.
        ({ ra, dec } = equatorialFromEcliptic(calcBody(jdUt, se).lon, 0, obliquity));
      } else {
        const p = calcEquatorial(jdUt, se);
        ra = p.ra;
        dec = p.dec;
        if (hasParallax(id)) distAu = p.distAu;
      }
    } catch (error) {
      if (error instanceof EphemerisError) throw new RequestFieldError(['body', 'bodies'], noPositionAtBirthText(id), 'value_error.body');
      throw error;
    }
    const sinParallax = request.topocentric && distAu !== null ? EARTH_RADIUS_KM / (distAu * AU_KM) : 0;
    bodies.push({ id, ra, dec, sinParallax });
    positions.push({
      body: id,
      right_ascension: ra,
      declination: dec,
      distance_au: distAu,
      circumpolar_beyond_lat: dec === 0 ? null : 90 - Math.abs(dec),
    });
  }
  return { moment, jdUt, gastDeg, obliquity, ids, bodies, positions };
}
