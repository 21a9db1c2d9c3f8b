/**
 * The personal muhurta search: the muhurat search's windows (src/astro/vedic/muhurta/) for the
 * person's natal Moon, each given a public score (the panchang, hora and Abhijit factors alone)
 * and a personal one (tara bala, chandra bala, dasha sandhi, the window's nakshatra lord in the
 * natal chart, the mahadasha lord's and Saturn's gochara from the natal Moon), rejected by the
 * strictness's rules, ranked, and one moment promoted when the best clears the strictness's bar.
 * Runs in a compute worker (or inline).
 */
import { julianDayFromUtcMs, utcMsFromJulianDay } from '../../../astro/civil-time.ts';
import { runningPeriods, type DashaPeriod } from '../../../astro/vedic/dasha-periods.ts';
import { isFavourableHouse } from '../../../astro/vedic/gochara/gochara-table.ts';
import { signStays, type SignStay } from '../../../astro/vedic/gochara/sign-stays.ts';
import { GRAHAS, signDistance, type GrahaId } from '../../../astro/vedic/grahas.ts';
import { grahaRole } from '../../../astro/vedic/graha-role.ts';
import { NAKSHATRA_LORD_CYCLE } from '../../../astro/vedic/nakshatras.ts';
import { qualityOf } from '../../../astro/vedic/muhurta/muhurta-rules.ts';
import { scoreRange, searchMuhurta, MIN_WINDOW_MINUTES, type MuhurtaWindow } from '../../../astro/vedic/muhurta/muhurta-search.ts';
import { vimshottariDasha } from '../../../astro/vedic/vimshottari.ts';
import { placeWarnings, type ResolvedPlace } from '../../../requests/place.ts';
import { RequestFieldError } from '../../../requests/request-error.ts';
import { castVedic, grahaName, signNameOf, vedicSubject, type VedicCast } from '../vedic-service.ts';
import { secondIso } from '../vedic-dasha-service.ts';
import { factor, ordinal, type ReadingFactor } from '../reading/reading-factor.ts';
import {
  dateText,
  localTimeIn,
  muhurtaDates,
  muhurtaZone,
  MUHURTA_RULES_NAME,
  polarDatesWarning,
  untranslatedNotice,
  windowOut,
} from './vedic-muhurta-service.ts';
import { MUHURTA_BAND } from './vedic-muhurta-core.ts';
import type { PersonalMuhuratAnswer, PersonalMuhuratRequest, Strictness } from './vedic-muhurta-personal-schemas.ts';

export interface PersonalMuhuratTask {
  request: PersonalMuhuratRequest;
  place: ResolvedPlace;
  subjectPlace: ResolvedPlace;
  /** Where the subject's block is in the request, for its 422s. */
  subjectField: 'subject' | 'birth';
}

/** Days either side of a mahadasha or antardasha change counted as its sandhi (junction). */
export const SANDHI_DAYS = 7;
/** The score the best window must reach for a moment to be promoted. */
export const MOMENT_BAR: Readonly<Record<Strictness, number>> = { traditional: 65, balanced: 58, relaxed: 50 };
/** The personal points' lowest and highest sums: tara −10…10, chandra −20…10, sandhi −10…0, nakshatra lord −5…5, dasha lord gochara −5…5, Saturn −5…0. */
export const PERSONAL_RANGE = [-55, 30] as const;

const MS_PER_DAY = 86_400_000;
const ADVERSE_TARAS = [3, 5, 7];

type PersonalFactor = ReadingFactor & { points: number };
const pf = (id: string, points: number, title: string, detail: string): PersonalFactor => ({ ...factor(id, Math.sign(points), title, detail), points });

function castSubject(task: PersonalMuhuratTask, birth: NonNullable<PersonalMuhuratRequest['subject']>): VedicCast {
  try {
    return castVedic({ request: birth, place: task.subjectPlace });
  } catch (error) {
    if (error instanceof RequestFieldError && error.loc[0] === 'body')
      throw new RequestFieldError(['body', task.subjectField, ...error.loc.slice(1)], error.message, error.type, error.alsoAt);
    throw error;
  }
}

const stayAt = (stays: readonly SignStay[], jd: number) => stays.find((s) => (s.start ?? -Infinity) <= jd && jd < (s.end ?? Infinity));

