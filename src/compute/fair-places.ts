/**
 * A fixed number of places for heavy work, shared round-robin between callers: when a place
 * frees, it goes to the caller that has waited longest since it was last served, not to whoever
 * queued the most. One caller with a backlog therefore delays another by at most one task per
 * place, however long its backlog. With one caller it is a plain first-come queue of places: the
 * exports' compute slots (http/export-admission.ts).
 */
export class FairPlaces {
  private busy = 0;
  private queued = 0;
  /** Waiting work by caller; the map's order is the round (a caller just served goes to its end). */
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(
    private readonly places: number,
    /** Most tasks waiting at once, all callers together; beyond it `run` throws `overloaded()`. */
    private readonly maxWaiting: number,
    private readonly overloaded: () => Error,
  ) {}

  stats() {
    return { places: this.places, busy: this.busy, waiting: this.queued };
  }

  async run<T>(caller: string, work: () => Promise<T>): Promise<T> {
    if (this.busy < this.places) this.busy++;
    else {
      if (this.queued >= this.maxWaiting) throw this.overloaded();
      this.queued++;
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(caller);
        if (queue) queue.push(resolve);
        else this.waiting.set(caller, [resolve]);
      });
    }
    try {
      return await work();
    } finally {
      this.handOn();
    }
  }

  /** The freed place passes to the first caller of the round, who then goes to its end. */
  private handOn(): void {
    const first = this.waiting.entries().next();
    if (first.done) {
      this.busy--;
      return;
    }
    const [caller, queue] = first.value;
    const next = queue.shift()!;
    this.waiting.delete(caller);
    if (queue.length) this.waiting.set(caller, queue);
    this.queued--;
    next();
  }
}
