/**
 * The zero-credit demo chart of field-reference §4.2: reports for this subject, with the standard
 * style, cost no credit, so that anyone can try the pipeline end to end.
 */
import type { NatalRequest } from '../../features/western/natal/natal-schemas.ts';
import { isAutoZone, requestedZone } from '../../requests/place.ts';
import type { PsychologicalReportRequest } from './report-schemas.ts';
import { DEMO_SUBJECT } from './demo-birth.ts';

const near = (a: number | undefined | null, b: number) => a !== undefined && a !== null && Math.abs(a - b) < 1e-4;

export function isDemoSubject(body: NatalRequest, options: PsychologicalReportRequest): boolean {
  const d = DEMO_SUBJECT;
  const placeMatches = (near(body.lat, d.lat) && near(body.lng, d.lng)) || (body.lat === undefined && body.city?.trim().toLowerCase() === 'lisbon');
  // The zone either field asks for (a zone named in `timezone` is cast, so it must be Lisbon's too).
  const { tz } = requestedZone(body, ['body']);
  const zoneMatches = isAutoZone(tz) || tz!.toLowerCase() === d.tz_str.toLowerCase();
  return (
    options.style === 'standard' &&
    body.name?.trim() === d.name &&
    body.year === d.year &&
    body.month === d.month &&
    body.day === d.day &&
    body.hour === d.hour &&
    body.minute === d.minute &&
    (body.second ?? 0) === 0 &&
    body.time_known === true &&
    placeMatches &&
    zoneMatches
  );
}
