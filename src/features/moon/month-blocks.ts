/** The month's optional blocks: the Moon's signs through the month, and the names of its Full Moons. Runs in a compute worker. */
import { findEvents, type IngressEvent, type LunarPhaseEvent, type PositionCache } from '../../astro/events/index.ts';
import { TRADITIONAL_MOON_SYSTEM, traditionalMoonName } from '../../astro/traditional-moons.ts';
import { SIGNS } from '../../astro/zodiac.ts';
import { labelledLunations, localIso, msOfJd } from './phase-blocks.ts';

const signName = (id: string) => SIGNS.find((s) => s.id === id)!.name;
const iso = (jd: number) => new Date(msOfJd(jd)).toISOString();
/** The Moon stays under 2.8 days in a sign: this reaches the ingress before and after the month. */
const INGRESS_REACH_DAYS = 3;

/**
 * Each stay of the Moon in a sign that overlaps the local month [fromJd, toJd), from ingress to
 * ingress (the first and last reach into the neighbouring months and say so), and the ingresses
 * inside the month.
 */
export function signTimeline(fromJd: number, toJd: number, zone: string) {
  const ingresses = (findEvents(fromJd - INGRESS_REACH_DAYS, toJd + INGRESS_REACH_DAYS, { kinds: ['moon_ingress'] }) as IngressEvent[]).sort(
    (a, b) => a.jdUt - b.jdUt,
  );
  const sign_timeline = [];
  for (let i = 0; i + 1 < ingresses.length; i++) {
    const [start, end] = [ingresses[i]!, ingresses[i + 1]!];
    if (end.jdUt <= fromJd || start.jdUt >= toJd) continue;
    const minutes = Math.round((end.jdUt - start.jdUt) * 1440);
    sign_timeline.push({
      sign: signName(start.sign_id),
      sign_id: start.sign_id,
      starts_at: iso(start.jdUt),
      ends_at: iso(end.jdUt),
      starts_at_local: localIso(msOfJd(start.jdUt), zone),
      ends_at_local: localIso(msOfJd(end.jdUt), zone),
      duration_hours: Math.round((end.jdUt - start.jdUt) * 2400) / 100,
      duration_minutes: minutes,
      next_sign: signName(end.sign_id),
      next_sign_id: end.sign_id,
      label: `Moon in ${signName(start.sign_id)}`,
      continues_from_previous_month: start.jdUt < fromJd,
      continues_to_next_month: end.jdUt >= toJd,
    });
  }
  const inMonth = ingresses
    .filter((e) => e.jdUt >= fromJd && e.jdUt < toJd)
    .map((e) => ({
      from_sign: signName(e.from_sign_id),
      from_sign_id: e.from_sign_id,
      to_sign: signName(e.sign_id),
      to_sign_id: e.sign_id,
      at: iso(e.jdUt),
      at_local: localIso(msOfJd(e.jdUt), zone),
      label: `Moon enters ${signName(e.sign_id)}`,
    }));
  return { sign_timeline, ingresses: inMonth };
}

/** The month's traditional Full Moon name, and each Full Moon of the local month with its labels (a second one is a Blue Moon). */
export function monthTraditionalMoon(year: number, month: number, events: readonly LunarPhaseEvent[], zone: string, southern: boolean, cache: PositionCache) {
  const key = `${year}-${String(month).padStart(2, '0')}`;
  const fulls = events.filter((e) => e.phase === 'full_moon' && localIso(msOfJd(e.jdUt), zone).startsWith(key));
  // A search over another window lands on the same instants to a few microseconds, not bit for bit.
  const labelled = fulls.length ? labelledLunations(fulls[0]!.jdUt - 1, fulls.at(-1)!.jdUt + 1, zone, southern, cache) : [];
  return {
    name: traditionalMoonName(month),
    naming_system: TRADITIONAL_MOON_SYSTEM,
    month,
    full_moons: fulls.map((e) => {
      const labels = labelled.find((l) => l.phase === 'full_moon' && Math.abs(l.jdUt - e.jdUt) < 0.01)?.labels ?? [];
      return {
        name: traditionalMoonName(month),
        exact_at_utc: iso(e.jdUt),
        local_time: localIso(msOfJd(e.jdUt), zone),
        is_blue_moon: labels.includes('Blue Moon'),
        labels: [...labels],
      };
    }),
  };
}
