/**
 * A fixed number of places in the compute pool for one kind of work (export chunks): work beyond
 * them waits here, first come first served, instead of in the pool's queue ahead of everyone
 * else's tasks.
 */
export class ComputeSlots {
  private busy = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly size: number) {}

  /** Work waiting for a place. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Runs `work` in a place; `skip` is asked once the place is had (true: give it back unused). */
  async run<T>(work: () => Promise<T>, skip: () => Error | null = () => null): Promise<T> {
    if (this.busy < this.size) this.busy++;
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    try {
      const reason = skip();
      if (reason) throw reason;
      return await work();
    } finally {
      const next = this.queue.shift();
      // The place passes straight to the next in line.
      if (next) next();
      else this.busy--;
    }
  }
}
