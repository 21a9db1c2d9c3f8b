/**
 * Whether this deployment can make reports now: a worker inside this process whose Chromium
 * printed the probe page, or a worker process that announced itself recently (a worker announces
 * itself only after that probe, and withdraws at once when it stops or its Chromium no longer
 * starts). The submit asks before reserving a credit; /readyz shows the answer.
 */
import { type DatabasePool } from 'slonik';
import { sql } from '../db/sql.ts';
import { z } from 'zod/v4';
import { CHROMIUM_INSTALL_HINT } from './pdf/chromium.ts';

export interface ReportAvailability {
  check(): Promise<{ ok: true } | { ok: false; detail: string }>;
}

export const RENDERER_NOT_READY = 'Reports are unavailable for the moment: the report renderer is not ready. No credit was taken; retry in a minute.';

/** The API process runs the worker itself (null: no Chromium was found): reports work while it can render. */
export function inProcessAvailability(worker: { readonly ready: boolean } | null): ReportAvailability {
  return {
    check: async () => {
      if (!worker) return { ok: false, detail: CHROMIUM_INSTALL_HINT };
      return worker.ready ? { ok: true } : { ok: false, detail: RENDERER_NOT_READY };
    },
  };
}

/** Separate worker processes: one must have announced itself within `freshSeconds`. */
export function externalAvailability(db: DatabasePool, freshSeconds: number): ReportAvailability {
  let cached: { at: number; ok: boolean } | null = null;
  return {
    async check() {
      if (!cached || Date.now() - cached.at > 2000) {
        const ok = await db.oneFirst(sql.type(z.object({ ok: z.boolean() }))`
          select exists (select 1 from report_workers where seen_at > now() - make_interval(secs => ${freshSeconds})) as ok`);
        cached = { at: Date.now(), ok };
      }
      return cached.ok
        ? { ok: true }
        : {
            ok: false,
            detail: `No report worker is running. Start one with \`npm run cli -- worker reports\` on a machine with headless Chromium. ${CHROMIUM_INSTALL_HINT}`,
          };
    },
  };
}
