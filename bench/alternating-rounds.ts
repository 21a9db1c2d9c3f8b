/**
 * The rounds of a served comparison: every contender (a server, a configuration of one, a load)
 * runs once a round, so that the drift of a shared machine weighs on all alike. `warmUpRounds`
 * rounds come first and are not kept. The order is the same every round (`fixed`), or turned by
 * one each round (`rotated`: with two contenders every other round is reversed) so that none always
 * follows the same one's leftovers. What a run measures, and whether it settles after, is the
 * caller's `run`.
 */

export interface Round {
  /** 0-based over all rounds, warm-up ones included. */
  index: number;
  /** 1-based among the rounds of its kind (warm-up or kept). */
  number: number;
  warmUp: boolean;
}

export interface RoundsOptions<R> {
  rounds: number;
  /** Rounds run first and discarded (default 0). */
  warmUpRounds?: number;
  order: 'fixed' | 'rotated';
  /** After each round, warm-up ones included: its results in the contenders' order (a progress line). */
  afterRound?: (results: R[], round: Round) => void;
}

/** The kept results of each contender, in the contenders' order, one per round. */
export async function alternatingRounds<T, R>(
  contenders: readonly T[],
  run: (contender: T, index: number, round: Round) => Promise<R>,
  options: RoundsOptions<R>,
): Promise<R[][]> {
  const warmUpRounds = options.warmUpRounds ?? 0;
  const kept: R[][] = contenders.map(() => []);
  const indices = contenders.map((_, i) => i);
  for (let index = 0; index < warmUpRounds + options.rounds; index++) {
    const warmUp = index < warmUpRounds;
    const round: Round = { index, number: warmUp ? index + 1 : index + 1 - warmUpRounds, warmUp };
    // Rotated: the first kept round runs in the contenders' order.
    const n = contenders.length;
    const shift = options.order === 'rotated' && n > 0 ? (((index - warmUpRounds) % n) + n) % n : 0;
    const results: R[] = new Array<R>(contenders.length);
    for (const i of [...indices.slice(shift), ...indices.slice(0, shift)]) results[i] = await run(contenders[i]!, i, round);
    if (!warmUp) results.forEach((result, i) => kept[i]!.push(result));
    options.afterRound?.(results, round);
  }
  return kept;
}
