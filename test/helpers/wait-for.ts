/** Polling for a state that is written asynchronously: what tests wait for instead of sleeping. */

/** Resolves with the probe's first truthy value; fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(probe: () => T | Promise<T>, what: string, timeoutMs = 60_000, intervalMs = 100): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
