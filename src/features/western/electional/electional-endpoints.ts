/**
 * POST /api/v2/western/electional/<category>/search, one declaration per purpose (the ten share
 * the engine and differ in their rule set and their natal block's name). MCP tools
 * `v2_western_electional_<category>_search`, the path's name.
 */
import { poolTask } from '../../../compute/pool-task.ts';
import { endpoint, type Endpoint } from '../../../http/endpoint.ts';
import { schemaSerializer } from '../../../answers/schema-serializer.ts';
import { resolveSubjectPlace } from '../../../requests/place.ts';
import { ELECTION_CATEGORIES, ELECTION_CATEGORY_IDS, electionCategory } from './electional-categories.ts';
import {
  electionalRequest,
  electionalResponse,
  MAX_STEP_MINUTES,
  MAX_WINDOW_DAYS,
  MIN_STEP_MINUTES,
  type ElectionalRequest,
  type RoleNatal,
} from './electional-schemas.ts';
import { computeElectionalSearch, type ElectionalTask } from './electional-service.ts';

const electionalAnswer = schemaSerializer(electionalResponse);

// A month at 30-minute steps judges about 1,500 instants (tens of milliseconds to a few hundred);
// a year up to 17,600: the heavy lane, whose places are fair per caller and billed by compute.
export const electionalSearchTask = poolTask('western_electional_search', (task: ElectionalTask) => electionalAnswer(computeElectionalSearch(task)), 'heavy');

/** The place at the root (preferred) or in the legacy `location` wrapper; the zone likewise. */
function prepareTask(categoryId: ElectionalTask['category'], body: ElectionalRequest): ElectionalTask {
  const rootPlace = body.city !== undefined || body.lat !== undefined || body.lng !== undefined;
  const wrapper = !rootPlace && body.location ? body.location : undefined;
  const rootZone = body.tz_str !== undefined || body.timezone !== undefined;
  const zone =
    rootZone || !body.location ? { tz_str: body.tz_str, timezone: body.timezone } : { tz_str: body.location.tz_str, timezone: body.location.timezone };
  const zoneLoc = rootZone || !body.location ? ['body'] : ['body', 'location'];
  const subject = wrapper ? { ...wrapper, ...zone } : { city: body.city, country: body.country, lat: body.lat, lng: body.lng, ...zone };
  const place = resolveSubjectPlace(subject, wrapper ? ['body', 'location'] : ['body']);
  const record = body as unknown as Record<string, RoleNatal | undefined>;
  const roles = electionCategory(categoryId)
    .roles.filter((role) => record[role] !== undefined)
    .map((role) => ({ role, natal: record[role]!, place: resolveSubjectPlace(record[role]!, ['body', role]) }));
  return { category: categoryId, request: body, place, zone, zoneLoc, roles };
}

const searchText = (id: string) => {
  const c = electionCategory(id as ElectionalTask['category']);
  return `Electional search for ${c.purpose}. Scans \`search_window\` (local \`start\`/\`end\` dates or date-times in the place's zone, at most ${MAX_WINDOW_DAYS} days; \`step_minutes\` ${MIN_STEP_MINUTES}-${MAX_STEP_MINUTES}, default 30; \`search_tuning.mode\` \`year\` scans at \`coarse_step_minutes\` then refines) at a place (\`city\` or \`lat\`/\`lng\`, \`tz_str\`; the legacy \`location\` wrapper is accepted) and judges each instant by this purpose's documented rules: the Moon (void of course, combust, waxing, its next aspect), the Ascendant's ruler, the malefics on the angles, and the houses and significators of the matter. Answers \`results[]\` (best first, at least an hour apart) with \`event_time_local\`, \`event_time_utc\`, \`score\` 0-100, \`quality_band\`, \`status\`, \`strict_traditional_verdict\`, \`best_available_in_window\`, \`supporting_factors[]\` and \`caution_factors[]\` (\`{code, title, detail, points}\`) and the sky they were read from; \`calendar\` of day scores. ${c.roles.map((r) => `\`${r}\``).join(' and ')}: optional birth(s) whose bounded natal resonance is added and shown apart. \`exclude_weekdays\`, \`local_hours\`, \`zodiac_type\` sidereal, \`house_system\` (default regiomontanus), \`max_results\` 1-10. See docs/api/electional.md.`;
};

export const ELECTIONAL_ENDPOINTS: readonly Endpoint[] = ELECTION_CATEGORY_IDS.map((id) => {
  const category = ELECTION_CATEGORIES.get(id)!;
  return endpoint({
    method: 'POST',
    paths: [`/api/v2/western/electional/${id}/search`],
    tags: ['western'],
    summary: `Electional search: the best moments of a window for ${category.title.toLowerCase()}, with the factors behind each`,
    description: searchText(id),
    body: electionalRequest(category),
    answer: { json: electionalResponse },
    task: electionalSearchTask,
    prepare: ({ body }) => prepareTask(id, body),
    mcp: {
      title: `Electional search: ${category.title.toLowerCase()}`,
      description: `POST /api/v2/western/electional/${id}/search. ${searchText(id)}`,
    },
  });
});