interface Context {
  cast: VedicCast;
  moonSign: number;
  dashas: DashaPeriod<GrahaId>[];
  boundaries: { ms: number; level: 1 | 2; from: GrahaId; to: GrahaId }[];
  lordStays: Map<GrahaId, SignStay[]>;
  saturnStays: SignStay[];
}

function personalFactors(w: MuhurtaWindow, c: Context): PersonalFactor[] {
  const out: PersonalFactor[] = [];
  const tb = w.factors.taraBala!,
    cb = w.factors.chandraBala!;
  out.push(pf('tara_bala', tb.points, `Tara: ${tb.name}`, tb.text));
  out.push(
    pf(
      cb.house === 8 ? 'chandrashtama' : 'chandra_bala',
      cb.points,
      cb.house === 8 ? 'Chandrashtama' : `Moon ${ordinal(cb.house)} from the natal Moon`,
      cb.text,
    ),
  );
  const startMs = utcMsFromJulianDay(w.start),
    endMs = utcMsFromJulianDay(w.end);
  const near = c.boundaries.find((b) => b.ms > startMs - SANDHI_DAYS * MS_PER_DAY && b.ms < endMs + SANDHI_DAYS * MS_PER_DAY);
  if (near) {
    const level = near.level === 1 ? 'mahadasha' : 'antardasha';
    const days = Math.round(Math.abs(near.ms - startMs) / MS_PER_DAY);
    out.push(
      pf(
        `${level}_sandhi`,
        -10,
        `${level[0]!.toUpperCase()}${level.slice(1)} sandhi`,
        `The ${grahaName(near.from)} ${level} gives way to ${grahaName(near.to)}'s on ${secondIso(near.ms).slice(0, 10)}, ${days} day${days === 1 ? '' : 's'} from the window: the junction of two periods is avoided for beginnings.`,
      ),
    );
  }
  const lord = NAKSHATRA_LORD_CYCLE[(w.factors.nakshatra.number - 1) % 9]!;
  const role = grahaRole(c.cast.chart, lord);
  const lordPoints = role.nature === 'malefic' ? -5 : role.nature === 'neutral' ? 0 : 5;
  out.push(
    pf(
      'nakshatra_lord',
      lordPoints,
      `${w.factors.nakshatra.name}'s lord ${GRAHAS[lord].name}: ${role.nature}`,
      `The window's nakshatra ${w.factors.nakshatra.name} is ruled by ${GRAHAS[lord].name}, which ${role.natureReason} in the natal chart.`,
    ),
  );
  const maha = runningPeriods(c.dashas, startMs)[0];
  if (maha && maha.lord !== 'moon') {
    const stay = stayAt(c.lordStays.get(maha.lord)!, w.start);
    if (stay) {
      const house = signDistance(c.moonSign, stay.signIndex);
      const good = isFavourableHouse(maha.lord, house);
      out.push(
        pf(
          'mahadasha_lord_gochara',
          good ? 5 : -5,
          `${GRAHAS[maha.lord].name} (mahadasha lord) ${good ? 'transits well' : 'transits a hard house'}`,
          `${GRAHAS[maha.lord].name}, lord of the running mahadasha, is in ${signNameOf(stay.signIndex)}, the ${ordinal(house)} from the natal Moon: ${good ? 'a good' : 'not a good'} house for it in the gochara table.`,
        ),
      );
    }
  }
  const saturn = stayAt(c.saturnStays, w.start);
  if (saturn) {
    const house = signDistance(c.moonSign, saturn.signIndex);
    const what = house === 12 || house === 1 || house === 2 ? 'Sade Sati' : house === 4 ? 'Kantaka Shani' : house === 8 ? 'Ashtama Shani' : null;
    if (what)
      out.push(
        pf(
          'saturn_gochara',
          -5,
          what,
          `Saturn is in ${signNameOf(saturn.signIndex)}, the ${ordinal(house)} from the natal Moon (${what}): a weight on new ventures throughout.`,
        ),
      );
  }
  return out;
}

function rejection(w: MuhurtaWindow, factors: readonly PersonalFactor[], strictness: Strictness, publicQuality: string): string[] {
  const out: string[] = [];
  const cb = w.factors.chandraBala!,
    tb = w.factors.taraBala!;
  if (cb.house === 8) out.push('chandrashtama: the Moon in the 8th from the natal Moon');
  if (strictness === 'traditional' && ADVERSE_TARAS.includes(tb.tara)) out.push(`adverse tara: ${tb.name}`);
  if (strictness === 'balanced' && tb.tara === 7) out.push('Vadha tara');
  if (strictness === 'traditional' && factors.some((f) => f.id === 'mahadasha_sandhi')) out.push('mahadasha sandhi');
  if (strictness === 'traditional' && publicQuality === 'poor') out.push('poor public quality (score below 50 for anyone)');
  return out;
}

