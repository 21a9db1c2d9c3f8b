/**
 * A birth at an eclipse, said beside the Moon's phase (from the report's sky,
 * src/reports/sky/birth-eclipse.ts): which eclipse, how far from the birth, what the birth place saw
 * of it, and the weight tradition gives such a birth. Claims only what the sky showed: the kind of
 * eclipse the ephemeris names, the coverage computed at the place.
 */
import { hoursFrom } from './phrases.ts';
import type { ReportContext } from './context.ts';

const SOLAR_KIND: Record<string, string> = {
  total: 'a total solar eclipse',
  annular: 'an annular solar eclipse',
  hybrid: 'a hybrid solar eclipse (total along part of its track, annular along the rest)',
  partial: 'a partial solar eclipse',
};
const LUNAR_KIND: Record<string, string> = {
  total: 'a total lunar eclipse',
  partial: 'a partial lunar eclipse',
  penumbral: "a penumbral lunar eclipse, the faintest kind, in which the Moon passes only through the edge of the Earth's shadow",
};

/** "16:54 UT on 26 February 1979". */
function greatest(iso: string): string {
  const d = new Date(iso);
  const date = d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return `${iso.slice(11, 16)} UT on ${date}`;
}

export function eclipseNote(ctx: ReportContext): string | undefined {
  const e = ctx.sky.eclipse;
  if (!e) return undefined;
  const place = ctx.chart.subject.location.city ?? 'your birthplace';
  // The note's subject is the birth, so the side is turned: an eclipse after the birth is one the birth came before.
  const kind = (e.kind === 'solar' ? SOLAR_KIND[e.type] : LUNAR_KIND[e.type]) ?? `a ${e.kind} eclipse`;
  const lead =
    e.hours === undefined
      ? `You were born on the day of ${kind}, greatest at ${greatest(e.greatestUtc)}`
      : `You were born ${hoursFrom(-e.hours, `the greatest moment of ${kind}`)}, at ${greatest(e.greatestUtc)}`;
  if (e.kind === 'solar') {
    const covered = e.coveredAtPlace ?? 0;
    const seen =
      covered >= 0.995
        ? `Seen from ${place} the Sun was wholly covered.`
        : covered >= 0.01
          ? `Seen from ${place} it was a partial eclipse: at most ${Math.round(covered * 100)} % of the Sun's diameter was covered.`
          : `From ${place} it could not be seen.`;
    return `${lead}: a New Moon close enough to the Moon's node for the Moon to pass in front of the Sun somewhere on Earth. ${seen} Astrologers have long given a birth at an eclipse extra weight: the lunation it falls in is read as a thread that runs through the whole life rather than a passing tone, so the phase read above, with its theme of endings and beginnings, speaks louder in your chart than it would in most.`;
  }
  const seen = `At ${place} the Moon was ${e.moonUp ? 'above' : 'below'} the horizon at its greatest moment.`;
  return `${lead}: a Full Moon close enough to the Moon's node for the Earth's shadow to fall on it. ${seen} Astrologers have long given a birth at an eclipse extra weight: the lunation it falls in is read as a thread that runs through the whole life rather than a passing tone, so the pull between the Sun's aims and the Moon's needs, which every Full Moon sets face to face, speaks louder in your chart than it would in most.`;
}
