/**
 * Serving a progressions request: the nested birth resolved on the event loop (place, zone and
 * moment, as the natal endpoint resolves a flat birth), then the compute task. Shared by the REST
 * routes and the MCP tools, so both answer with the same bytes.
 */
import type { ComputeRunner } from '../../compute/runner.ts';
import { natalRequest } from '../natal/natal-schemas.ts';
import type { NatalTask } from '../natal/natal-service.ts';
import { resolveNestedNatal, type NestedNatal } from '../../requests/nested-natal-schema.ts';
import type {
  CalendarRequest,
  ExactAspectsRequest,
  ExactIngressesRequest,
  ProgressionSettings,
  ProgressionSystem,
  TargetRequest,
} from './progressions-schemas.ts';

/** The natal task of a nested birth: the flat fields the natal endpoint reads, with the progression's chart settings. */
function natalTaskOf(natal: NestedNatal, settings: ProgressionSettings): NatalTask {
  const { birth, place } = resolveNestedNatal(natal, ['body', 'natal']);
  const request = natalRequest.parse({
    ...birth,
    house_system: settings.house_system,
    zodiac_type: settings.zodiac_type,
    sidereal_ayanamsa: settings.sidereal_ayanamsa,
    node_type: settings.node_type,
  });
  return { request, place, includeMinor: false, includeStelliums: false };
}

/** The progressed chart at `<system>_progression.target_date`. */
export function calculateProgressedChart(compute: ComputeRunner, system: ProgressionSystem, body: TargetRequest): Promise<Buffer> {
  const target = (body as Partial<Record<ProgressionSystem['bodyKey'], { target_date: string }>>)[system.bodyKey]!;
  return compute.run('progressions_chart', {
    system: system.id,
    natal: natalTaskOf(body.natal, body.settings),
    settings: body.settings,
    targetDate: target.target_date,
  });
}

export function calculateCalendar(compute: ComputeRunner, system: ProgressionSystem, body: CalendarRequest): Promise<Buffer> {
  return compute.run('progressions_calendar', {
    system: system.id,
    natal: natalTaskOf(body.natal, body.settings),
    settings: body.settings,
    from: body.calendar.from,
    to: body.calendar.to,
  });
}

export function calculateExactAspects(compute: ComputeRunner, system: ProgressionSystem, body: ExactAspectsRequest): Promise<Buffer> {
  const { from, to, limit, order } = body.search;
  return compute.run('progressions_exact_aspects', {
    system: system.id,
    natal: natalTaskOf(body.natal, body.settings),
    settings: body.settings,
    from,
    to,
    limit,
    order,
    includeAngles: body.include_angles,
  });
}

export function calculateExactIngresses(compute: ComputeRunner, system: ProgressionSystem, body: ExactIngressesRequest): Promise<Buffer> {
  const { from, to, limit, order } = body.search;
  return compute.run('progressions_exact_ingresses', {
    system: system.id,
    natal: natalTaskOf(body.natal, body.settings),
    settings: body.settings,
    from,
    to,
    limit,
    order,
  });
}
