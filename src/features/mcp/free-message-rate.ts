/**
 * MCP messages that spend nothing (`initialize`, `tools/list`, notifications) are not counted by
 * the shared rate-limit store, whose per-second window counts only requests that spend. Each of
 * them still builds an MCP server for its exchange, so a key could send them as fast as it likes.
 * Here they are counted per credential and second in this process, against the plan's per-second
 * limit (or FALLBACK_PER_SECOND for plans without one): enough for any client's handshake and
 * listings, not for a flood. Per process on purpose: it guards this process's event loop, and
 * costs no Redis round trip for requests that are otherwise free.
 */
import { growingCache } from '../../growing-cache.ts';

/** For plans without a per-second limit. */
const FALLBACK_PER_SECOND = 50;

export class FreeMessageRate {
  private readonly windows = growingCache<string, { second: number; count: number }>({ entries: 50_000 });

  /** True when the message may pass; counts it. */
  admit(credential: string, rpsLimit: number | null, nowMs = Date.now()): boolean {
    const second = Math.floor(nowMs / 1000);
    const window = this.windows.get(credential);
    if (!window || window.second !== second) {
      this.windows.set(credential, { second, count: 1 });
      return true;
    }
    window.count++;
    return window.count <= (rpsLimit ?? FALLBACK_PER_SECOND);
  }
}
