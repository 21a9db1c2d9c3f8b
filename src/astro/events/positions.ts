/**
 * Positions cached per (body, instant) for the duration of one search: grid samples are shared by
 * every function that involves a body, and root finders often come back to the same instants.
 */
import { bodyInfo } from '../bodies.ts';
import { calcBody, TROPICAL, type EclipticPosition, type ZodiacSetting } from '../ephemeris.ts';
import { EVENT_BODIES, type EventBodyId } from './event-bodies.ts';

const SE_NUMBER: Readonly<Record<EventBodyId, number>> = Object.fromEntries(EVENT_BODIES.map((id) => [id, bodyInfo(id).se!])) as Record<EventBodyId, number>;

export class PositionCache {
  private readonly byBody = new Map<EventBodyId, Map<number, EclipticPosition>>();
  /** Ephemeris calls made (cache misses). */
  calls = 0;

  constructor(readonly zodiac: ZodiacSetting = TROPICAL) {
    for (const id of EVENT_BODIES) this.byBody.set(id, new Map());
  }

  get(body: EventBodyId, jdUt: number): EclipticPosition {
    const map = this.byBody.get(body)!;
    let p = map.get(jdUt);
    if (p === undefined) {
      p = calcBody(jdUt, SE_NUMBER[body], this.zodiac);
      this.calls++;
      map.set(jdUt, p);
    }
    return p;
  }

  /** Holds a position computed elsewhere (at the same zodiac), as if this cache had asked for it. */
  hold(body: EventBodyId, jdUt: number, position: EclipticPosition): void {
    this.byBody.get(body)!.set(jdUt, position);
  }

  /** Copies the positions another cache holds at one instant (to carry state across scopes). */
  adopt(from: PositionCache, jdUt: number): void {
    for (const [body, map] of from.byBody) {
      const p = map.get(jdUt);
      if (p !== undefined) this.byBody.get(body)!.set(jdUt, p);
    }
  }

  /** Every instant held for a body with its position, in no particular order (for a table built on a search's samples). */
  samples(body: EventBodyId): IterableIterator<[number, EclipticPosition]> {
    return this.byBody.get(body)!.entries();
  }

  get size(): number {
    let n = 0;
    for (const m of this.byBody.values()) n += m.size;
    return n;
  }
}
