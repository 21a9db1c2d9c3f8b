/**
 * A placement and the emphasis it counts toward. The balance of elements and modalities is a count
 * of the chart's placements, so a placement in a sign of an emphasised element or modality is one of
 * the emphasis's own voices: setting it against the emphasis as "the other side" of a faculty read
 * as nonsense to a reader (the Sun in Virgo as the settled side of a mutable emphasis the Sun itself
 * helped to make). The report then prefers a reading of the placement that does not contradict the
 * emphasis (context.ts, readingIndex), and prints one that does only where every reading does.
 */
import { SIGNS } from '../../astro/zodiac.ts';

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The sign a placement's title names ("Sun in Virgo", "Virgo Rising"), if it is one. */
function placementSign(title: string) {
  const m = /^(?:[A-Z][a-z]+(?: Node)? in ([A-Z][a-z]+)|([A-Z][a-z]+) Rising)$/.exec(title);
  const name = m?.[1] ?? m?.[2];
  return SIGNS.find((s) => s.name === name);
}

/** The titles of the emphases (the library's balance entries, strong side) a sign counts toward. */
function emphasesOf(sign: (typeof SIGNS)[number]): string[] {
  return [`${capitalised(sign.element)} in the Foreground`, `${capitalised(sign.modality)} Energy in the Foreground`];
}

/** Whether one of two entries' titles is an emphasis the other, a placement, counts toward (in either order). */
export function countsToward(a: string, b: string): boolean {
  const member = (placement: string, emphasis: string) => {
    const sign = placementSign(placement);
    return sign !== undefined && emphasesOf(sign).includes(emphasis);
  };
  return member(a, b) || member(b, a);
}