export function computePersonalMuhurat(task: PersonalMuhuratTask): PersonalMuhuratAnswer {
  const { request, place } = task;
  const birth = request.subject ?? request.birth;
  if (!birth) throw new RequestFieldError(['body', 'subject'], "subject is required: the person's birth (the Vedic birth block)", 'missing');
  const dates = muhurtaDates(request);
  const zone = muhurtaZone(request, place, dates);
  const ayanamsa = request.ayanamsha ?? request.ayanamsa ?? birth.ayanamsha ?? birth.ayanamsa ?? 'lahiri';
  const cast = castSubject(task, { ...birth, ayanamsha: ayanamsa });
  const moon = cast.chart.grahas[1]!;
  const warnings = [...placeWarnings(place), ...cast.warnings.map((w) => `subject: ${w}`)];
  const languageNotice = untranslatedNotice(request.language);
  if (languageNotice) warnings.push(languageNotice);

  const result = searchMuhurta({
    purpose: request.purpose,
    dates,
    zone,
    lat: place.lat,
    lng: place.lng,
    ayanamsa,
    natalMoon: { nakshatra: moon.nakshatra.index, sign: moon.signIndex },
  });
  const timeline = vimshottariDasha(moon.longitude, cast.moment.utcMs, 365.25, 2);
  const boundaries = timeline.periods.flatMap((m, i) => [
    ...(i > 0 ? [{ ms: m.startMs, level: 1 as const, from: timeline.periods[i - 1]!.lord, to: m.lord }] : []),
    ...(m.periods ?? []).slice(1).map((a, k) => ({ ms: a.startMs, level: 2 as const, from: m.periods![k]!.lord, to: a.lord })),
  ]);
  const firstJd = result.windows.length
    ? Math.min(...result.windows.map((w) => w.start))
    : julianDayFromUtcMs(Date.UTC(dates[0]!.year, dates[0]!.month - 1, dates[0]!.day));
  const lastJd = firstJd + dates.length + 1;
  const rangeStartMs = utcMsFromJulianDay(firstJd);
  const running = runningPeriods(timeline.periods, rangeStartMs);
  const lordStays = new Map<GrahaId, SignStay[]>();
  for (const m of timeline.periods)
    if (m.endMs > rangeStartMs && m.startMs < utcMsFromJulianDay(lastJd) && m.lord !== 'moon')
      lordStays.set(m.lord, signStays(m.lord, firstJd, lastJd, ayanamsa, cast.chart.nodeType));
  const saturnStays = lordStays.get('saturn') ?? signStays('saturn', firstJd, lastJd, ayanamsa);
  const context: Context = { cast, moonSign: moon.signIndex, dashas: timeline.periods, boundaries, lordStays, saturnStays };

  const [lowPublic, highPublic] = scoreRange(false);
  const local = localTimeIn(zone);
  const scored = result.windows.map((w) => {
    const f = w.factors;
    const publicPoints = [f.tithi, f.nakshatra, f.yoga, f.karana, f.weekday, f.hora, f.abhijit].reduce((s, x) => s + x.points, 0);
    const publicScore = Math.round((100 * (publicPoints - lowPublic)) / (highPublic - lowPublic));
    const personal = personalFactors(w, context);
    const personalPoints = personal.reduce((s, x) => s + x.points, 0);
    const personalScore = Math.round((100 * (personalPoints - PERSONAL_RANGE[0])) / (PERSONAL_RANGE[1] - PERSONAL_RANGE[0]));
    const score = Math.round(0.6 * publicScore + 0.4 * personalScore);
    return { w, publicScore, personalScore, personal, score, rejected: rejection(w, personal, request.strictness, qualityOf(publicScore)) };
  });
  const kept = scored.filter((s) => s.rejected.length === 0).sort((a, b) => b.score - a.score || a.w.start - b.w.start);
  const rejected = scored.filter((s) => s.rejected.length > 0).sort((a, b) => b.publicScore - a.publicScore || a.w.start - b.w.start);
  const best = kept.slice(0, request.limit).map((s) => ({
    ...windowOut(s.w, local, zone),
    score: s.score,
    quality: qualityOf(s.score),
    quality_band: MUHURTA_BAND[qualityOf(s.score)],
    public_score: s.publicScore,
    personal_score: s.personalScore,
    personal_factors: s.personal,
  }));
  const bar = MOMENT_BAR[request.strictness];
  const top = kept[0];
  const promoted = top !== undefined && top.score >= bar;
  const skipped = result.skippedDates.map(dateText);
  const polar = polarDatesWarning(place.lat, skipped);
  if (polar) warnings.push(polar);
  const saturnHouse = signDistance(moon.signIndex, stayAt(saturnStays, firstJd)?.signIndex ?? moon.signIndex);
  if ([12, 1, 2, 4, 8].includes(saturnHouse))
    warnings.push(
      `Saturn is in the ${ordinal(saturnHouse)} from the natal Moon over the range (${saturnHouse === 4 ? 'Kantaka Shani' : saturnHouse === 8 ? 'Ashtama Shani' : 'Sade Sati'}): every window's personal score carries it`,
    );
  const summary = promoted
    ? `Of ${scored.length} windows, ${rejected.length} were rejected for this person (${request.strictness}); the best of the rest scores ${top.score} (public ${top.publicScore}, personal ${top.personalScore}), at or above the bar of ${bar}.`
    : top
      ? `Of ${scored.length} windows, ${rejected.length} were rejected for this person (${request.strictness}); the best of the rest scores ${top.score} (public ${top.publicScore}, personal ${top.personalScore}), below the bar of ${bar}: no moment is promoted, the windows are listed for a choice of your own.`
      : `Of ${scored.length} windows, none passes the ${request.strictness} rules for this person: no moment is promoted. A wider range, another purpose or a less strict setting may find one.`;
  return {
    purpose: request.purpose,
    range: { start_date: dateText(dates[0]!), end_date: dateText(dates.at(-1)!), day_count: dates.length },
    strictness: request.strictness,
    subject: vedicSubject({ request: birth, place: task.subjectPlace }, cast),
    natal: {
      moon_sign: signNameOf(moon.signIndex),
      moon_nakshatra: moon.nakshatra.name,
      lagna: cast.chart.lagna ? signNameOf(cast.chart.lagna.signIndex) : null,
      running_dasha: running.map((p) => ({
        level_name: p.level === 1 ? ('mahadasha' as const) : ('antardasha' as const),
        lord: grahaName(p.lord),
        start: secondIso(p.startMs),
        end: secondIso(p.endMs),
      })),
      saturn_from_moon: saturnHouse,
    },
    best_windows: best,
    best_moment: promoted
      ? {
          datetime: local(top.w.start),
          score: top.score,
          quality: qualityOf(top.score),
          explanation: {
            headline: `${local(top.w.start).slice(0, 16).replace('T', ' ')}: ${qualityOf(top.score)} for ${request.purpose.replace('_', ' ')}`,
            decision: `The highest-scoring window that passes the ${request.strictness} rules for this person; ${[...top.personal.filter((f) => f.points > 0).map((f) => f.title)].slice(0, 3).join(', ') || 'no personal factor against it'}.`,
          },
        }
      : null,
    rejected_windows: rejected.slice(0, request.limit).map((s) => ({
      date: dateText(s.w.date),
      start: local(s.w.start),
      end: local(s.w.end),
      public_score: s.publicScore,
      personal_score: s.personalScore,
      rejected_because: s.rejected,
    })),
    selection_explanation: {
      decision: promoted ? 'best_moment_found' : 'no_best_moment',
      headline: promoted ? `Best moment: ${local(top.w.start).slice(0, 16).replace('T', ' ')}` : 'No moment promoted',
      summary,
    },
    location: { city: place.city, lat: place.lat, lng: place.lng, timezone: zone },
    metadata: {
      ayanamsha: ayanamsa,
      rules: MUHURTA_RULES_NAME,
      personal_factors_scored: true,
      windows_found: result.windows.length,
      min_window_minutes: MIN_WINDOW_MINUTES,
      skipped_dates: skipped,
      dasha_sandhi_days: SANDHI_DAYS,
      rejected_count: rejected.length,
    },
    warnings,
  };
}
